import { DEACTIVATED_ACCOUNT_MESSAGE } from '@tasklane/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCategory,
  buildComment,
  buildFeature,
  buildProject,
  buildSignedInAdmin,
  buildSignedInUser,
  buildTask,
  buildTodo,
  buildUser,
  signIn,
  type SignedInUser,
} from '../../../test/factories.js';
import { openTestEventStream } from '../../../test/event-stream.js';
import { apiTestConfig } from '../../../test/scene.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { buildTwoFactorUser } from '../../../test/two-factor.js';

/** The administrator's users: the list, making administrators, deactivating and deleting accounts (issue 16). */

let server: TestServer;
let admin: SignedInUser;
let user: SignedInUser;

beforeAll(async () => {
  server = await startTestServer(apiTestConfig({ loginFailures: { max: 1_000, maxPerIp: 1_000, windowMs: 60_000 } }));
  admin = await buildSignedInAdmin(server, { fullName: 'Ada Admin' });
  user = await buildSignedInUser(server, { fullName: 'Ursula User' });
});
afterAll(async () => {
  await server?.close();
});

const me = async (cookie: string) => server.request('GET', '/api/v1/users/me', { cookie });
const put = (id: string, body: unknown, cookie = admin.cookie) => server.request('PUT', `/api/v1/admin/users/${id}`, { cookie, body });

describe('who may call the admin API', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/v1/admin/users'],
    ['PUT', '/api/v1/admin/users/00000000-0000-4000-8000-000000000000', { isAdmin: true }],
    ['DELETE', '/api/v1/admin/users/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/v1/admin/settings'],
    ['PUT', '/api/v1/admin/settings', { registration: 'closed' }],
    ['GET', '/api/v1/admin/invites'],
    ['POST', '/api/v1/admin/invites', {}],
    ['DELETE', '/api/v1/admin/invites/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/v1/admin/instance'],
  ];

  it.each(routes)('%s %s: 401 signed out, 403 for a signed-in user who is not an administrator (even with a bad body)', async (method, path, body) => {
    const signedOut = await server.request(method, path, { body });
    expect(signedOut.status).toBe(401);
    const notAdmin = await server.request(method, path, { cookie: user.cookie, body: body === undefined ? undefined : { nonsense: 1, registration: 7 } });
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body).toEqual({ success: false, code: 'FORBIDDEN', message: 'Only an administrator of this instance can do this.' });
  });
});

describe('GET /admin/users', () => {
  it('lists accounts a page at a time, by name, with what an administrator needs to see', async () => {
    const response = await server.request('GET', '/api/v1/admin/users?limit=1', { cookie: admin.cookie });
    expect(response.status, response.text).toBe(200);
    expect(response.body.total).toBeGreaterThanOrEqual(2);
    expect(response.body.pagination).toEqual({ total: response.body.total, page: 1, limit: 1 });
    expect(response.body.data).toHaveLength(1);
    const row = response.body.data[0];
    expect(Object.keys(row).sort()).toEqual(
      ['_id', 'avatar', 'createdAt', 'deactivated', 'email', 'fullName', 'isAdmin', 'lastSeenAt', 'twoFactorEnabled', 'username'].sort(),
    );
    expect(JSON.stringify(response.body)).not.toMatch(/password|totp/i);
  });

  it('searches name, username and email, any case, wildcards taken literally', async () => {
    const target = await buildUser(server, { fullName: 'Zelda Searchable', username: `zs_${Date.now()}`, email: `needle_${Date.now()}@example.com` });
    for (const search of ['zelda search', target.username.toUpperCase(), 'NEEDLE_']) {
      const response = await server.request('GET', `/api/v1/admin/users?search=${encodeURIComponent(search)}`, { cookie: admin.cookie });
      expect(response.body.data.map((row: { _id: string }) => row._id), search).toEqual([target.id]);
      expect(response.body.total).toBe(1);
    }
    const none = await server.request('GET', '/api/v1/admin/users?search=%25', { cookie: admin.cookie });
    expect(none.body).toMatchObject({ data: [], total: 0, pagination: { total: 0, page: 1, limit: 20 } });
  });

  it('answers a page past the end with no rows and the right totals', async () => {
    const response = await server.request('GET', '/api/v1/admin/users?page=500&limit=100', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
    expect(response.body.total).toBeGreaterThanOrEqual(2);
    expect(response.body.pagination.page).toBe(500);
  });

  it('refuses bad paging with 400 and the field', async () => {
    const response = await server.request('GET', '/api/v1/admin/users?limit=0', { cookie: admin.cookie });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].field).toBe('limit');
  });

  it('shows when someone was last seen', async () => {
    const response = await server.request('GET', `/api/v1/admin/users?search=${encodeURIComponent(user.user.email)}`, { cookie: admin.cookie });
    expect(response.body.data[0].lastSeenAt).toEqual(expect.any(String));
  });
});

