import { randomUUID } from 'node:crypto';
import type { Project, Workspace } from '@tasklane/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, projects } from '../../db/schema.js';
import {
  buildMatrixFixture,
  buildProject,
  buildSharedProject,
  buildSignedInUser,
  buildWorkspace,
  cookieFor,
  statusesByKind,
  type CallerKind,
  type ProjectCast,
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

type Fixture = Awaited<ReturnType<typeof buildMatrixFixture>>;

async function listWorkspaces(cookie: string): Promise<Workspace[]> {
  const response = await server.request('GET', '/api/v1/workspaces', { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.data as Workspace[];
}

async function myProjects(cookie: string): Promise<Project[]> {
  const response = await server.request('GET', '/api/v1/users/projects', { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.data as Project[];
}

/** Whether the workspace still exists, seen by its owner. */
async function workspaceExists(fixture: Fixture) {
  const response = await server.request('GET', `/api/v1/workspaces/${fixture.workspace._id}/projects`, {
    cookie: cast.owner.cookie,
  });
  return response.status === 200;
}

type Row = {
  endpoint: string;
  method: string;
  path: (fixture: Fixture) => string;
  body?: (fixture: Fixture) => unknown;
  /** In callerKinds order: signed out, stranger, VIEWER, MEMBER, MODERATOR, ADMIN, owner, owner not a member. */
  statuses: number[];
  /** Checks the state after the request; `allowed` is whether it succeeded. */
  check?: (fixture: Fixture, allowed: boolean) => Promise<void>;
};

const rows: Row[] = [
  {
    endpoint: 'GET /workspaces',
    method: 'GET',
    path: () => '/api/v1/workspaces',
    statuses: [401, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    endpoint: 'POST /workspaces',
    method: 'POST',
    path: () => '/api/v1/workspaces',
    body: () => ({ name: 'Matrix workspace' }),
    statuses: [401, 201, 201, 201, 201, 201, 201, 201],
  },
  {
    endpoint: 'PUT /workspaces/:id',
    method: 'PUT',
    path: (fixture) => `/api/v1/workspaces/${fixture.workspace._id}`,
    body: () => ({ name: 'Renamed by matrix' }),
    statuses: [401, 404, 403, 403, 403, 403, 200, 200],
    async check(fixture, allowed) {
      const [workspace] = (await listWorkspaces(cast.owner.cookie)).filter((w) => w._id === fixture.workspace._id);
      expect(workspace?.name).toBe(allowed ? 'Renamed by matrix' : fixture.workspace.name);
    },
  },
  {
    endpoint: 'DELETE /workspaces/:id',
    method: 'DELETE',
    path: (fixture) => `/api/v1/workspaces/${fixture.workspace._id}`,
    statuses: [401, 404, 403, 403, 403, 403, 200, 200],
    async check(fixture, allowed) {
      expect(await workspaceExists(fixture)).toBe(!allowed);
    },
  },
  {
    endpoint: 'GET /workspaces/:id/projects',
    method: 'GET',
    path: (fixture) => `/api/v1/workspaces/${fixture.workspace._id}/projects`,
    statuses: [401, 404, 200, 200, 200, 200, 200, 200],
  },
];

describe('permission matrix', () => {
  for (const row of rows) {
    describe(row.endpoint, () => {
      it.each(statusesByKind(row.statuses))('%s → %i', async (kind: CallerKind, expected: number) => {
        const fixture = await buildMatrixFixture(server, cast, kind);
        const response = await server.request(row.method, row.path(fixture), {
          cookie: cookieFor(cast, kind),
          body: row.body?.(fixture),
        });
        expect(response.status, response.text).toBe(expected);
        if (expected >= 400) expect(response.body).toMatchObject({ success: false });
        else expect(response.body).toMatchObject({ success: true });
        await row.check?.(fixture, expected < 300);
      });
    });
  }
});

describe('signed out', () => {
  const id = randomUUID();
  it.each([
    ['an empty body', 'POST', '/api/v1/workspaces', {}],
    ['a blank name', 'PUT', `/api/v1/workspaces/${id}`, { name: '   ' }],
    ['a non-UUID id', 'PUT', '/api/v1/workspaces/nope', { name: 'x' }],
    ['a non-UUID id', 'DELETE', '/api/v1/workspaces/12', undefined],
    ['a non-UUID id', 'GET', '/api/v1/workspaces/12/projects', undefined],
  ])('%s: %s %s is still 401', async (_label, method, path, body) => {
    const response = await server.request(method, path, { body });
    expect(response.status, response.text).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('POST /api/v1/workspaces', () => {
  it('creates a trimmed workspace owned by the caller', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    const response = await server.request('POST', '/api/v1/workspaces', { cookie, body: { name: '  Acme  ' } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ success: true, message: 'Workspace created successfully!' });
    const workspace = response.body.data as Workspace;
    expect(Object.keys(workspace).sort()).toEqual(['_id', 'createdAt', 'isOwner', 'name', 'ownerId', 'updatedAt']);
    expect(workspace).toMatchObject({ name: 'Acme', ownerId: user.id, isOwner: true });
    expect(await listWorkspaces(cookie)).toEqual([workspace]);
  });

  it.each([
    ['missing', {}, 'Workspace name is required'],
    ['null', { name: null }, 'Workspace name is required'],
    ['empty', { name: '' }, 'Workspace name is required'],
    ['blank', { name: '   ' }, 'Workspace name is required'],
    ['101 characters', { name: 'a'.repeat(101) }, 'Workspace name must be at most 100 characters'],
  ])('a %s name is 400', async (_label, body, message) => {
    const response = await server.request('POST', '/api/v1/workspaces', { cookie: cast.stranger.cookie, body });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(response.text).toContain(message);
  });

  it('accepts 100 characters (after trimming)', async () => {
    const name = 'b'.repeat(100);
    const response = await server.request('POST', '/api/v1/workspaces', { cookie: cast.stranger.cookie, body: { name: ` ${name} ` } });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data.name).toBe(name);
  });
});

describe('PUT /api/v1/workspaces/:id', () => {
  it('renames (trimmed) and answers the workspace', async () => {
    const { cookie } = await buildSignedInUser(server);
    const workspace = await buildWorkspace(server, cookie, { name: 'Old' });
    const response = await server.request('PUT', `/api/v1/workspaces/${workspace._id}`, { cookie, body: { name: '  New  ' } });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Workspace updated successfully!' });
    expect(response.body.data).toMatchObject({ _id: workspace._id, name: 'New', isOwner: true, createdAt: workspace.createdAt });
    expect((await listWorkspaces(cookie))[0]!.name).toBe('New');
  });

  it('validates the name, the id, and answers 404 for an unknown workspace', async () => {
    const { cookie } = await buildSignedInUser(server);
    const workspace = await buildWorkspace(server, cookie, { name: 'Kept' });
    const blank = await server.request('PUT', `/api/v1/workspaces/${workspace._id}`, { cookie, body: { name: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain('Workspace name is required');
    const long = await server.request('PUT', `/api/v1/workspaces/${workspace._id}`, { cookie, body: { name: 'x'.repeat(101) } });
    expect(long.status).toBe(400);
    const badId = await server.request('PUT', '/api/v1/workspaces/not-a-uuid', { cookie, body: { name: 'X' } });
    expect(badId.status).toBe(400);
    const unknown = await server.request('PUT', `/api/v1/workspaces/${randomUUID()}`, { cookie, body: { name: 'X' } });
    expect(unknown.status).toBe(404);
    expect((await listWorkspaces(cookie))[0]!.name).toBe('Kept');
  });
});

describe('non-UUID and unknown ids', () => {
  it.each([
    ['DELETE', '/api/v1/workspaces/not-a-uuid'],
    ['GET', '/api/v1/workspaces/not-a-uuid/projects'],
  ])('%s %s is 400', async (method, path) => {
    const response = await server.request(method, path, { cookie: cast.owner.cookie });
    expect(response.status, response.text).toBe(400);
  });
  it.each([
    ['DELETE', `/api/v1/workspaces/${randomUUID()}`],
    ['GET', `/api/v1/workspaces/${randomUUID()}/projects`],
  ])('%s unknown id is 404', async (method, path) => {
    const response = await server.request(method, path, { cookie: cast.owner.cookie });
    expect(response.status, response.text).toBe(404);
  });
});

describe('visibility', () => {
  it('lists a workspace for its owner and its project members (isOwner false), not for strangers', async () => {
    const { workspace, project } = await buildSharedProject(server, cast);
    const ownerView = (await listWorkspaces(cast.owner.cookie)).find((w) => w._id === workspace._id);
    expect(ownerView).toMatchObject({ name: workspace.name, ownerId: cast.owner.user.id, isOwner: true });
    for (const kind of ['admin', 'moderator', 'member', 'viewer'] as const) {
      const seen = (await listWorkspaces(cast[kind].cookie)).find((w) => w._id === workspace._id);
      expect(seen, kind).toEqual({ ...ownerView, isOwner: false });
    }
    expect((await listWorkspaces(cast.stranger.cookie)).map((w) => w._id)).not.toContain(workspace._id);

    // Removed from its only project, the member no longer sees the workspace.
    const removed = await server.request('DELETE', `/api/v1/projects/${project._id}/members/${cast.viewer.user.id}`, {
      cookie: cast.owner.cookie,
    });
    expect(removed.status).toBe(200);
    expect((await listWorkspaces(cast.viewer.cookie)).map((w) => w._id)).not.toContain(workspace._id);
    const projectsList = await server.request('GET', `/api/v1/workspaces/${workspace._id}/projects`, { cookie: cast.viewer.cookie });
    expect(projectsList.status).toBe(404);
  });

  it('GET /workspaces/:id/projects: the owner sees all projects, a member only theirs', async () => {
    const { user: owner, cookie } = await buildSignedInUser(server);
    const workspace = await buildWorkspace(server, cookie);
    const shared = await buildProject(server, cookie, {
      workspaceId: workspace._id,
      name: 'Shared',
      members: [{ userId: cast.member.user.id, role: 'MEMBER' }],
    });
    const privateProject = await buildProject(server, cookie, { workspaceId: workspace._id, name: 'Private' });

    const ownerView = await server.request('GET', `/api/v1/workspaces/${workspace._id}/projects`, { cookie });
    expect(ownerView.status).toBe(200);
    expect(ownerView.body).toMatchObject({ success: true, message: expect.any(String), data: { total: 2 } });
    expect((ownerView.body.data.projects as Project[]).map((p) => p._id).sort()).toEqual(
      [shared._id, privateProject._id].sort(),
    );
    for (const project of ownerView.body.data.projects as Project[]) {
      expect(project).toMatchObject({ role: 'ADMIN', workspaceId: { _id: workspace._id, name: workspace.name } });
    }

    const memberView = await server.request('GET', `/api/v1/workspaces/${workspace._id}/projects`, { cookie: cast.member.cookie });
    expect(memberView.status).toBe(200);
    expect(memberView.body.data.total).toBe(1);
    expect(memberView.body.data.projects).toHaveLength(1);
    expect(memberView.body.data.projects[0]).toMatchObject({
      _id: shared._id,
      role: 'MEMBER',
      abilities: { canEdit: false, canDelete: false, canManageMembers: false, canManageFeatures: false, canEditTasks: true, canChangeKey: false, canManageWebhooks: false },
    });
    expect(memberView.body.data.projects[0].members.map((m: { userId: { _id: string } }) => m.userId._id)).toEqual([
      owner.id,
      cast.member.user.id,
    ]);

    // The member cannot reach the private project either.
    expect((await server.request('GET', `/api/v1/projects/${privateProject._id}`, { cookie: cast.member.cookie })).status).toBe(404);
  });

  it('an empty workspace lists no projects', async () => {
    const { cookie } = await buildSignedInUser(server);
    const workspace = await buildWorkspace(server, cookie);
    const response = await server.request('GET', `/api/v1/workspaces/${workspace._id}/projects`, { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'No projects found', data: { total: 0, projects: [] } });
  });
});

describe('DELETE /api/v1/workspaces/:id', () => {
  it('deletes the workspace with its projects and memberships', async () => {
    const { workspace, project } = await buildSharedProject(server, cast);
    const second = await buildProject(server, cast.owner.cookie, {
      workspaceId: workspace._id,
      members: [{ userId: cast.member.user.id, role: 'VIEWER' }],
    });
    expect((await myProjects(cast.member.cookie)).map((p) => p._id)).toEqual(expect.arrayContaining([project._id, second._id]));

    const response = await server.request('DELETE', `/api/v1/workspaces/${workspace._id}`, { cookie: cast.owner.cookie });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Workspace deleted successfully!' });

    for (const kind of ['owner', 'admin', 'moderator', 'member', 'viewer'] as const) {
      const { cookie } = cast[kind];
      for (const id of [project._id, second._id]) {
        expect((await server.request('GET', `/api/v1/projects/${id}`, { cookie })).status, `${kind} GET project`).toBe(404);
        expect((await server.request('GET', `/api/v1/projects/${id}/members`, { cookie })).status).toBe(404);
      }
      const listed = (await myProjects(cookie)).map((p) => p._id);
      expect(listed).not.toContain(project._id);
      expect(listed).not.toContain(second._id);
      expect((await listWorkspaces(cookie)).map((w) => w._id)).not.toContain(workspace._id);
    }
    expect((await server.request('GET', `/api/v1/workspaces/${workspace._id}/projects`, { cookie: cast.owner.cookie })).status).toBe(404);
    const again = await server.request('DELETE', `/api/v1/workspaces/${workspace._id}`, { cookie: cast.owner.cookie });
    expect(again.status).toBe(404);

    const db = server.database.db;
    expect(await db.select().from(projects).where(eq(projects.workspaceId, workspace._id))).toEqual([]);
    expect(await db.select().from(projectMembers).where(inArray(projectMembers.projectId, [project._id, second._id]))).toEqual([]);
  });

  it("leaves the owner's other workspaces alone", async () => {
    const { cookie } = await buildSignedInUser(server);
    const doomed = await buildWorkspace(server, cookie, { name: 'Doomed' });
    const kept = await buildWorkspace(server, cookie, { name: 'Kept' });
    const keptProject = await buildProject(server, cookie, { workspaceId: kept._id });
    await buildProject(server, cookie, { workspaceId: doomed._id });
    expect((await server.request('DELETE', `/api/v1/workspaces/${doomed._id}`, { cookie })).status).toBe(200);
    expect((await listWorkspaces(cookie)).map((w) => w.name)).toEqual(['Kept']);
    expect((await myProjects(cookie)).map((p) => p._id)).toEqual([keptProject._id]);
  });
});
