import { calendarResponseSchema, type CalendarItem } from '@tasklane/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProjectMember,
  buildCategory,
  buildFeature,
  buildProject,
  buildSignedInUser,
  buildTask,
  buildTodo,
  buildWorkspace,
  type SignedInUser,
} from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/**
 * GET /calendar (issue 19, decision 035). Every test makes its own people and projects, so what
 * one sees never depends on another test's data.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

async function calendar(cookie: string | undefined, query: string) {
  return server.request('GET', `/api/v1/calendar?${query}`, cookie ? { cookie } : {});
}

/** The items of a calendar read that must succeed, checked against the contract. */
async function itemsOf(cookie: string, query: string): Promise<CalendarItem[]> {
  const response = await calendar(cookie, query);
  expect(response.status, response.text).toBe(200);
  return calendarResponseSchema.parse(response.body).data.items;
}

const titles = (items: CalendarItem[]) => items.map((item) => item.title);

/** A person with a project of their own, a feature in it and a TASK category. */
async function buildDesk(person?: SignedInUser) {
  const owner = person ?? (await buildSignedInUser(server));
  const workspace = await buildWorkspace(server, owner.cookie);
  const project = await buildProject(server, owner.cookie, { workspaceId: workspace._id, name: `Calendar project ${Math.random().toString(36).slice(2, 7)}` });
  const feature = await buildFeature(server, owner.cookie, project._id, { title: 'Planning' });
  const category = await buildCategory(server, owner.cookie, { type: 'TASK', color: '#EF4444' });
  const task = (overrides: Record<string, unknown>) => buildTask(server, owner.cookie, feature._id, { categoryId: category._id, ...overrides });
  return { owner, workspace, project, feature, category, task };
}

