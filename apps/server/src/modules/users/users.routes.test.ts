import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProjectMember,
  buildProject,
  buildRegistration,
  buildSignedInUser,
  buildUser,
  buildWorkspace,
  type TestUser,
} from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

const USERS = '/api/v1/users';
const USER_KEYS = ['_id', 'avatar', 'createdAt', 'email', 'fullName', 'username'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ authRateLimit: { perIp: 10_000, windowMs: 60_000 } });
});
afterAll(async () => {
  await server.close();
});

const publicFields = (user: TestUser) => ({
  _id: user.id,
  username: user.username,
  fullName: user.fullName,
  email: user.email,
  avatar: null,
  createdAt: user.createdAt.toISOString(),
});

async function listedIds(cookie: string): Promise<string[]> {
  const response = await server.request('GET', USERS, { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.data.map((user: { _id: string }) => user._id);
}

describe('GET /api/v1/users: signed out', () => {
  it('answers 401 when signed out, lookups included', async () => {
    for (const path of [USERS, `${USERS}?email=someone@example.com`, `${USERS}?email=x&username=y`]) {
      const response = await server.request('GET', path);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, message: expect.any(String), code: 'UNAUTHORIZED' });
    }
  });

  it('answers 401 for a garbage cookie', async () => {
    const response = await server.request('GET', USERS, { cookie: 'tasklane_session=nope' });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });
});

describe('GET /api/v1/users: the people you share a workspace or project with', () => {
  it('a new account sees only itself, not the other accounts of the instance', async () => {
    await buildUser(server, { fullName: 'Someone Else' });
    const { user: me, cookie } = await buildSignedInUser(server);

    const response = await server.request('GET', USERS, { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: [publicFields(me)] });
  });

  it('lists co-members with the public fields only, and never a stranger', async () => {
    const { user: me, cookie } = await buildSignedInUser(server);
    const colleague = await buildUser(server, { fullName: 'Ada Lovelace' });
    const stranger = await buildUser(server);
    await buildProject(server, cookie, { members: [{ userId: colleague.id, role: 'VIEWER' }] });

    const response = await server.request('GET', USERS, { cookie });
    expect(response.status).toBe(200);
    for (const item of response.body.data) expect(Object.keys(item).sort()).toEqual(USER_KEYS);
    const byId = new Map<string, unknown>(response.body.data.map((item: { _id: string }) => [item._id, item]));
    expect(byId.get(me.id)).toEqual(publicFields(me));
    expect(byId.get(colleague.id)).toEqual(publicFields(colleague));
    expect(byId.has(stranger.id)).toBe(false);
    expect(response.body.data).toHaveLength(2);
    expect(response.text).not.toMatch(/argon2|password/i);
  });

  it('a member sees the other members and the workspace owner, but not the members of the owner\'s other projects', async () => {
    const owner = await buildSignedInUser(server);
    const member = await buildSignedInUser(server);
    const teammate = await buildUser(server);
    const elsewhere = await buildUser(server);
    const workspace = await buildWorkspace(server, owner.cookie);
    const project = await buildProject(server, owner.cookie, {
      workspaceId: workspace._id,
      members: [
        { userId: member.user.id, role: 'MEMBER' },
        { userId: teammate.id, role: 'VIEWER' },
      ],
    });
    // The owner leaves the project: they still share its workspace with its members.
    const admin = await buildUser(server);
    await addProjectMember(server, owner.cookie, project._id, admin.id, 'ADMIN');
    expect((await server.request('DELETE', `/api/v1/projects/${project._id}/members/${owner.user.id}`, { cookie: owner.cookie })).status).toBe(200);
    await buildProject(server, owner.cookie, { workspaceId: workspace._id, members: [{ userId: elsewhere.id }] });

    const ids = await listedIds(member.cookie);
    expect(ids.sort()).toEqual([member.user.id, teammate.id, owner.user.id, admin.id].sort());
    expect(ids).not.toContain(elsewhere.id);
  });

  it('a workspace owner sees the members of every project of the workspace, member or not', async () => {
    const owner = await buildSignedInUser(server);
    const first = await buildUser(server);
    const second = await buildUser(server);
    const stranger = await buildUser(server);
    const workspace = await buildWorkspace(server, owner.cookie);
    const project = await buildProject(server, owner.cookie, { workspaceId: workspace._id, members: [{ userId: first.id, role: 'ADMIN' }] });
    await buildProject(server, owner.cookie, { workspaceId: workspace._id, members: [{ userId: second.id }] });
    expect((await server.request('DELETE', `/api/v1/projects/${project._id}/members/${owner.user.id}`, { cookie: owner.cookie })).status).toBe(200);

    const ids = await listedIds(owner.cookie);
    expect(ids.sort()).toEqual([owner.user.id, first.id, second.id].sort());
    expect(ids).not.toContain(stranger.id);
  });

  it('a removed member is no longer listed, and no longer lists the project\'s people', async () => {
    const admin = await buildSignedInUser(server);
    const member = await buildSignedInUser(server);
    const project = await buildProject(server, admin.cookie, { members: [{ userId: member.user.id }] });
    expect(await listedIds(admin.cookie)).toContain(member.user.id);

    expect((await server.request('DELETE', `/api/v1/projects/${project._id}/members/${member.user.id}`, { cookie: admin.cookie })).status).toBe(200);
    expect(await listedIds(admin.cookie)).not.toContain(member.user.id);
    expect(await listedIds(member.cookie)).toEqual([member.user.id]);
  });

  it('is ordered by full name', async () => {
    const { cookie } = await buildSignedInUser(server, { fullName: 'Mia Middle' });
    const zoe = await buildUser(server, { fullName: 'Zoe Last' });
    const abe = await buildUser(server, { fullName: 'Abe First' });
    await buildProject(server, cookie, { members: [{ userId: zoe.id }, { userId: abe.id }] });
    const response = await server.request('GET', USERS, { cookie });
    expect(response.body.data.map((user: { fullName: string }) => user.fullName)).toEqual(['Abe First', 'Mia Middle', 'Zoe Last']);
  });
});

