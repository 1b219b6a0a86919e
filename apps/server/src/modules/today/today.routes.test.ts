import { calendarDateIn, nextCalendarDate, type Today, type TodayItem } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeature, buildProject, buildSignedInUser, buildTask, buildTodo, type SignedInUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ authRateLimit: { perIp: 100_000, windowMs: 60_000 } });
});
afterAll(async () => {
  await server.close();
});

const previousDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

async function today(cookie: string): Promise<Today> {
  const response = await server.request('GET', '/api/v1/users/me/today', { cookie });
  expect(response.status, response.text).toBe(200);
  expect(response.body.success).toBe(true);
  return response.body.data as Today;
}

const describeItem = (item: TodayItem) => `${item.kind}:${item.kind === 'todo' ? item.todo.title : item.task.title}:${item.reason}`;

async function buildSharedFeature(owner: SignedInUser, member: SignedInUser) {
  const project = await buildProject(server, owner.cookie, { members: [{ userId: member.user.id, role: 'MEMBER' }] });
  const feature = await buildFeature(server, owner.cookie, project._id);
  return { project, feature };
}

describe('GET /api/v1/users/me/today', () => {
  it('needs a session', async () => {
    const response = await server.request('GET', '/api/v1/users/me/today');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('lists open todos marked for today and open todos and assigned tasks due today or overdue, by priority', async () => {
    const [owner, me] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
    const date = calendarDateIn(Date.now(), 'UTC');
    const yesterday = previousDate(date);
    const tomorrow = nextCalendarDate(date);
    const { feature } = await buildSharedFeature(owner, me);

    await buildTodo(server, me.cookie, { title: 'Focus, no date', isToday: true, priority: 'MEDIUM' });
    await buildTodo(server, me.cookie, { title: 'Late todo', dueDate: yesterday, priority: 'LOW' });
    await buildTodo(server, me.cookie, { title: 'Todo due today', dueDate: date, priority: 'URGENT' });
    await buildTodo(server, me.cookie, { title: 'Focus, due tomorrow', dueDate: tomorrow, isToday: true, priority: 'HIGH' });
    await buildTodo(server, me.cookie, { title: 'Tomorrow only', dueDate: tomorrow, priority: 'URGENT' });
    await buildTodo(server, me.cookie, { title: 'Done today', dueDate: date, status: 'COMPLETED', isToday: true });
    await buildTodo(server, owner.cookie, { title: "Owner's todo", dueDate: date, isToday: true });
    await buildTask(server, owner.cookie, feature._id, { title: 'Task due today', assigneeId: me.user.id, dueDate: date, priority: 'HIGH' });
    await buildTask(server, owner.cookie, feature._id, { title: 'Late task', assigneeId: me.user.id, dueDate: yesterday, priority: 'URGENT' });
    await buildTask(server, owner.cookie, feature._id, { title: 'Task tomorrow', assigneeId: me.user.id, dueDate: tomorrow, priority: 'URGENT' });
    await buildTask(server, owner.cookie, feature._id, { title: 'Task done', assigneeId: me.user.id, dueDate: date, status: 'COMPLETED' });
    await buildTask(server, owner.cookie, feature._id, { title: "Owner's task", assigneeId: owner.user.id, dueDate: date });

    const data = await today(me.cookie);
    expect(data).toMatchObject({ date, timeZone: 'UTC', total: 6 });
    expect(data.items.map(describeItem)).toEqual([
      'task:Late task:OVERDUE',
      'todo:Todo due today:DUE_TODAY',
      'task:Task due today:DUE_TODAY',
      'todo:Focus, due tomorrow:FOCUS',
      'todo:Focus, no date:FOCUS',
      'todo:Late todo:OVERDUE',
    ]);
    // Each item is the resource as its own routes answer it.
    const task = data.items.find((item) => item.kind === 'task')!;
    expect(task.kind === 'task' && task.task).toMatchObject({ title: 'Late task', isOverdue: true, dueDate: `${yesterday}T00:00:00.000Z` });
    const todo = data.items.find((item) => item.kind === 'todo')!;
    expect(todo.kind === 'todo' && todo.todo).toMatchObject({ title: 'Todo due today', status: 'PENDING', dueDate: `${date}T00:00:00.000Z` });
  });

  it('drops a task of a project the person left, and an item once it is completed', async () => {
    const [owner, me] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
    const date = calendarDateIn(Date.now(), 'UTC');
    const { project, feature } = await buildSharedFeature(owner, me);
    await buildTask(server, owner.cookie, feature._id, { title: 'Shared task', assigneeId: me.user.id, dueDate: date });
    const todo = await buildTodo(server, me.cookie, { title: 'Plan', isToday: true });
    expect((await today(me.cookie)).total).toBe(2);

    const left = await server.request('DELETE', `/api/v1/projects/${project._id}/members/${me.user.id}`, { cookie: owner.cookie });
    expect(left.status, left.text).toBe(200);
    expect((await today(me.cookie)).items.map(describeItem)).toEqual(['todo:Plan:FOCUS']);

    const done = await server.request('PUT', `/api/v1/todos/${todo._id}`, { cookie: me.cookie, body: { ...todo, status: 'COMPLETED' } });
    expect(done.status, done.text).toBe(200);
    expect(await today(me.cookie)).toMatchObject({ total: 0, items: [] });
  });

  it("takes today in the person's time zone", async () => {
    const me = await buildSignedInUser(server);
    // At any moment one of these two zones (UTC+14 and UTC-11) is on another date than UTC.
    const utcDate = calendarDateIn(Date.now(), 'UTC');
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((name) => calendarDateIn(Date.now(), name) !== utcDate)!;
    const zoneDate = calendarDateIn(Date.now(), zone);
    const saved = await server.request('PUT', '/api/v1/users/me', { cookie: me.cookie, body: { timeZone: zone } });
    expect(saved.status, saved.text).toBe(200);
    await buildTodo(server, me.cookie, { title: 'Due on the zone’s today', dueDate: zoneDate });
    await buildTodo(server, me.cookie, { title: 'Due the day after', dueDate: nextCalendarDate(zoneDate) });

    const data = await today(me.cookie);
    expect(data).toMatchObject({ date: zoneDate, timeZone: zone, total: 1 });
    expect(data.items.map(describeItem)).toEqual(['todo:Due on the zone’s today:DUE_TODAY']);
  });
});