describe('GET /api/v1/calendar: what it shows', () => {
  it("answers the caller's assigned tasks and todos due in the range, by day, each with its category colour", async () => {
    const desk = await buildDesk();
    const me = desk.owner;
    const todoCategory = await buildCategory(server, me.cookie, { type: 'TODO', color: '#10B981' });
    const early = await desk.task({ title: 'Early task', dueDate: '2030-03-02', assigneeId: me.user.id, priority: 'LOW' });
    await desk.task({ title: 'Urgent task', dueDate: '2030-03-05', assigneeId: me.user.id, priority: 'URGENT' });
    await desk.task({ title: 'Before the range', dueDate: '2030-02-28', assigneeId: me.user.id });
    await desk.task({ title: 'After the range', dueDate: '2030-04-01', assigneeId: me.user.id });
    await desk.task({ title: 'Nobody assigned', dueDate: '2030-03-03' });
    await desk.task({ title: 'No due date', assigneeId: me.user.id });
    const todo = await buildTodo(server, me.cookie, { title: 'Dentist', dueDate: '2030-03-05', priority: 'LOW', category: todoCategory._id, tags: ['health'] });
    await buildTodo(server, me.cookie, { title: 'Undated todo', category: todoCategory._id });

    const response = await calendar(me.cookie, 'from=2030-03-01&to=2030-03-31');
    expect(response.status, response.text).toBe(200);
    const body = calendarResponseSchema.parse(response.body);
    expect(body).toMatchObject({ success: true, data: { from: '2030-03-01', to: '2030-03-31', truncated: false } });
    // By day, then URGENT before LOW on the same day.
    expect(titles(body.data.items)).toEqual(['Early task', 'Urgent task', 'Dentist']);
    const [task, , dentist] = body.data.items;
    expect(task).toEqual({
      kind: 'task',
      _id: early._id,
      key: early.key,
      title: 'Early task',
      status: 'TODO',
      priority: 'LOW',
      dueDate: '2030-03-02T00:00:00.000Z',
      isOverdue: false,
      categoryId: { _id: desk.category._id, name: desk.category.name, color: '#EF4444' },
      assigneeId: { _id: me.user.id, fullName: me.user.fullName },
      featureId: { _id: desk.feature._id, title: 'Planning' },
      projectId: { _id: desk.project._id, name: desk.project.name },
      version: early.version,
      canEdit: true,
    });
    // A todo comes as GET /todos answers it, so that PUT /todos/{id} can take it back in full.
    expect(dentist).toEqual({ kind: 'todo', ...todo, isOverdue: false });
  });

  it('includes both ends of the range, and a one-day range', async () => {
    const me = await buildSignedInUser(server);
    await buildTodo(server, me.cookie, { title: 'First day', dueDate: '2031-01-01' });
    await buildTodo(server, me.cookie, { title: 'Last day', dueDate: '2031-01-31' });
    expect(titles(await itemsOf(me.cookie, 'from=2031-01-01&to=2031-01-31'))).toEqual(['First day', 'Last day']);
    expect(titles(await itemsOf(me.cookie, 'from=2031-01-31&to=2031-01-31'))).toEqual(['Last day']);
  });

  it('kinds=task or kinds=todo answers only that kind', async () => {
    const desk = await buildDesk();
    await desk.task({ title: 'A task', dueDate: '2030-05-10', assigneeId: desk.owner.user.id });
    await buildTodo(server, desk.owner.cookie, { title: 'A todo', dueDate: '2030-05-10' });
    const range = 'from=2030-05-01&to=2030-05-31';
    expect(titles(await itemsOf(desk.owner.cookie, `${range}&kinds=task`))).toEqual(['A task']);
    expect(titles(await itemsOf(desk.owner.cookie, `${range}&kinds=todo`))).toEqual(['A todo']);
    expect(titles(await itemsOf(desk.owner.cookie, `${range}&kinds=task,todo`))).toEqual(['A task', 'A todo']);
    expect(titles(await itemsOf(desk.owner.cookie, `${range}&kinds=todo&kinds=task`))).toEqual(['A task', 'A todo']);
  });

  it("with a projectId, answers every task of that project whoever is assigned, and none of the caller's todos", async () => {
    const desk = await buildDesk();
    const colleague = await buildSignedInUser(server);
    await addProjectMember(server, desk.owner.cookie, desk.project._id, colleague.user.id, 'MEMBER');
    await desk.task({ title: "Colleague's task", dueDate: '2030-06-03', assigneeId: colleague.user.id });
    await desk.task({ title: 'Unassigned task', dueDate: '2030-06-04' });
    await buildTodo(server, desk.owner.cookie, { title: 'Own todo', dueDate: '2030-06-03' });
    // Another project of the owner's, assigned to them: not in this project's calendar.
    const other = await buildDesk(desk.owner);
    await other.task({ title: 'Other project', dueDate: '2030-06-03', assigneeId: desk.owner.user.id });

    const query = `from=2030-06-01&to=2030-06-30&projectId=${desk.project._id}`;
    expect(titles(await itemsOf(desk.owner.cookie, query))).toEqual(["Colleague's task", 'Unassigned task']);
    expect(titles(await itemsOf(desk.owner.cookie, `${query}&kinds=todo`))).toEqual([]);
    // Without a project: the tasks assigned to the owner, and the todos.
    expect(titles(await itemsOf(desk.owner.cookie, 'from=2030-06-01&to=2030-06-30'))).toEqual(['Other project', 'Own todo']);
  });

  it("marks overdue items against the caller's today, leaving done ones unmarked", async () => {
    const desk = await buildDesk();
    const me = desk.owner;
    await desk.task({ title: 'Late task', dueDate: '2030-07-01', assigneeId: me.user.id });
    await desk.task({ title: 'Done task', dueDate: '2030-07-01', assigneeId: me.user.id, status: 'COMPLETED' });
    await desk.task({ title: 'Cancelled task', dueDate: '2030-07-01', assigneeId: me.user.id, status: 'CANCELLED' });
    await buildTodo(server, me.cookie, { title: 'Late todo', dueDate: '2030-07-01' });
    await buildTodo(server, me.cookie, { title: 'Done todo', dueDate: '2030-07-01', status: 'COMPLETED' });
    await buildTodo(server, me.cookie, { title: 'Due today', dueDate: '2030-07-02' });

    const items = await itemsOf(me.cookie, 'from=2030-07-01&to=2030-07-31&today=2030-07-02');
    const overdue = Object.fromEntries(items.map((item) => [item.title, item.isOverdue]));
    expect(overdue).toEqual({
      'Late task': true,
      'Done task': false,
      'Cancelled task': false,
      'Late todo': true,
      'Done todo': false,
      'Due today': false,
    });
  });
});

