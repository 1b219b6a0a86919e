import { registrationRefusals } from '@tasklane/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildRegistration, buildSignedInAdmin, buildSignedInUser, type SignedInUser } from '../../../test/factories.js';
import { apiTestConfig } from '../../../test/scene.js';
import { sessionCookieFrom, startTestServer, type TestServer } from '../../../test/test-server.js';

/** Who may register (open, invite, closed), invites, and the first account's administration (issue 16). */

let server: TestServer;
let admin: SignedInUser;

beforeAll(async () => {
  server = await startTestServer(apiTestConfig());
  admin = await buildSignedInAdmin(server);
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await setRegistration('open');
});

async function setRegistration(registration: string) {
  const response = await server.request('PUT', '/api/v1/admin/settings', { cookie: admin.cookie, body: { registration } });
  expect(response.status, response.text).toBe(200);
  expect(response.body).toEqual({ success: true, data: { registration }, message: 'Settings saved' });
}

async function makeInvite(body: Record<string, unknown> = {}) {
  const response = await server.request('POST', '/api/v1/admin/invites', { cookie: admin.cookie, body });
  expect(response.status, response.text).toBe(201);
  const url = new URL(response.body.data.url as string);
  return { id: response.body.data._id as string, url, token: url.searchParams.get('invite')! };
}

const register = (overrides: Record<string, unknown> = {}) => server.request('POST', '/api/v1/auth/register', { body: { ...buildRegistration(), ...overrides } });

function expectRefused(response: Awaited<ReturnType<typeof register>>, message: string) {
  expect(response.status, response.text).toBe(403);
  expect(response.body).toEqual({ success: false, code: 'FORBIDDEN', message });
}

