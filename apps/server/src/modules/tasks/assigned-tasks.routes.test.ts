import type { Task, TaskDetail } from '@tasklane/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProjectMember,
  buildAttachment,
  buildCategory,
  buildFeature,
  buildProject,
  buildSignedInUser,
  buildTask,
  type SignedInUser,
} from '../../../test/factories.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

let server: TestServer;
let lead: SignedInUser;
let me: SignedInUser;

beforeAll(async () => {
  ({ server, cast: { owner: lead, member: me } } = await startScene());
});
afterAll(async () => {
  await server.close();
});

async function assigned(cookie: string, query = '') {
  const response = await server.request('GET', `/api/v1/users/tasks${query}`, { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body as { success: true; data: Task[]; total: number; pagination: unknown; message: string };
}

/**
 * A project of the lead's with `member` (by default the shared `me`) in it, a feature and a
 * TASK category of the lead's. Tests that count what `member` is assigned pass their own member.
 */
async function projectWithMe(role: 'MEMBER' | 'VIEWER' = 'MEMBER', name?: string, member: SignedInUser = me) {
  const project = await buildProject(server, lead.cookie, { members: [{ userId: member.user.id, role }], ...(name ? { name } : {}) });
  const feature = await buildFeature(server, lead.cookie, project._id, { title: `Feature of ${project.name}` });
  const categoryId = (await buildCategory(server, lead.cookie, { type: 'TASK' }))._id;
  const task = (overrides: Record<string, unknown> = {}) => buildTask(server, lead.cookie, feature._id, { categoryId, ...overrides });
  return { project, feature, task };
}

describe('GET /api/v1/users/tasks', () => {
  it("lists the caller's assigned tasks across projects, populated, and nobody else's", async () => {
    // Its own member: the shared one collects assignments from other tests.
    const [me, stranger] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
    const { cookie } = await buildSignedInUser(server);
    expect(await assigned(cookie)).toEqual({
      success: true,
      message: 'No tasks found',
      data: [],
      total: 0,
      pagination: { total: 0, page: 1, limit: 1000 },
    });

    const alpha = await projectWithMe('MEMBER', 'Alpha', me);
    const beta = await projectWithMe('VIEWER', 'Beta', me);
    const mineA = await alpha.task({ assigneeId: me.user.id, title: 'Mine in Alpha', dueDate: '2030-02-01', tags: ['x'] });
    const mineB = await beta.task({ assigneeId: me.user.id, title: 'Mine in Beta', dueDate: '2030-01-01' });
    await alpha.task({ assigneeId: lead.user.id, title: "Lead's" });
    await alpha.task({ title: 'Nobody' });
    // A stranger's own project and tasks, assigned to the stranger.
    const theirs = await buildProject(server, stranger.cookie);
    const theirFeature = await buildFeature(server, stranger.cookie, theirs._id);
    await buildTask(server, stranger.cookie, theirFeature._id, { assigneeId: stranger.user.id });

    const body = await assigned(me.cookie);
    expect(body).toMatchObject({ success: true, message: 'Tasks fetched successfully', total: 2, pagination: { total: 1, page: 1, limit: 1000 } });
    const { history: _h, role: _r, ...listedB } = mineB as TaskDetail;
    expect(body.data[0]).toEqual({ ...listedB, abilities: { canEdit: false, canDelete: false, canComment: true } });
    expect(body.data[1]).toMatchObject({
      _id: mineA._id,
      title: 'Mine in Alpha',
      projectId: { _id: alpha.project._id, name: 'Alpha' },
      featureId: { _id: alpha.feature._id, title: 'Feature of Alpha' },
      createdBy: { _id: lead.user.id, fullName: lead.user.fullName },
      categoryId: { _id: mineA.categoryId!._id, name: mineA.categoryId!.name },
      assigneeId: { _id: me.user.id },
      abilities: { canEdit: true, canDelete: false, canComment: true },
    });
    expect((await assigned(stranger.cookie)).data.map((task) => task.projectId._id)).toEqual([theirs._id]);
  });

  it("a removed member's tasks disappear, and come back when they rejoin", async () => {
    const gamma = await projectWithMe();
    const task = await gamma.task({ assigneeId: me.user.id, title: 'Gamma work' });
    const ids = async () => (await assigned(me.cookie)).data.map((t) => t._id);
    expect(await ids()).toContain(task._id);
    const removal = await server.request('DELETE', `/api/v1/projects/${gamma.project._id}/members/${me.user.id}`, { cookie: lead.cookie });
    expect(removal.status).toBe(200);
    expect(await ids()).not.toContain(task._id);
    await addProjectMember(server, lead.cookie, gamma.project._id, me.user.id, 'VIEWER');
    expect(await ids()).toContain(task._id);
  });

  it('the workspace owner keeps seeing tasks in their workspace after leaving the membership', async () => {
    const owner = await buildSignedInUser(server);
    const project = await buildProject(server, owner.cookie, { members: [{ userId: lead.user.id, role: 'ADMIN' }] });
    const feature = await buildFeature(server, owner.cookie, project._id);
    const task = await buildTask(server, owner.cookie, feature._id, { assigneeId: owner.user.id });
    await server.request('DELETE', `/api/v1/projects/${project._id}/members/${owner.user.id}`, { cookie: lead.cookie });
    expect((await assigned(owner.cookie)).data.map((t) => [t._id, t.abilities.canDelete])).toEqual([[task._id, true]]);
  });

  it('returns every task by default, by due date ascending (none last), then newest first', async () => {
    const { cookie, user } = await buildSignedInUser(server);
    const project = await buildProject(server, cookie);
    const feature = await buildFeature(server, cookie, project._id);
    const categoryId = (await buildCategory(server, cookie, { type: 'TASK' }))._id;
    const dues = ['2030-03-01', null, '2030-01-01', '2030-02-01', null, '2030-01-01', '2031-01-01', '2029-12-31', null, '2030-05-05', '2030-04-04', '2030-06-06'];
    const made = [];
    for (const [index, dueDate] of dues.entries()) {
      made.push(await buildTask(server, cookie, feature._id, { categoryId, assigneeId: user.id, dueDate, title: `T${index}` }));
    }
    const body = await assigned(cookie);
    expect(body.total).toBe(12);
    const expected = made
      .map((task, index) => ({ title: task.title, due: dues[index] ?? null, index }))
      .sort((a, b) => {
        if (a.due !== b.due) {
          if (a.due === null) return 1;
          if (b.due === null) return -1;
          return a.due < b.due ? -1 : 1;
        }
        return b.index - a.index;
      })
      .map((task) => task.title);
    expect(body.data.map((task) => task.title)).toEqual(expected);

    const paged = await assigned(cookie, '?limit=5&page=3');
    expect(paged).toMatchObject({ total: 12, pagination: { total: 3, page: 3, limit: 5 } });
    expect(paged.data.map((task) => task.title)).toEqual(expected.slice(10));
    expect(await assigned(cookie, '?limit=5&page=4')).toMatchObject({ data: [], total: 12, pagination: { total: 3, page: 4, limit: 5 } });
    expect((await assigned(cookie, '?sortBy=dueDate&sortOrder=desc')).data[0]!.title).toBe('T6');
    expect((await assigned(cookie, '?limit=1000')).data).toHaveLength(12);
  });

  it('filters, searches and sorts in the database', async () => {
    const { cookie, user } = await buildSignedInUser(server);
    const project = await buildProject(server, cookie);
    const feature = await buildFeature(server, cookie, project._id);
    const categoryId = (await buildCategory(server, cookie, { type: 'TASK' }))._id;
    const make = (overrides: Record<string, unknown>) => buildTask(server, cookie, feature._id, { categoryId, assigneeId: user.id, ...overrides });
    await make({ title: 'Alpha', status: 'TODO', priority: 'LOW', tags: ['frontend'] });
    await make({ title: 'Bravo', status: 'REOPEN', priority: 'URGENT', description: 'Regression in Frontend' });
    await make({ title: 'Charlie', status: 'BLOCKED', priority: 'HIGH' });
    await make({ title: 'Delta', status: 'COMPLETED', priority: 'MEDIUM' });
    const titles = async (query: string) => (await assigned(cookie, query)).data.map((task) => task.title);
    expect(await titles('?status=PENDING&sortBy=title')).toEqual(['Alpha', 'Bravo']);
    expect(await titles('?status=BLOCK')).toEqual(['Charlie']);
    expect(await titles('?priority=MEDIUM')).toEqual(['Delta']);
    expect(await titles('?search=frontend&sortBy=title&sortOrder=asc')).toEqual(['Alpha', 'Bravo']);
    expect(await titles('?sortBy=priority&sortOrder=desc')).toEqual(['Bravo', 'Charlie', 'Delta', 'Alpha']);
    expect(await titles('?sortBy=status&sortOrder=asc')).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect((await assigned(cookie, '?status=PENDING')).total).toBe(2);
  });

  it('without paging, each task reads exactly as on a page and on its own page: attachments, blockers, parent, subtasks, hours, tags', async () => {
    // The unpaged list is read as plain rows with its timestamps written by the database (decision 045).
    const member = await buildSignedInUser(server);
    const { task } = await projectWithMe('MEMBER', undefined, member);
    const parent = await task({
      assigneeId: member.user.id,
      title: 'Parent',
      description: 'Some **text**',
      tags: ['a', 'b'],
      estimatedHours: 5,
      actualHours: 2,
      dueDate: '2030-03-01',
      priority: 'HIGH',
    });
    const child = await task({ assigneeId: member.user.id, title: 'Child', parentTaskId: parent._id });
    // A deleted category leaves its tasks without one.
    const doomed = await buildCategory(server, lead.cookie, { type: 'TASK' });
    const blocker = await task({ assigneeId: member.user.id, title: 'Blocker', categoryId: doomed._id });
    expect((await server.request('DELETE', `/api/v1/categories/${doomed._id}`, { cookie: lead.cookie })).status).toBe(200);
    const related = await server.request('POST', `/api/v1/tasks/${parent._id}/relations`, {
      cookie: lead.cookie,
      body: { type: 'BLOCKED_BY', taskId: blocker._id },
    });
    expect(related.status, related.text).toBe(201);
    const attachment = await buildAttachment(server, lead.cookie, parent._id, { name: 'plan.txt' });

    const unpaged = (await assigned(member.cookie)).data;
    expect(unpaged.map((listed) => listed.title)).toEqual(['Parent', 'Blocker', 'Child']);
    expect(unpaged[0]).toMatchObject({
      tags: ['a', 'b'],
      estimatedHours: 5,
      actualHours: 2,
      dueDate: '2030-03-01T00:00:00.000Z',
      attachments: [{ _id: attachment._id, name: 'plan.txt', uploadedBy: { _id: lead.user.id } }],
      blockedBy: [{ _id: blocker._id, key: blocker.key, title: 'Blocker' }],
      subtasks: { total: 1, completed: 0 },
      parentTask: null,
    });
    expect(unpaged[2]).toMatchObject({ parentTaskId: parent._id, parentTask: { _id: parent._id, key: parent.key, title: 'Parent' } });
    expect(unpaged[1]?.categoryId).toBeNull();
    expect(unpaged).toEqual((await assigned(member.cookie, '?page=1&limit=100')).data);
    for (const listed of unpaged) {
      const { history: _history, role: _role, ...own } = (await server.request('GET', `/api/v1/tasks/${listed._id}`, { cookie: member.cookie })).body.data as TaskDetail;
      expect(listed).toEqual(own);
    }
    expect(child.parentTaskId).toBe(parent._id);
  });

  it('without page or limit, every task, even past 1000, in one page; page alone pages by 1000', async () => {
    const { cookie, user } = await buildSignedInUser(server);
    const project = await buildProject(server, cookie);
    const feature = await buildFeature(server, cookie, project._id);
    const categoryId = (await buildCategory(server, cookie, { type: 'TASK' }))._id;
    const template = await buildTask(server, cookie, feature._id, { categoryId, assigneeId: user.id, title: 'Template', dueDate: '2030-01-01' });
    // 1,004 more, straight into the table (through the API it would take minutes).
    await server.database.db.execute(sql`
      insert into tasks (project_id, feature_id, number, title, status, priority, assignee_id, due_date, category_id, board_rank, created_by)
      select project_id, feature_id, number + n, 'Bulk ' || n, status, priority, assignee_id, due_date + n, category_id, board_rank || n, created_by
      from tasks, generate_series(1, 1004) as n where id = ${template._id}`);
    const response = await server.request('GET', '/api/v1/users/tasks', { cookie });
    expect(Object.keys(response.body)).toEqual(['success', 'data', 'total', 'pagination', 'message']);
    expect(response.body).toMatchObject({ total: 1005, pagination: { total: 1, page: 1, limit: 1005 } });
    expect(response.body.data).toHaveLength(1005);
    expect(response.body.data[0].title).toBe('Template');
    expect(response.body.data.at(-1).title).toBe('Bulk 1004');
    expect(await assigned(cookie, '?status=TODO')).toMatchObject({ total: 1005, pagination: { total: 1, page: 1, limit: 1005 } });

    const first = await assigned(cookie, '?page=1');
    expect(first).toMatchObject({ total: 1005, pagination: { total: 2, page: 1, limit: 1000 } });
    expect(first.data).toHaveLength(1000);
    const second = await assigned(cookie, '?page=2');
    expect(second.data.map((task) => task.title)).toEqual(['Bulk 1000', 'Bulk 1001', 'Bulk 1002', 'Bulk 1003', 'Bulk 1004']);
  });

  it('a page of 30 with each filter, and their combinations: the page of what matches, and how many match', async () => {
    const { cookie, user } = await buildSignedInUser(server);
    const project = await buildProject(server, cookie);
    const feature = await buildFeature(server, cookie, project._id);
    const categoryId = (await buildCategory(server, cookie, { type: 'TASK' }))._id;
    const statuses = ['TODO', 'IN_PROGRESS', 'BLOCKED', 'COMPLETED', 'REOPEN'] as const;
    const priorities = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
    for (let index = 0; index < 40; index += 1) {
      await buildTask(server, cookie, feature._id, {
        categoryId,
        assigneeId: user.id,
        title: `Job ${String(index).padStart(2, '0')}${index % 6 === 0 ? ' invoice' : ''}`,
        status: statuses[index % statuses.length],
        priority: priorities[index % priorities.length],
        dueDate: index % 7 === 0 ? null : `2030-02-${String((index % 20) + 1).padStart(2, '0')}`,
        tags: index % 9 === 0 ? ['Billing'] : [],
      });
    }
    // Tasks of mine nobody else sees, and someone else's: never in my pages.
    await buildTask(server, cookie, feature._id, { categoryId, title: 'Unassigned invoice' });
    const all = (await assigned(cookie)).data;
    expect(all).toHaveLength(40);
    const cases: Array<[string, (task: Task) => boolean]> = [
      ['status=COMPLETED', (task) => task.status === 'COMPLETED'],
      ['status=PENDING', (task) => task.status === 'TODO' || task.status === 'REOPEN'],
      ['status=BLOCK', (task) => task.status === 'BLOCKED'],
      ['priority=URGENT', (task) => task.priority === 'URGENT'],
      ['search=INVOICE', (task) => task.title.includes('invoice')],
      ['search=billing', (task) => task.tags.includes('Billing')],
      ['status=PENDING&priority=LOW', (task) => (task.status === 'TODO' || task.status === 'REOPEN') && task.priority === 'LOW'],
      ['search=job&priority=HIGH&status=IN_PROGRESS', (task) => task.priority === 'HIGH' && task.status === 'IN_PROGRESS'],
    ];
    for (const [filter, matches] of cases) {
      const unpaged = await assigned(cookie, `?${filter}`);
      const matching = all.filter(matches);
      expect(unpaged.data.map((task) => task._id), filter).toEqual(matching.map((task) => task._id));
      const page = await assigned(cookie, `?${filter}&page=1&limit=3`);
      expect(page, filter).toMatchObject({ total: matching.length, pagination: { total: Math.ceil(matching.length / 3), page: 1, limit: 3 } });
      expect(page.data.map((task) => task._id), filter).toEqual(matching.slice(0, 3).map((task) => task._id));
    }
    const byPriority = await assigned(cookie, '?sortBy=priority&sortOrder=desc&page=2&limit=30');
    expect(byPriority).toMatchObject({ total: 40, pagination: { total: 2, page: 2, limit: 30 } });
    expect(byPriority.data).toHaveLength(10);
    expect(byPriority.data.every((task) => task.priority === 'LOW')).toBe(true);
  });

  it('ties of a priority or status sort go soonest due first (none last), then newest first, as /tasks shows them', async () => {
    const { cookie, user } = await buildSignedInUser(server);
    const project = await buildProject(server, cookie);
    const feature = await buildFeature(server, cookie, project._id);
    const categoryId = (await buildCategory(server, cookie, { type: 'TASK' }))._id;
    const make = (title: string, dueDate: string | null) => buildTask(server, cookie, feature._id, { categoryId, assigneeId: user.id, title, dueDate, priority: 'HIGH' });
    await make('none, older', null);
    await make('late', '2030-09-01');
    await make('soon', '2030-01-01');
    await make('none, newer', null);
    const expected = ['soon', 'late', 'none, newer', 'none, older'];
    const titles = async (query: string) => (await assigned(cookie, query)).data.map((task) => task.title);
    expect(await titles('?sortBy=priority&sortOrder=desc')).toEqual(expected);
    expect(await titles('?sortBy=status&sortOrder=asc&page=1&limit=30')).toEqual(expected);
    expect(await titles('?sortBy=createdAt&sortOrder=desc')).toEqual(['none, newer', 'soon', 'late', 'none, older']);
  });

  it('paging never shows another user\'s tasks, nor counts them', async () => {
    const [mine, theirs] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
    const { task } = await projectWithMe('MEMBER', undefined, mine);
    await task({ assigneeId: mine.user.id, title: 'Mine' });
    const project = await buildProject(server, theirs.cookie);
    const feature = await buildFeature(server, theirs.cookie, project._id);
    for (let index = 0; index < 3; index += 1) await buildTask(server, theirs.cookie, feature._id, { assigneeId: theirs.user.id, title: 'Theirs' });
    expect(await assigned(mine.cookie, '?page=1&limit=30')).toMatchObject({ total: 1, data: [{ title: 'Mine' }] });
    expect(await assigned(mine.cookie, '?page=2&limit=1')).toMatchObject({ total: 1, data: [], pagination: { total: 1, page: 2, limit: 1 } });
    expect(await assigned(theirs.cookie, '?search=mine&page=1&limit=30')).toMatchObject({ total: 0, data: [], message: 'No tasks found' });
  });

  it.each([
    ['limit=0', 'limit must be a whole number from 1 to 1000'],
    ['limit=1001', 'limit must be a whole number from 1 to 1000'],
    ['limit=all', 'limit must be a whole number from 1 to 1000'],
    ['page=0', 'page must be a whole number from 1 to 1000000'],
    ['page=x&limit=30', 'page must be a whole number from 1 to 1000000'],
    ['limit=30.5', 'limit must be a whole number from 1 to 1000'],
    ['page=1&limit=30&priority=NOW', 'Priority must be one of'],
    ['search=' + 'x'.repeat(201), 'search must be at most 200 characters'],
    ['status=LATE', 'Status must be one of'],
    ['sortBy=feature', 'sortBy must be one of'],
  ])('%s is 400', async (query, message) => {
    const response = await server.request('GET', `/api/v1/users/tasks?${query}`, { cookie: me.cookie });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(response.body.message).toContain(message);
  });
});