describe('PUT /admin/users/{id}', () => {
  it('makes an administrator, who then can use the admin API, and removes one', async () => {
    const other = await buildSignedInUser(server);
    const made = await put(other.user.id, { isAdmin: true });
    expect(made.status, made.text).toBe(200);
    expect(made.body.data).toMatchObject({ _id: other.user.id, isAdmin: true, deactivated: false });
    expect((await me(other.cookie)).body.data.isAdmin).toBe(true);
    expect((await server.request('GET', '/api/v1/admin/settings', { cookie: other.cookie })).status).toBe(200);
    const removed = await put(other.user.id, { isAdmin: false }, other.cookie);
    expect(removed.body.data.isAdmin).toBe(false);
    expect((await server.request('GET', '/api/v1/admin/settings', { cookie: other.cookie })).status).toBe(403);
  });

  it('keeps the last administrator: cannot be demoted, deactivated or deleted (409)', async () => {
    const lone = await startTestServer(apiTestConfig());
    try {
      const only = await buildSignedInAdmin(lone);
      for (const [method, body] of [
        ['PUT', { isAdmin: false }],
        ['PUT', { deactivated: true }],
        ['DELETE', undefined],
      ] as const) {
        const response = await lone.request(method, `/api/v1/admin/users/${only.user.id}`, { cookie: only.cookie, body });
        expect(response.status, `${method} ${JSON.stringify(body)}`).toBe(409);
        expect(response.body.message).toBe('This is the last administrator of this instance: make someone else an administrator first.');
      }
      // With a second administrator, the first may step down.
      const second = await buildSignedInAdmin(lone);
      expect((await lone.request('PUT', `/api/v1/admin/users/${only.user.id}`, { cookie: only.cookie, body: { isAdmin: false } })).status).toBe(200);
      // Now the second is the last.
      expect((await lone.request('PUT', `/api/v1/admin/users/${second.user.id}`, { cookie: second.cookie, body: { isAdmin: false } })).status).toBe(409);
    } finally {
      await lone.close();
    }
  });

  it('two administrators demoting each other at once leave exactly one', async () => {
    const lone = await startTestServer(apiTestConfig());
    try {
      const [a, b] = await Promise.all([buildSignedInAdmin(lone), buildSignedInAdmin(lone)]);
      const [first, second] = await Promise.all([
        lone.request('PUT', `/api/v1/admin/users/${b.user.id}`, { cookie: a.cookie, body: { isAdmin: false } }),
        lone.request('PUT', `/api/v1/admin/users/${a.user.id}`, { cookie: b.cookie, body: { isAdmin: false } }),
      ]);
      // One wins; the loser either finds itself no longer an administrator (403) or the last one (409).
      expect([first.status, second.status].sort()).toEqual([200, expect.any(Number)].sort());
      expect([first.status, second.status].filter((status) => status === 200)).toHaveLength(1);
      const admins = await Promise.all([a, b].map((caller) => lone.request('GET', '/api/v1/users/me', { cookie: caller.cookie })));
      expect(admins.filter((response) => response.body.data.isAdmin)).toHaveLength(1);
    } finally {
      await lone.close();
    }
  });

  it('deactivating ends the sessions at once, open event streams included; sign-in is refused with 403 only after the right password', async () => {
    const target = await buildSignedInUser(server);
    const stream = await openTestEventStream(server.url, target.cookie);
    await stream.ready();
    try {
      const response = await put(target.user.id, { deactivated: true });
      expect(response.status, response.text).toBe(200);
      expect(response.body.data).toMatchObject({ deactivated: true, isAdmin: false });
      expect((await me(target.cookie)).status).toBe(401);
      await expect.poll(() => stream.ended(), { timeout: 5_000 }).toBe(true);
    } finally {
      stream.close();
    }
    const wrong = await server.request('POST', '/api/v1/auth/login', { body: { email: target.user.email, password: 'not-the-password-1' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    const right = await server.request('POST', '/api/v1/auth/login', { body: { email: target.user.email, password: target.user.password } });
    expect(right.status).toBe(403);
    expect(right.body).toEqual({ success: false, code: 'FORBIDDEN', message: DEACTIVATED_ACCOUNT_MESSAGE });
    expect(right.headers.get('set-cookie') ?? '').not.toMatch(/tasklane_session=[^;]/);

    // Still listed, marked deactivated; reactivated, they sign in again.
    const listed = await server.request('GET', `/api/v1/admin/users?search=${encodeURIComponent(target.user.email)}`, { cookie: admin.cookie });
    expect(listed.body.data[0].deactivated).toBe(true);
    expect((await put(target.user.id, { deactivated: false })).body.data.deactivated).toBe(false);
    expect((await me(await signIn(server, target.user))).status).toBe(200);
  });

  it('answers 404 for an unknown account and 400 for a bad body or id', async () => {
    expect((await put('00000000-0000-4000-8000-000000000000', { isAdmin: true })).status).toBe(404);
    const badBody = await put(user.user.id, { isAdmin: 'yes' });
    expect(badBody.status).toBe(400);
    expect(badBody.body.errors[0]).toEqual({ field: 'isAdmin', message: 'isAdmin must be true or false' });
    expect((await put('not-a-uuid', { isAdmin: true })).status).toBe(400);
  });

  it('turns off the two-factor sign-in of someone who lost their authenticator and recovery codes; it cannot turn it on', async () => {
    const locked = await buildTwoFactorUser(server);
    expect((await server.request('POST', '/api/v1/auth/login', { body: { email: locked.user.email, password: locked.user.password } })).body.data).toEqual({
      twoFactorRequired: true,
    });
    const on = await put(locked.user.id, { twoFactorEnabled: true });
    expect(on.status).toBe(400);
    expect(on.body.errors[0]).toMatchObject({ field: 'twoFactorEnabled' });
    const off = await put(locked.user.id, { twoFactorEnabled: false });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ _id: locked.user.id, twoFactorEnabled: false });
    // The password alone signs in again, and the old recovery codes are gone with the key.
    const login = await server.request('POST', '/api/v1/auth/login', { body: { email: locked.user.email, password: locked.user.password } });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ _id: locked.user.id });
    const codes = await server.database.db.execute(sql`select count(*)::int as n from recovery_codes where user_id = ${locked.user.id}`);
    expect(JSON.stringify(codes)).toContain('"n":0');
  });
});