describe('GET /api/v1/calendar: only what the caller can see', () => {
  it("never shows another person's todos or tasks assigned to someone else", async () => {
    const desk = await buildDesk();
    const stranger = await buildSignedInUser(server);
    await buildTodo(server, desk.owner.cookie, { title: 'Private todo', dueDate: '2030-08-08' });
    await desk.task({ title: 'Owner task', dueDate: '2030-08-08', assigneeId: desk.owner.user.id });
    expect(await itemsOf(stranger.cookie, 'from=2030-08-01&to=2030-08-31')).toEqual([]);
  });

  it('drops an assigned task once its assignee can no longer open the project', async () => {
    const desk = await buildDesk();
    const leaver = await buildSignedInUser(server);
    await addProjectMember(server, desk.owner.cookie, desk.project._id, leaver.user.id, 'MEMBER');
    await desk.task({ title: 'Left behind', dueDate: '2030-09-09', assigneeId: leaver.user.id });
    expect(titles(await itemsOf(leaver.cookie, 'from=2030-09-01&to=2030-09-30'))).toEqual(['Left behind']);

    const removed = await server.request('DELETE', `/api/v1/projects/${desk.project._id}/members/${leaver.user.id}`, { cookie: desk.owner.cookie });
    expect(removed.status, removed.text).toBe(200);
    expect(await itemsOf(leaver.cookie, 'from=2030-09-01&to=2030-09-30')).toEqual([]);
  });

  it("answers 404 for a project the caller cannot see, or that does not exist, as the project's own read does", async () => {
    const desk = await buildDesk();
    await desk.task({ title: 'Secret', dueDate: '2030-10-10' });
    const stranger = await buildSignedInUser(server);
    for (const projectId of [desk.project._id, '00000000-0000-4000-8000-000000000000']) {
      const response = await calendar(stranger.cookie, `from=2030-10-01&to=2030-10-31&projectId=${projectId}`);
      expect(response.status, response.text).toBe(404);
      expect(response.body).toMatchObject({ success: false, message: 'Project not found' });
    }
  });

  it('lets a VIEWER see a project\'s tasks without the right to move them; a MEMBER may', async () => {
    const desk = await buildDesk();
    const [viewer, member] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
    await addProjectMember(server, desk.owner.cookie, desk.project._id, viewer.user.id, 'VIEWER');
    await addProjectMember(server, desk.owner.cookie, desk.project._id, member.user.id, 'MEMBER');
    await desk.task({ title: 'Shared task', dueDate: '2030-11-11' });
    const query = `from=2030-11-01&to=2030-11-30&projectId=${desk.project._id}`;
    expect((await itemsOf(viewer.cookie, query)).map((item) => item.kind === 'task' && item.canEdit)).toEqual([false]);
    expect((await itemsOf(member.cookie, query)).map((item) => item.kind === 'task' && item.canEdit)).toEqual([true]);
  });

  it('lets the workspace owner who is not a member see the project, as an ADMIN', async () => {
    const owner = await buildSignedInUser(server);
    const admin = await buildSignedInUser(server);
    const workspace = await buildWorkspace(server, owner.cookie);
    const project = await buildProject(server, owner.cookie, { workspaceId: workspace._id, members: [{ userId: admin.user.id, role: 'ADMIN' }] });
    const feature = await buildFeature(server, owner.cookie, project._id);
    await buildTask(server, owner.cookie, feature._id, { title: 'Owned task', dueDate: '2030-12-12' });
    const left = await server.request('DELETE', `/api/v1/projects/${project._id}/members/${owner.user.id}`, { cookie: admin.cookie });
    expect(left.status, left.text).toBe(200);
    const items = await itemsOf(owner.cookie, `from=2030-12-01&to=2030-12-31&projectId=${project._id}`);
    expect(items.map((item) => [item.title, item.kind === 'task' && item.canEdit])).toEqual([['Owned task', true]]);
  });

  it('answers 401 without a session', async () => {
    const response = await calendar(undefined, 'from=2030-01-01&to=2030-01-31');
    expect(response.status).toBe(401);
    expect(response.body.success).toBe(false);
  });
});

