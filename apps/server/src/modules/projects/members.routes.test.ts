import { randomUUID } from 'node:crypto';
import type { MemberRole, ProjectMember } from '@tasklane/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers } from '../../db/schema.js';
import {
  addProjectMember,
  buildMatrixFixture,
  buildProject,
  buildSharedProject,
  buildSignedInUser,
  buildUser,
  cookieFor,
  statusesByKind,
  userFor,
  type CallerKind,
  type ProjectCast,
  type TestUser,
} from '../../../test/factories.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

let server: TestServer;
let cast: ProjectCast;

beforeAll(async () => {
  ({ server, cast } = await startScene());
});
afterAll(async () => {
  await server.close();
});

type Fixture = Awaited<ReturnType<typeof buildMatrixFixture>> & { target: TestUser };

async function members(projectId: string, cookie = cast.admin.cookie): Promise<ProjectMember[]> {
  const response = await server.request('GET', `/api/v1/projects/${projectId}/members`, { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.data as ProjectMember[];
}

async function roleOf(projectId: string, userId: string, cookie = cast.admin.cookie): Promise<MemberRole | undefined> {
  return (await members(projectId, cookie)).find((m) => m.userId._id === userId)?.role;
}

type Row = {
  endpoint: string;
  method: string;
  /** The target user's role already in the project, if they are to be a member before the request. */
  targetRole?: MemberRole;
  path: (fixture: Fixture) => string;
  body?: (fixture: Fixture) => unknown;
  /** In callerKinds order: signed out, stranger, VIEWER, MEMBER, MODERATOR, ADMIN, owner, owner not a member. */
  statuses: number[];
  check?: (fixture: Fixture, allowed: boolean) => Promise<void>;
};

const membersPath = (fixture: Fixture) => `/api/v1/projects/${fixture.project._id}/members`;
const targetPath = (fixture: Fixture) => `${membersPath(fixture)}/${fixture.target.id}`;

const addRow = (role: MemberRole, statuses: number[]): Row => ({
  endpoint: `POST /projects/:projectId/members (role ${role})`,
  method: 'POST',
  path: membersPath,
  body: (fixture) => ({ userId: fixture.target.id, role }),
  statuses,
  async check(fixture, allowed) {
    expect(await roleOf(fixture.project._id, fixture.target.id)).toBe(allowed ? role : undefined);
  },
});

const removeRow = (targetRole: MemberRole, statuses: number[]): Row => ({
  endpoint: `DELETE /projects/:projectId/members/:userId (a ${targetRole})`,
  method: 'DELETE',
  targetRole,
  path: targetPath,
  statuses,
  async check(fixture, allowed) {
    expect(await roleOf(fixture.project._id, fixture.target.id)).toBe(allowed ? undefined : targetRole);
  },
});

const rows: Row[] = [
  {
    endpoint: 'GET /projects/:projectId/members',
    method: 'GET',
    path: membersPath,
    statuses: [401, 404, 200, 200, 200, 200, 200, 200],
  },
  addRow('VIEWER', [401, 404, 403, 403, 201, 201, 201, 201]),
  addRow('MEMBER', [401, 404, 403, 403, 201, 201, 201, 201]),
  addRow('MODERATOR', [401, 404, 403, 403, 403, 201, 201, 201]),
  addRow('ADMIN', [401, 404, 403, 403, 403, 201, 201, 201]),
  {
    endpoint: 'POST /projects/:projectId/members (role omitted)',
    method: 'POST',
    path: membersPath,
    body: (fixture) => ({ userId: fixture.target.id }),
    statuses: [401, 404, 403, 403, 201, 201, 201, 201],
    async check(fixture, allowed) {
      expect(await roleOf(fixture.project._id, fixture.target.id)).toBe(allowed ? 'MEMBER' : undefined);
    },
  },
  ...(['VIEWER', 'MEMBER', 'MODERATOR', 'ADMIN'] as const).map(
    (targetRole): Row => ({
      endpoint: `PUT /projects/:projectId/members/:userId (a ${targetRole})`,
      method: 'PUT',
      targetRole,
      path: targetPath,
      body: () => ({ role: targetRole === 'VIEWER' ? 'MEMBER' : 'VIEWER' }),
      statuses: [401, 404, 403, 403, 403, 200, 200, 200],
      async check(fixture, allowed) {
        const changed = targetRole === 'VIEWER' ? 'MEMBER' : 'VIEWER';
        expect(await roleOf(fixture.project._id, fixture.target.id)).toBe(allowed ? changed : targetRole);
      },
    }),
  ),
  removeRow('VIEWER', [401, 404, 403, 403, 200, 200, 200, 200]),
  removeRow('MEMBER', [401, 404, 403, 403, 200, 200, 200, 200]),
  removeRow('MODERATOR', [401, 404, 403, 403, 403, 200, 200, 200]),
  removeRow('ADMIN', [401, 404, 403, 403, 403, 200, 200, 200]),
];

describe('permission matrix', () => {
  for (const row of rows) {
    describe(row.endpoint, () => {
      it.each(statusesByKind(row.statuses))('%s → %i', async (kind: CallerKind, expected: number) => {
        const base = await buildMatrixFixture(server, cast, kind);
        const target = await buildUser(server);
        if (row.targetRole) await addProjectMember(server, cast.admin.cookie, base.project._id, target.id, row.targetRole);
        const fixture: Fixture = { ...base, target };
        const response = await server.request(row.method, row.path(fixture), {
          cookie: cookieFor(cast, kind),
          body: row.body?.(fixture),
        });
        expect(response.status, response.text).toBe(expected);
        expect(response.body).toMatchObject({ success: expected < 300 });
        await row.check?.(fixture, expected < 300);
      });
    });
  }
});

describe('signed out', () => {
  const id = randomUUID();
  it.each([
    ['a non-UUID id', 'GET', '/api/v1/projects/x/members', undefined],
    ['an invalid body', 'POST', `/api/v1/projects/${id}/members`, { userId: 'x', role: 'KING' }],
    ['an empty body', 'PUT', `/api/v1/projects/${id}/members/${id}`, {}],
    ['non-UUID ids', 'PUT', '/api/v1/projects/x/members/y', { role: 'ADMIN' }],
    ['non-UUID ids', 'DELETE', '/api/v1/projects/x/members/y', undefined],
  ])('%s: %s %s is still 401', async (_label, method, path, body) => {
    const response = await server.request(method, path, { body });
    expect(response.status, response.text).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('GET /api/v1/projects/:projectId/members', () => {
  it('lists every member with their user, oldest first', async () => {
    const { project } = await buildSharedProject(server, cast);
    const response = await server.request('GET', `/api/v1/projects/${project._id}/members`, { cookie: cast.viewer.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: expect.any(String) });
    expect(response.body.data).toEqual(project.members);
    expect(response.body.data[0]).toEqual({
      _id: expect.any(String),
      role: 'ADMIN',
      userId: {
        _id: cast.owner.user.id,
        fullName: cast.owner.user.fullName,
        email: cast.owner.user.email,
        username: cast.owner.user.username,
        avatar: null,
      },
      joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });
});

describe('POST /api/v1/projects/:projectId/members', () => {
  it('adds as MEMBER by default, with the message naming the user', async () => {
    const { user: owner, cookie } = await buildSignedInUser(server);
    const project = await buildProject(server, cookie);
    const target = await buildUser(server, { fullName: 'Ada Lovelace' });
    const response = await server.request('POST', `/api/v1/projects/${project._id}/members`, {
      cookie,
      body: { userId: target.id },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ success: true, message: 'Ada Lovelace added to project successfully!' });
    expect(response.body.data).toEqual({
      _id: expect.any(String),
      role: 'MEMBER',
      userId: { _id: target.id, fullName: 'Ada Lovelace', email: target.email, username: target.username, avatar: null },
      joinedAt: expect.any(String),
    });
    expect((await members(project._id, cookie)).map((m) => [m.userId._id, m.role])).toEqual([
      [owner.id, 'ADMIN'],
      [target.id, 'MEMBER'],
    ]);
  });

  it('an unknown user is 404, an existing member 409, and nothing changes', async () => {
    const { project } = await buildSharedProject(server, cast);
    const unknown = await server.request('POST', `/api/v1/projects/${project._id}/members`, {
      cookie: cast.admin.cookie,
      body: { userId: randomUUID() },
    });
    expect(unknown.status).toBe(404);
    for (const userId of [cast.viewer.user.id, cast.owner.user.id]) {
      const again = await server.request('POST', `/api/v1/projects/${project._id}/members`, {
        cookie: cast.admin.cookie,
        body: { userId, role: 'ADMIN' },
      });
      expect(again.status, again.text).toBe(409);
      expect(again.body).toMatchObject({ success: false, code: 'CONFLICT' });
    }
    expect(await members(project._id)).toEqual(project.members);
  });

  it.each([
    ['a non-UUID user id', { userId: 'abc' }],
    ['a missing user id', {}],
    ['an unknown role', { userId: 'TARGET', role: 'OWNER' }],
  ])('%s is 400', async (_label, body: Record<string, unknown>) => {
    const { project } = await buildSharedProject(server, cast);
    const target = await buildUser(server);
    const response = await server.request('POST', `/api/v1/projects/${project._id}/members`, {
      cookie: cast.admin.cookie,
      body: body.userId === 'TARGET' ? { ...body, userId: target.id } : body,
    });
    expect(response.status, response.text).toBe(400);
    expect(await roleOf(project._id, target.id)).toBeUndefined();
  });

  it('a non-UUID project id is 400; an unknown project 404', async () => {
    const target = await buildUser(server);
    const bad = await server.request('POST', '/api/v1/projects/nope/members', { cookie: cast.owner.cookie, body: { userId: target.id } });
    expect(bad.status).toBe(400);
    const unknown = await server.request('POST', `/api/v1/projects/${randomUUID()}/members`, {
      cookie: cast.owner.cookie,
      body: { userId: target.id },
    });
    expect(unknown.status).toBe(404);
  });

  it('two simultaneous adds of the same user: one 201, one 409, one membership', async () => {
    const { project } = await buildSharedProject(server, cast);
    const target = await buildUser(server);
    const responses = await Promise.all(
      [cast.admin.cookie, cast.moderator.cookie].map((cookie) =>
        server.request('POST', `/api/v1/projects/${project._id}/members`, { cookie, body: { userId: target.id } }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await server.database.db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, project._id), eq(projectMembers.userId, target.id)));
    expect(rows).toHaveLength(1);
  });

  it('a new member sees the project and its workspace', async () => {
    const { workspace, project } = await buildSharedProject(server, cast);
    const { user, cookie } = await buildSignedInUser(server);
    expect((await server.request('GET', `/api/v1/projects/${project._id}`, { cookie })).status).toBe(404);
    await addProjectMember(server, cast.moderator.cookie, project._id, user.id, 'VIEWER');
    expect((await server.request('GET', `/api/v1/projects/${project._id}`, { cookie })).body.data).toMatchObject({ role: 'VIEWER' });
    const workspaces = await server.request('GET', '/api/v1/workspaces', { cookie });
    expect(workspaces.body.data).toEqual([expect.objectContaining({ _id: workspace._id, isOwner: false })]);
  });
});

describe('PUT /api/v1/projects/:projectId/members/:userId', () => {
  it('an admin changes a role and gets the member back', async () => {
    const { project } = await buildSharedProject(server, cast);
    const response = await server.request('PUT', `/api/v1/projects/${project._id}/members/${cast.member.user.id}`, {
      cookie: cast.admin.cookie,
      body: { role: 'MODERATOR' },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Member role updated successfully!',
      data: { role: 'MODERATOR', userId: { _id: cast.member.user.id } },
    });
    const seen = await server.request('GET', `/api/v1/projects/${project._id}`, { cookie: cast.member.cookie });
    expect(seen.body.data).toMatchObject({ role: 'MODERATOR', abilities: { canEdit: true, canManageMembers: true, canDelete: false } });
  });

  it('demoting the last ADMIN is 409; with a second admin it works', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    const project = await buildProject(server, cookie, { members: [{ userId: cast.member.user.id }] });
    const last = await server.request('PUT', `/api/v1/projects/${project._id}/members/${user.id}`, {
      cookie,
      body: { role: 'MODERATOR' },
    });
    expect(last.status, last.text).toBe(409);
    expect(last.body).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(await roleOf(project._id, user.id, cookie)).toBe('ADMIN');
    // Keeping ADMIN is no demotion.
    const same = await server.request('PUT', `/api/v1/projects/${project._id}/members/${user.id}`, { cookie, body: { role: 'ADMIN' } });
    expect(same.status, same.text).toBe(200);

    await server.request('PUT', `/api/v1/projects/${project._id}/members/${cast.member.user.id}`, { cookie, body: { role: 'ADMIN' } });
    const now = await server.request('PUT', `/api/v1/projects/${project._id}/members/${user.id}`, { cookie, body: { role: 'VIEWER' } });
    expect(now.status, now.text).toBe(200);
    // The last remaining admin is the former member now.
    const back = await server.request('PUT', `/api/v1/projects/${project._id}/members/${cast.member.user.id}`, {
      cookie: cast.member.cookie,
      body: { role: 'MEMBER' },
    });
    expect(back.status).toBe(409);
  });

  it('the workspace owner, no longer a member, still cannot demote the last ADMIN member', async () => {
    const fixture = await buildMatrixFixture(server, cast, 'owner, not a member');
    const response = await server.request('PUT', `/api/v1/projects/${fixture.project._id}/members/${cast.admin.user.id}`, {
      cookie: cast.owner.cookie,
      body: { role: 'MEMBER' },
    });
    expect(response.status, response.text).toBe(409);
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const { project } = await buildSharedProject(server, cast);
    // The owner and cast.admin are the only ADMIN members; each demotes the other.
    const responses = await Promise.all([
      server.request('PUT', `/api/v1/projects/${project._id}/members/${cast.admin.user.id}`, {
        cookie: cast.owner.cookie,
        body: { role: 'MEMBER' },
      }),
      server.request('PUT', `/api/v1/projects/${project._id}/members/${cast.owner.user.id}`, {
        cookie: cast.admin.cookie,
        body: { role: 'MEMBER' },
      }),
    ]);
    // Under the project's row lock the second change sees one admin left (409), or its caller is no admin any more (403).
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((status) => status === 200), statuses.join(',')).toHaveLength(1);
    const admins = (await members(project._id, cast.owner.cookie)).filter((m) => m.role === 'ADMIN');
    expect(admins).toHaveLength(1);
  });

  it('unknown member 404, bad role 400, non-UUID ids 400', async () => {
    const { project } = await buildSharedProject(server, cast);
    const outsider = await buildUser(server);
    const put = (userId: string, body: unknown, projectId = project._id) =>
      server.request('PUT', `/api/v1/projects/${projectId}/members/${userId}`, { cookie: cast.admin.cookie, body });
    expect((await put(outsider.id, { role: 'MEMBER' })).status).toBe(404);
    expect((await put(randomUUID(), { role: 'MEMBER' })).status).toBe(404);
    expect((await put(cast.member.user.id, { role: 'BOSS' })).status).toBe(400);
    expect((await put(cast.member.user.id, {})).status).toBe(400);
    expect((await put('nope', { role: 'MEMBER' })).status).toBe(400);
    expect((await put(cast.member.user.id, { role: 'MEMBER' }, 'nope')).status).toBe(400);
    expect(await roleOf(project._id, outsider.id)).toBeUndefined();
  });
});

describe('DELETE /api/v1/projects/:projectId/members/:userId', () => {
  it('removes the member, who then loses the project', async () => {
    const { project } = await buildSharedProject(server, cast);
    const response = await server.request('DELETE', `/api/v1/projects/${project._id}/members/${cast.member.user.id}`, {
      cookie: cast.moderator.cookie,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Member removed from project successfully!' });
    expect((await server.request('GET', `/api/v1/projects/${project._id}`, { cookie: cast.member.cookie })).status).toBe(404);
    const mine = await server.request('GET', '/api/v1/users/projects', { cookie: cast.member.cookie });
    expect(mine.body.data.map((p: { _id: string }) => p._id)).not.toContain(project._id);
    expect((await members(project._id)).map((m) => m.userId._id)).not.toContain(cast.member.user.id);
  });

  it('removing the last ADMIN is 409, even by themselves', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    const project = await buildProject(server, cookie);
    const response = await server.request('DELETE', `/api/v1/projects/${project._id}/members/${user.id}`, { cookie });
    expect(response.status, response.text).toBe(409);
    expect(response.body).toMatchObject({ success: false, code: 'CONFLICT' });
    expect((await members(project._id, cookie)).map((m) => [m.userId._id, m.role])).toEqual([[user.id, 'ADMIN']]);
  });

  it('removing the last ADMIN member is 409 for the workspace owner who left the project too', async () => {
    const fixture = await buildMatrixFixture(server, cast, 'owner, not a member');
    const response = await server.request('DELETE', `/api/v1/projects/${fixture.project._id}/members/${cast.admin.user.id}`, {
      cookie: cast.owner.cookie,
    });
    expect(response.status, response.text).toBe(409);
  });

  it('an admin can remove another admin while one remains', async () => {
    const { project } = await buildSharedProject(server, cast);
    const response = await server.request('DELETE', `/api/v1/projects/${project._id}/members/${cast.owner.user.id}`, {
      cookie: cast.admin.cookie,
    });
    expect(response.status, response.text).toBe(200);
    const last = await server.request('DELETE', `/api/v1/projects/${project._id}/members/${cast.admin.user.id}`, {
      cookie: cast.admin.cookie,
    });
    expect(last.status).toBe(409);
  });

  it('unknown member 404, non-UUID ids 400', async () => {
    const { project } = await buildSharedProject(server, cast);
    const outsider = await buildUser(server);
    const del = (path: string) => server.request('DELETE', path, { cookie: cast.admin.cookie });
    expect((await del(`/api/v1/projects/${project._id}/members/${outsider.id}`)).status).toBe(404);
    expect((await del(`/api/v1/projects/${project._id}/members/${randomUUID()}`)).status).toBe(404);
    expect((await del(`/api/v1/projects/${project._id}/members/nope`)).status).toBe(400);
    expect((await del(`/api/v1/projects/nope/members/${outsider.id}`)).status).toBe(400);
    expect((await del(`/api/v1/projects/${randomUUID()}/members/${outsider.id}`)).status).toBe(404);
    expect(await members(project._id)).toEqual(project.members);
  });
});

describe('DELETE /api/v1/projects/:projectId/members/{self}: leaving a project', () => {
  const leavePath = (projectId: string, userId: string) => `/api/v1/projects/${projectId}/members/${userId}`;

  // Every fixture has two ADMIN members (the owner, its creator, and cast.admin), so either may leave.
  it.each(statusesByKind([401, 404, 200, 200, 200, 200, 200, 404]))('%s → %i', async (kind: CallerKind, expected: number) => {
    const { project } = await buildMatrixFixture(server, cast, kind);
    const caller = userFor(cast, kind);
    const response = await server.request('DELETE', leavePath(project._id, caller?.user.id ?? cast.member.user.id), {
      cookie: caller?.cookie,
    });
    expect(response.status, response.text).toBe(expected);
    if (expected !== 200) {
      expect(response.body).toMatchObject({ success: false });
      return;
    }
    expect(response.body).toEqual({ success: true, message: 'Member removed from project successfully!' });
    const stillIn = (await members(project._id, kind === 'ADMIN' ? cast.owner.cookie : cast.admin.cookie)).map((m) => m.userId._id);
    expect(stillIn).not.toContain(caller!.user.id);
  });

  it('a member who leaves loses the project, its members and its tasks at once', async () => {
    const admin = await buildSignedInUser(server);
    const viewer = await buildSignedInUser(server);
    const project = await buildProject(server, admin.cookie, { members: [{ userId: viewer.user.id, role: 'VIEWER' }] });

    const response = await server.request('DELETE', leavePath(project._id, viewer.user.id), { cookie: viewer.cookie });
    expect(response.status, response.text).toBe(200);
    expect((await server.request('GET', `/api/v1/projects/${project._id}`, { cookie: viewer.cookie })).status).toBe(404);
    expect((await server.request('GET', `/api/v1/projects/${project._id}/members`, { cookie: viewer.cookie })).status).toBe(404);
    const mine = await server.request('GET', '/api/v1/users/projects', { cookie: viewer.cookie });
    expect(mine.body.data.map((p: { _id: string }) => p._id)).not.toContain(project._id);
    expect((await members(project._id, admin.cookie)).map((m) => m.userId._id)).toEqual([admin.user.id]);
    // Leaving twice: no longer a member, so the project is not found.
    expect((await server.request('DELETE', leavePath(project._id, viewer.user.id), { cookie: viewer.cookie })).status).toBe(404);
  });

  it('the last ADMIN cannot leave (409, saying why), and can once another member is admin', async () => {
    const admin = await buildSignedInUser(server);
    const member = await buildUser(server);
    const project = await buildProject(server, admin.cookie, { members: [{ userId: member.id, role: 'MEMBER' }] });

    const refused = await server.request('DELETE', leavePath(project._id, admin.user.id), { cookie: admin.cookie });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      code: 'CONFLICT',
      message: 'You are the last admin of this project: make another member admin before leaving',
    });
    expect(await roleOf(project._id, admin.user.id, admin.cookie)).toBe('ADMIN');

    const promoted = await server.request('PUT', leavePath(project._id, member.id), { cookie: admin.cookie, body: { role: 'ADMIN' } });
    expect(promoted.status).toBe(200);
    expect((await server.request('DELETE', leavePath(project._id, admin.user.id), { cookie: admin.cookie })).status).toBe(200);
  });

  it('a MEMBER still cannot remove anyone else (403), and nothing changes', async () => {
    const { project } = await buildSharedProject(server, cast);
    const response = await server.request('DELETE', leavePath(project._id, cast.viewer.user.id), { cookie: cast.member.cookie });
    expect(response.status, response.text).toBe(403);
    expect(await roleOf(project._id, cast.viewer.user.id)).toBe('VIEWER');
  });

  it('a stranger gets 404 and a signed-out caller 401, whatever the ids', async () => {
    const { project } = await buildSharedProject(server, cast);
    const stranger = await server.request('DELETE', leavePath(project._id, cast.stranger.user.id), { cookie: cast.stranger.cookie });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const signedOut = await server.request('DELETE', leavePath(project._id, cast.member.user.id));
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect((await members(project._id)).map((m) => m.userId._id)).toContain(cast.member.user.id);
  });
});
