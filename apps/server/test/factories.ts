import { randomBytes } from 'node:crypto';
import type { Category, Todo } from '@tasklane/contract';
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

/** A unique, valid body for POST /api/v1/auth/register; any field can be overridden. */
export function buildRegistration(
  overrides: Partial<{ username: string; fullName: string; email: string; password: string }> = {},
) {
  const suffix = randomBytes(4).toString('hex');
  return {
    username: `reg_${suffix}`,
    fullName: `Reg User ${suffix}`,
    email: `reg_${suffix}@example.com`,
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
}

/** The raw token inside a "tasklane_session=..." cookie pair. */
export function tokenFromCookie(cookie: string): string {
  return decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
}

let categorySequence = 0;

/** A category made through the API for the signed-in user of `cookie`; unique slug unless given. */
export async function buildCategory(
  server: TestServer,
  cookie: string,
  overrides: Partial<{ name: string; slug: string; type: string; color: string; workspaceId: string | null }> = {},
): Promise<Category> {
  categorySequence += 1;
  const suffix = `${randomBytes(3).toString('hex')}-${categorySequence}`;
  const response = await server.request('POST', '/api/v1/categories', {
    cookie,
    body: { name: `Category ${suffix}`, slug: `category-${suffix}`, type: 'TODO', ...overrides },
  });
  if (response.status !== 201) throw new Error(`buildCategory failed: ${response.status} ${response.text}`);
  return response.body.data as Category;
}

/** A todo made through the API; makes a category of the caller's when none is given. */
export async function buildTodo(
  server: TestServer,
  cookie: string,
  overrides: Record<string, unknown> = {},
): Promise<Todo> {
  const category = 'category' in overrides ? overrides.category : (await buildCategory(server, cookie))._id;
  const response = await server.request('POST', '/api/v1/todos', {
    cookie,
    body: { title: 'A todo', ...overrides, category },
  });
  if (response.status !== 201) throw new Error(`buildTodo failed: ${response.status} ${response.text}`);
  return response.body.todo as Todo;
}
