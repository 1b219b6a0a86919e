import { randomUUID } from 'node:crypto';
import type { Project } from '@tasklane/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers } from '../../db/schema.js';
import {
  buildCategory,
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

async function getProject(cookie: string, id: string) {
  return server.request('GET', `/api/v1/projects/${id}`, { cookie });
}

async function myProjects(cookie: string): Promise<Project[]> {
  const response = await server.request('GET', '/api/v1/users/projects', { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.data as Project[];
}

/** The project as its second admin sees it (404 once it is gone). */
async function adminView(fixture: Fixture) {
  return getProject(cast.admin.cookie, fixture.project._id);
}

type Row = {
  endpoint: string;
  method: string;
  path: (fixture: Fixture) => string;
  body?: (fixture: Fixture) => unknown;
  /** In callerKinds order: signed out, stranger, VIEWER, MEMBER, MODERATOR, ADMIN, owner, owner not a member. */
  statuses: number[];
  check?: (fixture: Fixture, allowed: boolean) => Promise<void>;
};

const rows: Row[] = [
  {
    endpoint: 'POST /projects',
    method: 'POST',
    path: () => '/api/v1/projects',
    body: (fixture) => ({ workspaceId: fixture.workspace._id, name: 'Matrix project' }),
    statuses: [401, 404, 403, 403, 403, 403, 201, 201],
    async check(fixture, allowed) {
      const list = await server.request('GET', `/api/v1/workspaces/${fixture.workspace._id}/projects`, {
        cookie: cast.owner.cookie,
      });
      expect(list.body.data.total).toBe(allowed ? 2 : 1);
    },
  },
  {
    endpoint: 'GET /projects/:projectId',
    method: 'GET',
    path: (fixture) => `/api/v1/projects/${fixture.project._id}`,
    statuses: [401, 404, 200, 200, 200, 200, 200, 200],
  },
  {
    endpoint: 'PUT /projects/:projectId?workspaceId=',
    method: 'PUT',
    path: (fixture) => `/api/v1/projects/${fixture.project._id}?workspaceId=${fixture.workspace._id}`,
    body: () => ({ name: 'Edited by matrix', status: 'IN_PROGRESS' }),
    statuses: [401, 404, 403, 403, 200, 200, 200, 200],
    async check(fixture, allowed) {
      const response = await adminView(fixture);
      expect(response.body.data.name).toBe(allowed ? 'Edited by matrix' : fixture.project.name);
    },
  },
  {
    endpoint: 'DELETE /projects/:projectId',
    method: 'DELETE',
    path: (fixture) => `/api/v1/projects/${fixture.project._id}`,
    statuses: [401, 404, 403, 403, 403, 200, 200, 200],
    async check(fixture, allowed) {
      expect((await adminView(fixture)).status).toBe(allowed ? 404 : 200);
    },
  },
  {
    endpoint: 'GET /users/projects',
    method: 'GET',
    path: () => '/api/v1/users/projects',
    statuses: [401, 200, 200, 200, 200, 200, 200, 200],
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
        expect(response.body).toMatchObject({ success: expected < 300 });
        await row.check?.(fixture, expected < 300);
      });
    });
  }
});