describe('DELETE /admin/users/{id}', () => {
  it('scrubs the account to "Deleted user", ends its sessions, removes its todos, categories and memberships, keeps what it wrote', async () => {
    const owner = await buildSignedInUser(server);
    const leaving = await buildSignedInUser(server, { fullName: 'Leaving Person' });
    const project = await buildProject(server, owner.cookie, { members: [{ userId: leaving.user.id, role: 'MEMBER' }] });
    const feature = await buildFeature(server, owner.cookie, project._id);
    const task = await buildTask(server, leaving.cookie, feature._id);
    await buildComment(server, leaving.cookie, task._id, 'Written before leaving');
    const category = await buildCategory(server, leaving.cookie);
    await buildTodo(server, leaving.cookie, { category: category._id });

    const response = await server.request('DELETE', `/api/v1/admin/users/${leaving.user.id}`, { cookie: admin.cookie });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'User deleted' });

    expect((await me(leaving.cookie)).status).toBe(401);
    const login = await server.request('POST', '/api/v1/auth/login', { body: { email: leaving.user.email, password: leaving.user.password } });
    expect(login.status).toBe(401);
    // The email and username are free again.
    const again = await server.request('POST', '/api/v1/auth/register', {
      body: { username: leaving.user.username, fullName: 'Someone New', email: leaving.user.email, password: 'another-pass-42' },
    });
    expect(again.status, again.text).toBe(201);

    const comments = await server.request('GET', `/api/v1/tasks/${task._id}/comments`, { cookie: owner.cookie });
    expect(comments.body.data[0].userId).toMatchObject({ _id: leaving.user.id, fullName: 'Deleted user' });
    expect(JSON.stringify(comments.body)).not.toContain(leaving.user.email);
    const members = await server.request('GET', `/api/v1/projects/${project._id}/members`, { cookie: owner.cookie });
    expect(members.body.data.map((member: { userId: { _id: string } }) => member.userId._id)).not.toContain(leaving.user.id);
    const rows = await server.database.db.execute(
      sql`select (select count(*)::int from todos where owner_id = ${leaving.user.id}) as todos, (select count(*)::int from categories where owner_id = ${leaving.user.id}) as categories`,
    );
    expect((rows as unknown as Array<Record<string, number>>)[0]).toEqual({ todos: 0, categories: 0 });

    // No longer listed; a second delete finds nothing.
    const listed = await server.request('GET', `/api/v1/admin/users?search=Leaving`, { cookie: admin.cookie });
    expect(listed.body.data).toEqual([]);
    expect((await server.request('DELETE', `/api/v1/admin/users/${leaving.user.id}`, { cookie: admin.cookie })).status).toBe(404);
  });

  it('refuses (409, listing them) while the account is the last ADMIN of projects with other members', async () => {
    const keeper = await buildSignedInUser(server);
    const colleague = await buildUser(server);
    await buildProject(server, keeper.cookie, { name: 'Apollo', members: [{ userId: colleague.id, role: 'MEMBER' }] });
    await buildProject(server, keeper.cookie, { name: 'Solo' });
    const response = await server.request('DELETE', `/api/v1/admin/users/${keeper.user.id}`, { cookie: admin.cookie });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('This account is the last ADMIN of a project with other members: Apollo. Make another member ADMIN there first.');
    expect(response.body.errors).toEqual([{ field: 'projects', message: 'Apollo' }]);
    expect((await me(keeper.cookie)).status).toBe(200);
  });
});
