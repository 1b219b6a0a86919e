import { COMMON_PASSWORD_MESSAGE, FORGOT_PASSWORD_MESSAGE, INVALID_RESET_LINK_MESSAGE, PASSWORD_RESET_MESSAGE } from '@tasklane/contract';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestEventStream } from '../../../test/event-stream.js';
import { buildSignedInUser, buildUser, signIn, type TestUser } from '../../../test/factories.js';
import { resetLinkIn, startMailbox, type Mailbox } from '../../../test/mailbox.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { emailOutbox, users } from '../../db/schema.js';
import { createResetToken } from './reset-tokens.js';

const NEW_PASSWORD = 'a-brand-new-secret-7';

/** What a forgot-password request answers, whoever asks about whatever email. */
const sameAnswer = { success: true, message: FORGOT_PASSWORD_MESSAGE };

async function outboxRowsTo(server: TestServer, address: string) {
  return server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, address));
}

/** Waits until every message in the outbox was sent (each is marked right after the SMTP server took it). */
async function outboxSent(server: TestServer) {
  for (;;) {
    const unsent = await server.database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(isNull(emailOutbox.sentAt));
    if (unsent.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('password reset by email', () => {
  let mailbox: Mailbox;
  let server: TestServer;

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer(
      {
        email: { smtpUrl: mailbox.smtpUrl, from: 'Tasklane <tasklane@example.com>' },
        passwordResetLimits: { perIp: 100_000, perEmail: 5, windowMs: 60 * 60_000 },
        authRateLimit: { perIp: 100_000, windowMs: 60_000 },
      },
      { emailSender: { pollMs: 200, retryBaseMs: 50 } },
    );
  });
  afterAll(async () => {
    await server?.close();
    await mailbox?.close();
  });

  async function askForLink(user: TestUser) {
    const response = await server.request('POST', '/api/v1/auth/forgot-password', { body: { email: user.email } });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual(sameAnswer);
    const message = await mailbox.nextTo(user.email);
    const link = resetLinkIn(message);
    server.auditSecret(link.searchParams.get('token')!);
    return { message, link, token: link.searchParams.get('token')! };
  }

  it('tells the sign-in screens that a forgotten password can be reset by email', async () => {
    const response = await server.request('GET', '/api/v1/auth/options');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { passwordResetByEmail: true } });
  });

  it('sends one email, to the account, with a link that sets a new password', async () => {
    const user = await buildUser(server, { email: `Reset.Me.${Date.now()}@Example.com` });
    const { message, link, token } = await askForLink({ ...user, email: user.email.toUpperCase() });

    expect(message.from?.value).toEqual([{ name: 'Tasklane', address: 'tasklane@example.com' }]);
    expect(message.subject).toBe('Reset your Tasklane password');
    expect(message.text).toContain(user.fullName);
    expect(message.html).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`);
    // No PUBLIC_URL here: the link names the address the request was sent to.
    expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/reset-password`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const reset = await server.request('POST', '/api/v1/auth/reset-password', { body: { token, password: NEW_PASSWORD } });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body).toEqual({ success: true, message: PASSWORD_RESET_MESSAGE });
    // Not signed in by the reset: no session cookie.
    expect(reset.headers.get('set-cookie')).toBeNull();

    expect((await server.request('POST', '/api/v1/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(401);
    expect((await server.request('POST', '/api/v1/auth/login', { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);

    // Exactly one message went, and the outbox no longer holds its link.
    await outboxSent(server);
    expect(mailbox.messages.filter((sent) => sent.to && [sent.to].flat()[0]!.text === user.email)).toHaveLength(1);
    const rows = await outboxRowsTo(server, user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attempts: 1, lastError: null, text: '', html: null });
    expect(rows[0]!.sentAt).not.toBeNull();
  });

  it('answers the same for an unknown email, and sends nothing', async () => {
    const unknown = `nobody-${Date.now()}@example.com`;
    const response = await server.request('POST', '/api/v1/auth/forgot-password', { body: { email: unknown } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(sameAnswer);
    expect(await outboxRowsTo(server, unknown)).toEqual([]);
    // A message asked for afterwards arrives: the unknown one, before it, never did.
    await askForLink(await buildUser(server));
    expect(mailbox.messages.some((message) => message.text?.includes(unknown))).toBe(false);
  });

  it('refuses an invalid email with 400 in the error envelope', async () => {
    for (const body of [{}, { email: '' }, { email: 'not-an-email' }, { email: 42 }]) {
      const response = await server.request('POST', '/api/v1/auth/forgot-password', { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', errors: [expect.objectContaining({ field: 'email' })] });
    }
  });

  it('a link works once', async () => {
    const user = await buildUser(server);
    const { token } = await askForLink(user);
    expect((await server.request('POST', '/api/v1/auth/reset-password', { body: { token, password: NEW_PASSWORD } })).status).toBe(200);
    const again = await server.request('POST', '/api/v1/auth/reset-password', { body: { token, password: 'yet-another-secret-9' } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: INVALID_RESET_LINK_MESSAGE });
    expect((await server.request('POST', '/api/v1/auth/login', { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it('a link expires after an hour', async () => {
    const user = await buildUser(server);
    const { token } = await askForLink(user);
    await server.database.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    const response = await server.request('POST', '/api/v1/auth/reset-password', { body: { token, password: NEW_PASSWORD } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(INVALID_RESET_LINK_MESSAGE);
    expect((await server.request('POST', '/api/v1/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(200);
  });

  it('an unknown or malformed token is refused the same way', async () => {
    for (const token of ['A'.repeat(43), 'not a token', 'x']) {
      const response = await server.request('POST', '/api/v1/auth/reset-password', { body: { token, password: NEW_PASSWORD } });
      expect(response.status, token).toBe(400);
      expect(response.body).toMatchObject({ success: false, message: INVALID_RESET_LINK_MESSAGE });
    }
  });

  it('a new password follows the registration rule, and a refused one leaves the link usable', async () => {
    const user = await buildUser(server);
    const { token } = await askForLink(user);
    const short = await server.request('POST', '/api/v1/auth/reset-password', { body: { token, password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'password', message: 'Password must be at least 8 characters' }] });
    const missing = await server.request('POST', '/api/v1/auth/reset-password', { body: { password: NEW_PASSWORD } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'token' })]);
    // A password change's rule too: not one of the most common passwords.
    const common = await server.request('POST', '/api/v1/auth/reset-password', { body: { token, password: 'password123' } });
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ message: COMMON_PASSWORD_MESSAGE, errors: [{ field: 'password', message: COMMON_PASSWORD_MESSAGE }] });
    expect((await server.request('POST', '/api/v1/auth/reset-password', { body: { token, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it('ends every session of the account and its live event streams', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    const other = await signIn(server, user);
    const stream = await openTestEventStream(server.url, other);
    await stream.ready();
    const { token } = await askForLink(user);

    expect((await server.request('POST', '/api/v1/auth/reset-password', { body: { token, password: NEW_PASSWORD } })).status).toBe(200);
    for (const session of [cookie, other]) expect((await server.request('GET', '/api/v1/users/me', { cookie: session })).status).toBe(401);
    while (!stream.ended()) await stream.next(1000);
    stream.close();
  });

  it('an earlier link stops working once another one was used', async () => {
    const user = await buildUser(server);
    const first = await askForLink(user);
    const second = await askForLink(user);
    expect((await server.request('POST', '/api/v1/auth/reset-password', { body: { token: second.token, password: NEW_PASSWORD } })).status).toBe(200);
    const stale = await server.request('POST', '/api/v1/auth/reset-password', { body: { token: first.token, password: 'yet-another-secret-9' } });
    expect(stale.status).toBe(400);
  });

  it('lifts the lockout of failed sign-ins from unknown browsers', async () => {
    const user = await buildUser(server);
    for (let attempt = 0; attempt < server.config.loginFailures.max; attempt += 1) {
      await server.request('POST', '/api/v1/auth/login', { body: { email: user.email, password: `wrong-password-${attempt}` } });
    }
    expect((await server.request('POST', '/api/v1/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(429);
    const { token } = await askForLink(user);
    expect((await server.request('POST', '/api/v1/auth/reset-password', { body: { token, password: NEW_PASSWORD } })).status).toBe(200);
    expect((await server.request('POST', '/api/v1/auth/login', { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it('a deactivated account gets no email, and its links are refused', async () => {
    const user = await buildUser(server);
    const token = await createResetToken(server.database.db, user.id);
    server.auditSecret(token);
    await server.database.db.execute(sql`update users set deactivated_at = now() where id = ${user.id}`);
    const [before] = await server.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));

    const asked = await server.request('POST', '/api/v1/auth/forgot-password', { body: { email: user.email } });
    expect(asked.body).toEqual(sameAnswer);
    expect(await outboxRowsTo(server, user.email)).toEqual([]);

    const reset = await server.request('POST', '/api/v1/auth/reset-password', { body: { token, password: NEW_PASSWORD } });
    expect(reset.status).toBe(403);
    expect(reset.body).toMatchObject({ success: false, code: 'FORBIDDEN', message: expect.stringMatching(/deactivated/) });
    const [after] = await server.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
  });

  it('limits requests per email, known or not, with Retry-After', async () => {
    for (const email of [(await buildUser(server)).email, `unknown-${Date.now()}@example.com`]) {
      for (let request = 0; request < 5; request += 1) {
        expect((await server.request('POST', '/api/v1/auth/forgot-password', { body: { email } })).status).toBe(200);
      }
      const refused = await server.request('POST', '/api/v1/auth/forgot-password', { body: { email } });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED', message: expect.stringMatching(/for this email/) });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('retries a message the SMTP server refused, and logs why without the link', async () => {
    const user = await buildUser(server);
    await outboxSent(server);
    mailbox.refuseNext(1);
    const { token } = await askForLink(user);
    await outboxSent(server);
    const [row] = await outboxRowsTo(server, user.email);
    expect(row).toMatchObject({ attempts: 2, lastError: null });
    expect(row!.sentAt).not.toBeNull();
    const failures = server.logs.filter((line) => line.includes('email could not be sent; will retry'));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.some((line) => line.includes('451'))).toBe(true);
    for (const line of server.logs) expect(line).not.toContain(token);
  });
});

describe('password reset without email', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('says so to the sign-in screens, answers forgot-password the same, and writes nothing to the outbox', async () => {
    expect((await server.request('GET', '/api/v1/auth/options')).body).toEqual({ success: true, data: { passwordResetByEmail: false } });
    const user = await buildUser(server);
    const response = await server.request('POST', '/api/v1/auth/forgot-password', { body: { email: user.email } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(sameAnswer);
    expect(await server.database.db.select().from(emailOutbox)).toEqual([]);
  });

  it('limits requests per client address', async () => {
    // A server of its own: the limit it reaches would refuse the other tests' requests.
    const limited = await startTestServer({ passwordResetLimits: { perIp: 3, perEmail: 100, windowMs: 60 * 60_000 } });
    try {
      const answers = [];
      for (let request = 0; request < 4; request += 1) {
        answers.push(await limited.request('POST', '/api/v1/auth/forgot-password', { body: { email: `someone-${request}@example.com` } }));
      }
      expect(answers.slice(0, 3).map((response) => response.status)).toEqual([200, 200, 200]);
      const refused = answers[3]!;
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED', message: expect.stringMatching(/from your network/) });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