describe('signed out', () => {
  const id = randomUUID();
  it.each([
    ['an empty body', 'POST', '/api/v1/projects', {}],
    ['an invalid body', 'POST', '/api/v1/projects', { workspaceId: 'x', name: '', status: 'NOPE' }],
    ['a non-UUID id', 'GET', '/api/v1/projects/nope', undefined],
    ['an invalid body', 'PUT', `/api/v1/projects/${id}`, { name: '' }],
    ['a non-UUID id', 'PUT', '/api/v1/projects/nope?workspaceId=bad', { name: 'x' }],
    ['a non-UUID id', 'DELETE', '/api/v1/projects/12', undefined],
  ])('%s: %s %s is still 401', async (_label, method, path, body) => {
    const response = await server.request(method, path, { body });
    expect(response.status, response.text).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('POST /api/v1/projects', () => {
  it('creates with the defaults; the creator is its ADMIN', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    const workspace = await buildWorkspace(server, cookie, { name: 'Home' });
    const response = await server.request('POST', '/api/v1/projects', {
      cookie,
      body: { workspaceId: workspace._id, name: '  Launch  ' },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ success: true, message: 'Project created successfully!' });
    const project = response.body.data as Project;
    expect(Object.keys(project).sort()).toEqual(
      [
        '_id',
        'abilities',
        'category',
        'coverImage',
        'createdAt',
        'description',
        'isActive',
        'key',
        'logo',
        'members',
        'name',
        'priority',
        'progress',
        'role',
        'settings',
        'statistics',
        'status',
        'updatedAt',
        'version',
        'workspaceId',
      ].sort(),
    );
    expect(project).toMatchObject({
      name: 'Launch',
      key: expect.stringMatching(/^LAU[A-Z]{0,3}$/),
      description: '',
      status: 'BACKLOG',
      priority: 'MEDIUM',
      logo: null,
      coverImage: null,
      category: null,
      workspaceId: { _id: workspace._id, name: 'Home' },
      isActive: true,
      statistics: { totalMembers: 1, completedTasks: 0, totalTasks: 0 },
      progress: 0,
      settings: { color: '#3B82F6', isPublic: false, allowMemberInvites: true, requireApproval: false },
      role: 'ADMIN',
      abilities: { canEdit: true, canDelete: true, canManageMembers: true, canManageFeatures: true, canEditTasks: true, canChangeKey: true, canManageWebhooks: true },
      version: 1,
    });
    expect(project.members).toEqual([
      {
        _id: expect.any(String),
        role: 'ADMIN',
        userId: { _id: user.id, fullName: user.fullName, email: user.email, username: user.username, avatar: null },
        joinedAt: expect.any(String),
      },
    ]);
    expect((await getProject(cookie, project._id)).body.data).toEqual(project);
    expect(await myProjects(cookie)).toEqual([project]);
  });

  it('stores the given fields', async () => {
    const { cookie } = await buildSignedInUser(server);
    const category = await buildCategory(server, cookie, { type: 'PROJECT' });
    const project = await buildProject(server, cookie, {
      name: 'Full',
      description: '  About it  ',
      status: 'PLANNING',
      priority: 'URGENT',
      logo: 'https://example.com/logo.png',
      coverImage: 'http://example.com/cover.jpg',
      category: category._id,
      settings: { color: '#ff0000', isPublic: true, allowMemberInvites: false, requireApproval: true },
    });
    expect(project).toMatchObject({
      name: 'Full',
      description: 'About it',
      status: 'PLANNING',
      priority: 'URGENT',
      logo: 'https://example.com/logo.png',
      coverImage: 'http://example.com/cover.jpg',
      category: { _id: category._id },
      settings: { isPublic: true, allowMemberInvites: false, requireApproval: true },
    });
    expect(project.settings.color.toUpperCase()).toBe('#FF0000');
  });

  describe('validation', () => {
    let cookie: string;
    let workspaceId: string;
    let todoCategoryId: string;
    let othersCategoryId: string;
    beforeAll(async () => {
      ({ cookie } = await buildSignedInUser(server));
      workspaceId = (await buildWorkspace(server, cookie))._id;
      todoCategoryId = (await buildCategory(server, cookie, { type: 'TODO' }))._id;
      othersCategoryId = (await buildCategory(server, cast.stranger.cookie, { type: 'PROJECT' }))._id;
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['a missing name', { name: undefined }, 'Project name is required'],
      ['an empty name', { name: '' }, 'Project name is required'],
      ['a blank name', { name: '   ' }, 'Project name is required'],
      ['a 101-character name', { name: 'n'.repeat(101) }, 'Project name must be at most 100 characters'],
      ['an unknown status', { status: 'DONE' }, 'Status must be one of'],
      ['an unknown priority', { priority: 'CRITICAL' }, 'Priority must be one of LOW, MEDIUM, HIGH, URGENT'],
      ['a named colour', { settings: { color: 'blue' } }, 'Color must be a hex value like #3B82F6'],
      ['a short hex colour', { settings: { color: '#FFF' } }, 'Color must be a hex value like #3B82F6'],
      ['a javascript: logo', { logo: 'javascript:alert(1)' }, 'Must be an http(s) URL'],
      ['an ftp: logo', { logo: 'ftp://example.com/logo.png' }, 'Must be an http(s) URL'],
      ['a javascript: cover', { coverImage: 'javascript:alert(1)' }, 'Must be an http(s) URL'],
      ['a data: cover', { coverImage: 'data:image/png;base64,AAAA' }, 'Must be an http(s) URL'],
      ['a relative logo', { logo: '/logo.png' }, 'Must be an http(s) URL'],
      ['a TODO category', { category: 'TODO_CATEGORY' }, 'Category must be one of your project categories'],
      ["another user's category", { category: 'OTHERS_CATEGORY' }, 'Category must be one of your project categories'],
      ['an unknown category', { category: randomUUID() }, 'Category must be one of your project categories'],
      ['a non-UUID category', { category: 'abc' }, ''],
      ['a non-UUID workspace', { workspaceId: 'abc' }, ''],
      ['a missing workspace', { workspaceId: undefined }, ''],
    ])('%s is 400', async (_label, overrides, message) => {
      const body: Record<string, unknown> = { workspaceId, name: 'Valid', ...overrides };
      if (body.category === 'TODO_CATEGORY') body.category = todoCategoryId;
      if (body.category === 'OTHERS_CATEGORY') body.category = othersCategoryId;
      const response = await server.request('POST', '/api/v1/projects', { cookie, body });
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(response.text).toContain(message);
      const list = await server.request('GET', `/api/v1/workspaces/${workspaceId}/projects`, { cookie });
      expect(list.body.data.total).toBe(0);
    });

    it('answers 404 for an unknown workspace', async () => {
      const response = await server.request('POST', '/api/v1/projects', {
        cookie,
        body: { workspaceId: randomUUID(), name: 'Lost' },
      });
      expect(response.status).toBe(404);
    });
  });
});

describe('roles and abilities', () => {
  it.each<[CallerKind, string, boolean[]]>([
    // canEdit, canDelete, canManageMembers, canManageFeatures, canEditTasks, canChangeKey (canManageWebhooks: ADMIN only, as canChangeKey)
    ['VIEWER', 'VIEWER', [false, false, false, false, false, false]],
    ['MEMBER', 'MEMBER', [false, false, false, false, true, false]],
    ['MODERATOR', 'MODERATOR', [true, false, true, true, true, false]],
    ['ADMIN', 'ADMIN', [true, true, true, true, true, true]],
    ['owner', 'ADMIN', [true, true, true, true, true, true]],
    ['owner, not a member', 'ADMIN', [true, true, true, true, true, true]],
  ])('%s sees role %s and its abilities everywhere', async (kind, role, flags) => {
    const fixture = await buildMatrixFixture(server, cast, kind);
    const [canEdit, canDelete, canManageMembers, canManageFeatures, canEditTasks, canChangeKey] = flags;
    const expected = { role, abilities: { canEdit, canDelete, canManageMembers, canManageFeatures, canEditTasks, canChangeKey, canManageWebhooks: canChangeKey } };
    const cookie = cookieFor(cast, kind)!;
    expect((await getProject(cookie, fixture.project._id)).body.data).toMatchObject(expected);
    const list = await server.request('GET', `/api/v1/workspaces/${fixture.workspace._id}/projects`, { cookie });
    expect(list.body.data.projects).toEqual([expect.objectContaining(expected)]);
    const mine = (await myProjects(cookie)).find((p) => p._id === fixture.project._id);
    if (kind === 'owner, not a member') expect(mine).toBeUndefined();
    else expect(mine).toMatchObject(expected);
  });

  it('statistics count the members', async () => {
    const { project } = await buildSharedProject(server, cast);
    expect(project.statistics).toEqual({ totalMembers: 5, completedTasks: 0, totalTasks: 0 });
    expect(project.members.map((m) => [m.userId._id, m.role])).toEqual([
      [cast.owner.user.id, 'ADMIN'],
      [cast.admin.user.id, 'ADMIN'],
      [cast.moderator.user.id, 'MODERATOR'],
      [cast.member.user.id, 'MEMBER'],
      [cast.viewer.user.id, 'VIEWER'],
    ]);
  });
});

describe('GET /api/v1/users/projects', () => {
  it("lists exactly the caller's memberships with role, progress and statistics", async () => {
    const { user: me, cookie } = await buildSignedInUser(server);
    expect((await server.request('GET', '/api/v1/users/projects', { cookie })).body).toEqual({
      success: true,
      message: 'No projects found',
      data: [],
    });
    const { user: other, cookie: otherCookie } = await buildSignedInUser(server);
    const shared = await buildProject(server, otherCookie);
    await buildProject(server, otherCookie);
    const own = await buildProject(server, cookie);
    const add = await server.request('POST', `/api/v1/projects/${shared._id}/members`, {
      cookie: otherCookie,
      body: { userId: me.id, role: 'VIEWER' },
    });
    expect(add.status, add.text).toBe(201);
    const list = await myProjects(cookie);
    expect(list.map((p) => [p._id, p.role]).sort()).toEqual(
      [
        [shared._id, 'VIEWER'],
        [own._id, 'ADMIN'],
      ].sort(),
    );
    const sharedSeen = list.find((p) => p._id === shared._id)!;
    expect(sharedSeen).toMatchObject({
      progress: 0,
      statistics: { totalMembers: 2, completedTasks: 0, totalTasks: 0 },
      abilities: { canEdit: false, canDelete: false, canManageMembers: false, canManageFeatures: false, canEditTasks: false, canChangeKey: false, canManageWebhooks: false },
    });
    expect(sharedSeen.members.map((m) => m.userId._id)[0]).toBe(other.id);
  });
});

describe('PUT /api/v1/projects/:projectId', () => {
  it('a moderator edits the project; the answer is the updated project', async () => {
    const { project } = await buildSharedProject(server, cast);
    const response = await server.request('PUT', `/api/v1/projects/${project._id}`, {
      cookie: cast.moderator.cookie,
      body: {
        name: '  Renamed  ',
        description: 'New text',
        status: 'RELEASED',
        priority: 'HIGH',
        logo: 'https://example.com/l.png',
        settings: { color: '#00AA00', isPublic: true },
        isActive: false,
      },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Project updated successfully!' });
    expect(response.body.data).toMatchObject({
      _id: project._id,
      name: 'Renamed',
      description: 'New text',
      status: 'RELEASED',
      priority: 'HIGH',
      logo: 'https://example.com/l.png',
      isActive: false,
      settings: { color: '#00AA00', isPublic: true, allowMemberInvites: true, requireApproval: false },
      role: 'MODERATOR',
    });
    expect((await getProject(cast.viewer.cookie, project._id)).body.data).toMatchObject({ name: 'Renamed', role: 'VIEWER' });
  });

  it.each<[string, Record<string, unknown>]>([
    ['a blank name', { name: ' ' }],
    ['an unknown status', { name: 'X', status: 'NOPE' }],
    ['a bad colour', { name: 'X', settings: { color: '#12345G' } }],
    ['a javascript: logo', { name: 'X', logo: 'javascript:alert(1)' }],
  ])('%s is 400 and changes nothing', async (_label, body) => {
    const { project } = await buildSharedProject(server, cast);
    const response = await server.request('PUT', `/api/v1/projects/${project._id}`, { cookie: cast.admin.cookie, body });
    expect(response.status, response.text).toBe(400);
    expect((await getProject(cast.admin.cookie, project._id)).body.data.name).toBe(project.name);
  });

  it('non-UUID ids are 400, unknown projects 404', async () => {
    const bad = await server.request('PUT', '/api/v1/projects/nope', { cookie: cast.owner.cookie, body: { name: 'X' } });
    expect(bad.status).toBe(400);
    const badQuery = await server.request('PUT', `/api/v1/projects/${randomUUID()}?workspaceId=nope`, {
      cookie: cast.owner.cookie,
      body: { name: 'X' },
    });
    expect(badQuery.status).toBe(400);
    const unknown = await server.request('PUT', `/api/v1/projects/${randomUUID()}`, { cookie: cast.owner.cookie, body: { name: 'X' } });
    expect(unknown.status).toBe(404);
  });
});

describe('GET /api/v1/projects/:projectId', () => {
  it('non-UUID ids are 400, unknown projects 404', async () => {
    expect((await getProject(cast.owner.cookie, 'not-a-uuid')).status).toBe(400);
    expect((await getProject(cast.owner.cookie, randomUUID())).status).toBe(404);
  });
});

describe('DELETE /api/v1/projects/:projectId', () => {
  it('deletes the project and its memberships', async () => {
    const { workspace, project } = await buildSharedProject(server, cast);
    const response = await server.request('DELETE', `/api/v1/projects/${project._id}`, { cookie: cast.admin.cookie });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Project deleted successfully!' });
    for (const kind of ['owner', 'admin', 'moderator', 'member', 'viewer'] as const) {
      const { cookie } = cast[kind];
      expect((await getProject(cookie, project._id)).status, kind).toBe(404);
      expect((await myProjects(cookie)).map((p) => p._id)).not.toContain(project._id);
    }
    expect(await server.database.db.select().from(projectMembers).where(eq(projectMembers.projectId, project._id))).toEqual([]);
    // The workspace stays, now empty.
    const list = await server.request('GET', `/api/v1/workspaces/${workspace._id}/projects`, { cookie: cast.owner.cookie });
    expect(list.body.data).toEqual({ total: 0, projects: [] });
    expect((await server.request('DELETE', `/api/v1/projects/${project._id}`, { cookie: cast.owner.cookie })).status).toBe(404);
  });

  it('non-UUID ids are 400', async () => {
    expect((await server.request('DELETE', '/api/v1/projects/1', { cookie: cast.owner.cookie })).status).toBe(400);
  });
});
