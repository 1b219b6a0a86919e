import { randomBytes } from 'node:crypto';
import { insertUser, type UserRow } from '../src/modules/users/users.repo.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { sessionCookieFrom, type TestServer } from './test-server.js';

export const DEFAULT_PASSWORD = 'correct-horse-42';

let passwordHash: Promise<string> | undefined;

export type TestUser = UserRow & { password: string };

/** A persisted user; every field can be overridden, the rest are unique. */
export async function buildUser(
  server: TestServer,
  overrides: Partial<{ username: string; fullName: string; email: string; password: string }> = {},
): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const hash =
    overrides.password === undefined ? await (passwordHash ??= hashPassword(DEFAULT_PASSWORD)) : await hashPassword(password);
  const user = await insertUser(server.database.db, {
    username: overrides.username ?? `user_${suffix}`,
    fullName: overrides.fullName ?? `Test User ${suffix}`,
    email: (overrides.email ?? `user_${suffix}@example.com`).toLowerCase(),
    passwordHash: hash,
  });
  return { ...user, password };
}

/** Signs in through the API and returns the cookie to send with later requests. */
export async function signIn(server: TestServer, user: { email: string; password: string }): Promise<string> {
  const response = await server.request('POST', '/api/v1/auth/login', {
    body: { email: user.email, password: user.password },
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  return sessionCookieFrom(response);
}

/** A persisted user already signed in. */
export async function buildSignedInUser(server: TestServer, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(server, overrides);
  return { user, cookie: await signIn(server, user) };
}