describe('GET /api/v1/users?email= / ?username=: one user by exact email or username', () => {
  it('finds anyone by exact email, whatever its case, as registered', async () => {
    const { cookie } = await buildSignedInUser(server);
    const registration = buildRegistration();
    expect((await server.request('POST', '/api/v1/auth/register', { body: registration })).status).toBe(201);

    const query = encodeURIComponent(` ${registration.email.toUpperCase()} `);
    const response = await server.request('GET', `${USERS}?email=${query}`, { cookie });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: [expect.objectContaining({ username: registration.username, email: registration.email, fullName: registration.fullName })],
    });
    expect(response.text).not.toContain(registration.password);
  });

  it('finds anyone by exact username, whatever its case', async () => {
    const { cookie } = await buildSignedInUser(server);
    const stranger = await buildUser(server, { username: `Grace_${Date.now()}` });
    const response = await server.request('GET', `${USERS}?username=${stranger.username.toLowerCase()}`, { cookie });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ success: true, data: [publicFields(stranger)] });
  });

  it('answers an empty list for no such user, and never a partial match', async () => {
    const { cookie } = await buildSignedInUser(server);
    const stranger = await buildUser(server);
    for (const query of [
      `email=nobody_${Date.now()}@example.com`,
      `email=${encodeURIComponent(stranger.email.slice(1))}`,
      `username=${stranger.username.slice(0, -1)}`,
      `email=${encodeURIComponent('%@example.com')}`,
    ]) {
      const response = await server.request('GET', `${USERS}?${query}`, { cookie });
      expect(response.status, query).toBe(200);
      expect(response.body, query).toEqual({ success: true, data: [] });
    }
  });

  it('both, an empty or an invalid value is 400 with the field', async () => {
    const { cookie } = await buildSignedInUser(server);
    const cases: Array<[string, string]> = [
      ['email=a@example.com&username=someone', 'username'],
      ['email=', 'email'],
      ['email=not-an-email', 'email'],
      ['username=', 'username'],
      ['username=ab', 'username'],
      ['username=has%20space', 'username'],
      [`username=${'x'.repeat(51)}`, 'username'],
    ];
    for (const [query, field] of cases) {
      const response = await server.request('GET', `${USERS}?${query}`, { cookie });
      expect(response.status, query).toBe(400);
      expect(response.body, query).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: expect.any(String) });
      expect(response.body.errors.map((error: { field: string }) => error.field), query).toContain(field);
    }
  });
});

describe('GET /api/v1/users lookups are rate-limited like every API request', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ apiRateLimit: { perIp: 10, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('a burst of lookups from one address ends in 429', async () => {
    const { cookie } = await buildSignedInUser(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      statuses.push((await limited.request('GET', `${USERS}?email=guess${i}@example.com`, { cookie })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(10);
  });
});