describe('GET /api/v1/calendar: the range and the other input', () => {
  it('accepts a range of 62 days, both ends counted, and refuses 63 with 400', async () => {
    const me = await buildSignedInUser(server);
    expect((await calendar(me.cookie, 'from=2030-01-01&to=2030-03-03')).status).toBe(200);
    const tooLong = await calendar(me.cookie, 'from=2030-01-01&to=2030-03-04');
    expect(tooLong.status, tooLong.text).toBe(400);
    expect(tooLong.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(JSON.stringify(tooLong.body)).toContain('The range must be at most 62 days');
  });

  it('refuses a range that ends before it starts', async () => {
    const me = await buildSignedInUser(server);
    const response = await calendar(me.cookie, 'from=2030-02-02&to=2030-02-01');
    expect(response.status, response.text).toBe(400);
    expect(JSON.stringify(response.body)).toContain('to must be on or after from');
  });

  it.each([
    ['no range at all', ''],
    ['no to', 'from=2030-01-01'],
    ['no from', 'to=2030-01-01'],
    ['a day that does not exist', 'from=2030-02-30&to=2030-03-01'],
    ['not a date', 'from=soon&to=2030-03-01'],
    ['an unknown kind', 'from=2030-01-01&to=2030-01-31&kinds=task,event'],
    ['a project that is not an id', 'from=2030-01-01&to=2030-01-31&projectId=web'],
    ['a today that is not a date', 'from=2030-01-01&to=2030-01-31&today=yesterday'],
  ])('refuses %s with 400 and the error envelope', async (_name, query) => {
    const me = await buildSignedInUser(server);
    const response = await calendar(me.cookie, query);
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(typeof response.body.message).toBe('string');
  });

  it('answers at most 500 items of a kind, the soonest, and says it left some out', async () => {
    const me = await buildSignedInUser(server);
    const category = await buildCategory(server, me.cookie, { type: 'TODO' });
    // Written straight to the table: 501 todos through the API would take most of the test's time.
    await server.database.db.execute(sqlInsertTodos(me.user.id, category._id, 501));
    const response = await calendar(me.cookie, 'from=2032-01-01&to=2032-01-31&kinds=todo');
    expect(response.status, response.text).toBe(200);
    const body = calendarResponseSchema.parse(response.body);
    expect(body.data.truncated).toBe(true);
    expect(body.data.items).toHaveLength(500);
    // The 501st (the last day's) is the one left out.
    expect(body.data.items.at(-1)?.dueDate).toBe('2032-01-30T00:00:00.000Z');
  });
});


/** `count` todos of the owner, due from 2032-01-01 one or more a day, the last alone on 2032-01-31. */
function sqlInsertTodos(ownerId: string, categoryId: string, count: number) {
  return sql`insert into todos (owner_id, title, priority, status, category_id, due_date)
    select ${ownerId}::uuid, 'Bulk ' || n, 'MEDIUM', 'PENDING', ${categoryId}::uuid,
      case when n = ${count}::int then date '2032-01-31' else date '2032-01-01' + ((n - 1) % 30) end
    from generate_series(1, ${count}::int) n`;
}