describe('settings', () => {
  it('reads and saves who may register; anything else is 400', async () => {
    expect((await server.request('GET', '/api/v1/admin/settings', { cookie: admin.cookie })).body.data).toEqual({ registration: 'open' });
    await setRegistration('invite');
    expect((await server.request('GET', '/api/v1/admin/settings', { cookie: admin.cookie })).body.data).toEqual({ registration: 'invite' });
    const bad = await server.request('PUT', '/api/v1/admin/settings', { cookie: admin.cookie, body: { registration: 'sometimes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'registration', message: 'registration must be open, invite or closed' }]);
  });

  it('tells the register page, signed out, who may register', async () => {
    await setRegistration('closed');
    const response = await server.request('GET', '/api/v1/auth/registration');
    expect(response.body).toEqual({ success: true, data: { registration: 'closed' } });
    const invite = await makeInvite({ email: 'Pat@Example.com' });
    const withInvite = await server.request('GET', `/api/v1/auth/registration?invite=${invite.token}`);
    expect(withInvite.body.data).toEqual({ registration: 'closed', invite: { status: 'pending', email: 'pat@example.com' } });
    const unknown = await server.request('GET', '/api/v1/auth/registration?invite=nonsense');
    expect(unknown.body.data.invite).toEqual({ status: 'unknown', email: null });
    // The token never reaches a log line, even from a URL.
    expect(server.logs.some((line) => line.includes(invite.token))).toBe(false);
  });
});

describe('registration modes', () => {
  it('open: registers exactly as the spec says, with or without an invite token', async () => {
    expect((await register()).status).toBe(201);
    expect((await register({ inviteToken: 'not-a-real-token' })).status).toBe(201);
  });

  it('closed: 403 with a clear message, before any duplicate check', async () => {
    await setRegistration('closed');
    expectRefused(await register(), registrationRefusals.closed);
    expectRefused(await register({ email: admin.user.email }), registrationRefusals.closed);
    expect(registrationRefusals.closed).toBe('Registration is closed on this instance. Ask an administrator for an invite.');
  });

  it('invite: 403 without an invite, 201 with one, and the invite works once', async () => {
    await setRegistration('invite');
    expectRefused(await register(), 'Registration needs an invite link from an administrator.');
    const invite = await makeInvite();
    const first = await register({ inviteToken: invite.token });
    expect(first.status, first.text).toBe(201);
    expectRefused(await register({ inviteToken: invite.token }), 'This invite has already been used.');
    expectRefused(await register({ inviteToken: 'x'.repeat(43) }), registrationRefusals.inviteUnknown);
    const listed = await server.request('GET', '/api/v1/admin/invites', { cookie: admin.cookie });
    expect(listed.body.data.find((row: { _id: string }) => row._id === invite.id)).toMatchObject({ status: 'used', usedAt: expect.any(String) });
  });

  it('an invite works when registration is closed too', async () => {
    await setRegistration('closed');
    const invite = await makeInvite();
    expect((await register({ inviteToken: invite.token })).status).toBe(201);
  });

  it('an expired invite is refused as expired; a revoked one as revoked', async () => {
    await setRegistration('invite');
    const expired = await makeInvite({ expiresAt: '2999-01-01' });
    await server.database.db.execute(sql`update invites set expires_at = now() - interval '1 minute' where id = ${expired.id}`);
    expectRefused(await register({ inviteToken: expired.token }), 'This invite has expired.');
    const revoked = await makeInvite();
    expect((await server.request('DELETE', `/api/v1/admin/invites/${revoked.id}`, { cookie: admin.cookie })).status).toBe(200);
    expectRefused(await register({ inviteToken: revoked.token }), registrationRefusals.inviteRevoked);
  });

  it('an invite made for an email registers only that email', async () => {
    await setRegistration('invite');
    const invite = await makeInvite({ email: 'invited.person@example.com' });
    expectRefused(await register({ inviteToken: invite.token, email: 'someone.else@example.com' }), 'This invite is for another email address.');
    expect((await register({ inviteToken: invite.token, email: 'Invited.Person@example.com' })).status).toBe(201);
  });

  it('two registrations with one invite at once: exactly one wins', async () => {
    await setRegistration('invite');
    const invite = await makeInvite();
    const responses = await Promise.all([register({ inviteToken: invite.token }), register({ inviteToken: invite.token }), register({ inviteToken: invite.token })]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 403, 403]);
    for (const refused of responses.filter((response) => response.status === 403)) {
      expect(refused.body.message).toBe('This invite has already been used.');
    }
  });

  it('a registration whose invite is refused leaves no account behind', async () => {
    await setRegistration('invite');
    const invite = await makeInvite();
    await register({ inviteToken: invite.token });
    const body = buildRegistration();
    await register({ ...body, inviteToken: invite.token });
    await setRegistration('open');
    expect((await register(body)).status).toBe(201);
  });
});

describe('invites', () => {
  it('answers the link once: <origin>/register?invite=<token>; the list shows the invite, never the token', async () => {
    const invite = await makeInvite({ email: 'list.me@example.com', expiresAt: '2999-12-31' });
    expect(invite.url.origin).toBe(server.url);
    expect(invite.url.pathname).toBe('/register');
    expect(invite.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const listed = await server.request('GET', '/api/v1/admin/invites', { cookie: admin.cookie });
    expect(listed.text).not.toContain(invite.token);
    expect(listed.body.data[0]).toEqual({
      _id: invite.id,
      email: 'list.me@example.com',
      createdAt: expect.any(String),
      expiresAt: '2999-12-31T23:59:59.999Z',
      usedAt: null,
      status: 'pending',
    });
  });

  it('refuses an expiry in the past or a bad email with 400', async () => {
    for (const body of [{ expiresAt: '2001-01-01' }, { expiresAt: 'tomorrow' }, { email: 'not-an-email' }]) {
      const response = await server.request('POST', '/api/v1/admin/invites', { cookie: admin.cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('revokes: twice is fine, a used invite is 409, an unknown one 404', async () => {
    const invite = await makeInvite();
    const revoke = (id: string) => server.request('DELETE', `/api/v1/admin/invites/${id}`, { cookie: admin.cookie });
    expect((await revoke(invite.id)).body).toEqual({ success: true, message: 'Invite revoked' });
    expect((await revoke(invite.id)).status).toBe(200);
    const used = await makeInvite();
    await register({ inviteToken: used.token });
    const refused = await revoke(used.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This invite has already been used.');
    expect((await revoke('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('instance facts', () => {
  it('answers the version, the database, counts and attachment storage', async () => {
    const response = await server.request('GET', '/api/v1/admin/instance', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      version: expect.any(String),
      database: { kind: expect.stringMatching(/^(embedded|postgres)$/), version: expect.stringMatching(/^\d+/), description: expect.stringContaining('PostgreSQL') },
      counts: { users: expect.any(Number), projects: 0, tasks: 0 },
      attachmentBytes: 0,
    });
    expect(response.body.data.counts.users).toBeGreaterThanOrEqual(1);
  });
});

describe('the first account', () => {
  async function isAdmin(fresh: TestServer, body: { email: string; password: string }) {
    const login = await fresh.request('POST', '/api/v1/auth/login', { body: { email: body.email, password: body.password } });
    return (await fresh.request('GET', '/api/v1/users/me', { cookie: sessionCookieFrom(login) })).body.data.isAdmin as boolean;
  }

  it('is the administrator, even when two register at once; later ones are not', async () => {
    const fresh = await startTestServer(apiTestConfig());
    try {
      const bodies = [buildRegistration(), buildRegistration(), buildRegistration()];
      const responses = await Promise.all(bodies.map((body) => fresh.request('POST', '/api/v1/auth/register', { body })));
      expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
      const flags = await Promise.all(bodies.map((body) => isAdmin(fresh, body)));
      expect(flags.filter(Boolean)).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('gets in even when registration was closed before anyone registered; the setting holds after it', async () => {
    const fresh = await startTestServer(apiTestConfig());
    try {
      await fresh.database.db.execute(sql`update instance_settings set registration = 'closed'`);
      expect((await fresh.request('GET', '/api/v1/auth/registration')).body.data).toEqual({ registration: 'open' });
      const first = buildRegistration();
      expect((await fresh.request('POST', '/api/v1/auth/register', { body: first })).status).toBe(201);
      expect(await isAdmin(fresh, first)).toBe(true);
      const second = await fresh.request('POST', '/api/v1/auth/register', { body: buildRegistration() });
      expect(second.status).toBe(403);
      expect(second.body.message).toBe(registrationRefusals.closed);
    } finally {
      await fresh.close();
    }
  });

  it('a plain user is not an administrator', async () => {
    const { cookie } = await buildSignedInUser(server);
    expect((await server.request('GET', '/api/v1/users/me', { cookie })).body.data.isAdmin).toBe(false);
  });
});
