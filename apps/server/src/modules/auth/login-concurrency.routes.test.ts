import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { startTestServer, type TestServer, type TestResponse } from '../../../test/test-server.js';

const LOGIN = '/api/v1/auth/login';
const MAX_FAILURES = 10;

const statusCounts = (responses: TestResponse[]) =>
  responses.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/**
 * The per-account limit holds when the guesses arrive all at once: each attempt reserves its
 * place in the window in one statement before the password is checked, so no more than the
 * limit is ever checked, on PGlite and on PostgreSQL alike.
 */
describe('per-account limit under concurrent guesses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      authRateLimit: { perIp: 100_000, windowMs: 60_000 },
      loginFailures: { max: MAX_FAILURES, maxPerIp: 100_000, windowMs: 900_000 },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const attempt = (email: string, password: string) => server.request('POST', LOGIN, { body: { email, password } });

  it('checks at most 10 of 50 concurrent wrong passwords, and then refuses a correct one hidden among 50 more', async () => {
    const victim = await buildUser(server);
    const guesses = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(victim.email, `wrong-password-${i}`)));
    // A 401 is a real password check; a 429 was refused before it.
    expect(statusCounts(guesses)).toEqual({ 401: MAX_FAILURES, 429: 50 - MAX_FAILURES });
    for (const response of guesses.filter(({ status }) => status === 429)) {
      expect(response.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    }

    const passwords = Array.from({ length: 50 }, (_, i) => (i === 37 ? victim.password : `wrong-again-${i}`));
    const more = await Promise.all(passwords.map((password) => attempt(victim.email, password)));
    expect(statusCounts(more)).toEqual({ 429: 50 });
    expect(more.some((response) => response.headers.get('set-cookie') !== null)).toBe(false);
  });

  it('a correct password among concurrent wrong ones signs in only if it was among the first 10 checked', async () => {
    const victim = await buildUser(server);
    const passwords = Array.from({ length: 60 }, (_, i) => (i === 59 ? victim.password : `wrong-password-${i}`));
    const responses = await Promise.all(passwords.map((password) => attempt(victim.email, password)));
    const counts = statusCounts(responses);
    // Without the right one being checked: exactly 10 checks. With it: its success resets the
    // window, so at most 10 wrong ones were checked before it and 10 after.
    const signedIn = counts[200] ?? 0;
    expect(signedIn).toBeLessThanOrEqual(1);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(signedIn ? 2 * MAX_FAILURES : MAX_FAILURES);
    expect((counts[401] ?? 0) + (counts[429] ?? 0) + signedIn).toBe(60);
  });
});
