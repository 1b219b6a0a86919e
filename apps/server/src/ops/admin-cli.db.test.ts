import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistration, buildSignedInUser, type SignedInUser } from '../../test/factories.js';
import { cliTimeout, runCli } from '../../test/backup-scene.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { buildTwoFactorUser } from '../../test/two-factor.js';
import { useResetToken } from '../modules/password-reset/reset-tokens.js';

/**
 * `npm run admin -- ...` (issue 16), run as the README says (the same command line as backup and
 * restore) against the database a running app serves.
 */

type CliFailure = { code: number; stdout: string; stderr: string };

async function admin(server: TestServer, args: string[], env: Record<string, string> = {}) {
  return runCli(['admin', ...args], { DATABASE_URL: server.databaseUrl!, PORT: '4321', PUBLIC_URL: '', ...env });
}

async function adminFails(server: TestServer, args: string[]): Promise<CliFailure> {
  try {
    await admin(server, args);
  } catch (error) {
    return error as CliFailure;
  }
  throw new Error(`npm run admin -- ${args.join(' ')} succeeded`);
}

describe('npm run admin', cliTimeout, () => {
  let server: TestServer;
  let person: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer();
    person = await buildSignedInUser(server, { fullName: 'Locked Out' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reset-password prints a working single-use link, at http://localhost:<PORT> with a note when PUBLIC_URL is not set', async () => {
    const { stdout } = await admin(server, ['reset-password', person.user.email.toUpperCase()]);
    expect(stdout).toContain(`A password-reset link for Locked Out <${person.user.email}>`);
    const url = new URL(/(http\S+)/.exec(stdout)![1]!);
    expect(url.origin).toBe('http://localhost:4321');
    expect(url.pathname).toBe('/reset-password');
    expect(stdout).toContain('PUBLIC_URL is not set');
    const token = url.searchParams.get('token')!;
    expect(await useResetToken(server.database.db, token)).toBe(person.user.id);
    expect(await useResetToken(server.database.db, token)).toBeUndefined();
  });

  it('reset-password starts the link with PUBLIC_URL when it is set', async () => {
    const { stdout } = await admin(server, ['reset-password', person.user.email], { PUBLIC_URL: 'https://tasks.example.com' });
    expect(stdout).toMatch(/https:\/\/tasks\.example\.com\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(stdout).not.toContain('PUBLIC_URL is not set');
  });

  it('make-admin makes an administrator, who then sees the admin API', async () => {
    expect((await server.request('GET', '/api/v1/admin/settings', { cookie: person.cookie })).status).toBe(403);
    const { stdout } = await admin(server, ['make-admin', person.user.email]);
    expect(stdout.trim()).toBe(`Locked Out <${person.user.email}> is now an administrator.`);
    expect((await server.request('GET', '/api/v1/users/me', { cookie: person.cookie })).body.data.isAdmin).toBe(true);
    expect((await server.request('GET', '/api/v1/admin/settings', { cookie: person.cookie })).status).toBe(200);
  });

  it('disable-2fa turns off the two-factor sign-in of someone who lost their authenticator and recovery codes', async () => {
    const locked = await buildTwoFactorUser(server);
    const { stdout } = await admin(server, ['disable-2fa', locked.user.email]);
    expect(stdout.trim()).toBe(`${locked.user.fullName} <${locked.user.email}> no longer needs a code to sign in: two-factor sign-in is off (they can turn it on again in Settings).`);
    const login = await server.request('POST', '/api/v1/auth/login', { body: { email: locked.user.email, password: locked.user.password } });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ _id: locked.user.id });
    expect((await admin(server, ['disable-2fa', locked.user.email])).stdout.trim()).toBe(`${locked.user.fullName} <${locked.user.email}> did not have two-factor sign-in on.`);
  });

  it('registration closes and opens registration', async () => {
    expect((await admin(server, ['registration', 'closed'])).stdout.trim()).toBe('Registration is now closed: registration is closed (invite links still work).');
    const refused = await server.request('POST', '/api/v1/auth/register', { body: buildRegistration() });
    expect(refused.status).toBe(403);
    await admin(server, ['registration', 'open']);
    expect((await server.request('POST', '/api/v1/auth/register', { body: buildRegistration() })).status).toBe(201);
  });

  it('says which email is unknown, and shows the usage for wrong arguments; both exit with 1', async () => {
    const unknown = await adminFails(server, ['make-admin', 'nobody@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('No account has the email nobody@example.com.');
    for (const args of [[], ['make-admin'], ['registration', 'sometimes'], ['promote', 'a@b.co'], ['make-admin', 'a@b.co', 'extra']]) {
      const wrong = await adminFails(server, args);
      expect(wrong.code, args.join(' ')).toBe(1);
      expect(wrong.stderr).toContain('npm run admin -- reset-password <email>');
    }
  });

  it('prints the usage for --help and -h, and exits with 0', async () => {
    for (const flag of ['--help', '-h']) {
      const help = await admin(server, [flag]);
      expect(help.stdout, flag).toContain('npm run admin -- reset-password <email>');
      expect(help.stdout, flag).toContain('npm run admin -- registration <open|invite|closed>');
    }
  });
});
