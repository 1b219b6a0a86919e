import type { Todo } from '@tasklane/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { buildCategory, buildSignedInUser, buildTodo } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ authRateLimit: { perIp: 100_000, windowMs: 60_000 } });
});
afterAll(async () => {
  await server.close();
});

/** A signed-in person in `timeZone` (decision 027's setting), or none chosen. */
async function person(timeZone: string | null = null) {
  const { user, cookie } = await buildSignedInUser(server);
  if (timeZone) await server.database.db.update(users).set({ timeZone }).where(eq(users.id, user.id));
  return cookie;
}

async function allTodos(cookie: string): Promise<Todo[]> {
  const response = await server.request('GET', '/api/v1/todos', { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body.todos as Todo[];
}

/** Saves the todo as read with another status: the dashboard's tick, or any client's full PUT. */
async function saveWithStatus(cookie: string, todo: Todo, status: Todo['status'], extra: Record<string, unknown> = {}) {
  return server.request('PUT', `/api/v1/todos/${todo._id}`, { cookie, body: { ...todo, status, ...extra } });
}

async function complete(cookie: string, todo: Todo, extra: Record<string, unknown> = {}) {
  const response = await saveWithStatus(cookie, todo, 'COMPLETED', extra);
  expect(response.status, response.text).toBe(200);
  return response.body.todo as Todo;
}

/** The todos made from `todo` by completing it (there must be at most one). */
async function nextOf(cookie: string, todo: Todo): Promise<Todo[]> {
  return (await allTodos(cookie)).filter((item) => item._id !== todo._id && item.title === todo.title);
}

const day = (date: string) => `${date}T00:00:00.000Z`;

describe('recurrence on todos', () => {
  it('is accepted on create, answered on every read, and null when the todo does not repeat', async () => {
    const cookie = await person('Europe/Paris');
    const todo = await buildTodo(server, cookie, { title: 'Water plants', dueDate: '2027-03-01', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    expect(todo).toMatchObject({ recurrence: 'FREQ=WEEKLY;BYDAY=MO', recurrenceTimeZone: 'Europe/Paris', dueDate: day('2027-03-01') });
    const plain = await buildTodo(server, cookie, { title: 'Once' });
    expect(plain).toMatchObject({ recurrence: null, recurrenceTimeZone: null });
    const listed = await allTodos(cookie);
    expect(listed.find((item) => item._id === todo._id)).toMatchObject({ recurrence: 'FREQ=WEEKLY;BYDAY=MO', recurrenceTimeZone: 'Europe/Paris' });
    expect(listed.find((item) => item._id === plain._id)?.recurrence).toBeNull();
  });

  it('keeps the rule in UTC for a person without a time zone, upper-cases it and drops an RRULE: prefix', async () => {
    const cookie = await person();
    const todo = await buildTodo(server, cookie, { dueDate: '2027-03-01', recurrence: 'rrule:freq=daily;interval=2' });
    expect(todo).toMatchObject({ recurrence: 'FREQ=DAILY;INTERVAL=2', recurrenceTimeZone: 'UTC' });
  });

  it.each([
    ['not a rule', 'every monday'],
    ['no FREQ', 'BYDAY=MO'],
    ['an unknown FREQ', 'FREQ=FORTNIGHTLY'],
    ['a time of day', 'FREQ=HOURLY'],
    ['a bad day', 'FREQ=WEEKLY;BYDAY=XX'],
    ['an unknown part', 'FREQ=WEEKLY;BYHOUR=9'],
    ['a zero interval', 'FREQ=DAILY;INTERVAL=0'],
    ['COUNT and UNTIL', 'FREQ=DAILY;COUNT=2;UNTIL=20271231'],
    ['a date that never comes', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'],
    ['a number', 42],
  ])('refuses %s with 400 on recurrence', async (_name, recurrence) => {
    const cookie = await person();
    const category = await buildCategory(server, cookie);
    const response = await server.request('POST', '/api/v1/todos', {
      cookie,
      body: { title: 'Bad rule', category: category._id, dueDate: '2027-03-01', recurrence },
    });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false });
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'recurrence' })]));
    expect(await allTodos(cookie)).toHaveLength(0);
  });

  it('gives a repeating todo without a due date its first date from today, in the person\'s time zone', async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are never on the same calendar day.
    const now = Date.now();
    const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const cookie = await person(timeZone);
      const todo = await buildTodo(server, cookie, { title: 'Daily', recurrence: 'FREQ=DAILY' });
      expect(todo.dueDate).toBe(day(todayIn(timeZone)));
      expect(todo.recurrenceTimeZone).toBe(timeZone);
    }
  });

  it('is accepted on quick add', async () => {
    const cookie = await person();
    const response = await server.request('POST', '/api/v1/todos/quick', {
      cookie,
      body: { title: 'Bins out', dueDate: '2027-03-02', recurrence: 'FREQ=WEEKLY;BYDAY=TU' },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.todo).toMatchObject({ recurrence: 'FREQ=WEEKLY;BYDAY=TU', dueDate: day('2027-03-02') });
  });
});

describe('completing a repeating todo', () => {
  // Every preset of the Repeat control, across month ends, year ends and leap days.
  it.each([
    ['daily, into March', 'FREQ=DAILY', '2027-02-28', '2027-03-01'],
    ['daily, onto a leap day', 'FREQ=DAILY', '2028-02-28', '2028-02-29'],
    ['weekdays, Friday to Monday across a month end', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2027-04-30', '2027-05-03'],
    ['weekly on Monday', 'FREQ=WEEKLY;BYDAY=MO', '2027-12-27', '2028-01-03'],
    ['weekly on chosen days', 'FREQ=WEEKLY;BYDAY=TU,FR', '2027-08-31', '2027-09-03'],
    ['monthly on the 31st skips shorter months', 'FREQ=MONTHLY;BYMONTHDAY=31', '2027-01-31', '2027-03-31'],
    ['monthly on the 30th skips February', 'FREQ=MONTHLY;BYMONTHDAY=30', '2028-01-30', '2028-03-30'],
    ['monthly on the last day', 'FREQ=MONTHLY;BYMONTHDAY=-1', '2028-01-31', '2028-02-29'],
    ['monthly on the 15th across a year end', 'FREQ=MONTHLY;BYMONTHDAY=15', '2027-12-15', '2028-01-15'],
    ['yearly on February 29 waits for a leap year', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2028-02-29', '2032-02-29'],
    ['yearly on March 1', 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1', '2027-03-01', '2028-03-01'],
    ['every 3 days across a year end', 'FREQ=DAILY;INTERVAL=3', '2027-12-30', '2028-01-02'],
    ['every 2 weeks on Monday', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', '2028-02-21', '2028-03-06'],
    ['every 2 months on the 31st', 'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=31', '2027-12-31', '2028-08-31'],
    ['every 6 months on the 29th', 'FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=29', '2027-08-29', '2028-02-29'],
  ])('%s: %s due %s comes back due %s', async (_name, rule, due, next) => {
    const cookie = await person('Europe/Paris');
    const category = await buildCategory(server, cookie);
    const todo = await buildTodo(server, cookie, {
      title: `Chore ${rule}`,
      description: 'Same fields',
      priority: 'HIGH',
      tags: ['home'],
      dueDate: due,
      recurrence: rule,
      category: category._id,
    });
    const completed = await complete(cookie, todo);
    expect(completed).toMatchObject({ status: 'COMPLETED', dueDate: day(due), recurrence: rule });
    expect(completed.completedAt).not.toBeNull();

    const made = await nextOf(cookie, todo);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      title: todo.title,
      description: 'Same fields',
      priority: 'HIGH',
      tags: ['home'],
      category: { _id: category._id },
      status: 'PENDING',
      completedAt: null,
      dueDate: day(next),
      recurrence: rule,
      recurrenceTimeZone: 'Europe/Paris',
    });
  });

  it.each([
    ['Europe/Paris, clocks forward on 2027-03-28', 'Europe/Paris', '2027-03-22', '2027-03-29', 'FREQ=WEEKLY;BYDAY=MO'],
    ['Europe/Paris, clocks back on 2027-10-31', 'Europe/Paris', '2027-10-31', '2027-11-01', 'FREQ=DAILY'],
    ['America/New_York, clocks back on 2027-11-07', 'America/New_York', '2027-11-06', '2027-11-07', 'FREQ=DAILY'],
    ['Australia/Sydney, clocks forward on 2027-10-03', 'Australia/Sydney', '2027-09-27', '2027-10-04', 'FREQ=WEEKLY;BYDAY=MO'],
  ])('keeps whole days across a daylight-saving change (%s)', async (_name, timeZone, due, next, rule) => {
    const cookie = await person(timeZone);
    const todo = await buildTodo(server, cookie, { title: `Across ${timeZone} ${due}`, dueDate: due, recurrence: rule });
    await complete(cookie, todo);
    const [made] = await nextOf(cookie, todo);
    expect(made).toMatchObject({ dueDate: day(next), recurrenceTimeZone: timeZone });
    // And the one after it, on the far side of the change.
    await complete(cookie, made!);
    const after = (await allTodos(cookie)).filter((item) => item.title === todo.title && item.status === 'PENDING');
    expect(after).toHaveLength(1);
    expect(after[0]!.dueDate! > day(next)).toBe(true);
  });

  it('makes exactly one next todo when completed several times at once', async () => {
    const cookie = await person();
    const todo = await buildTodo(server, cookie, { title: 'Raced', dueDate: '2027-06-07', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => saveWithStatus(cookie, todo, 'COMPLETED')));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const made = await nextOf(cookie, todo);
    expect(made).toHaveLength(1);
    expect(made[0]!.dueDate).toBe(day('2027-06-14'));
  });

  it('makes no second next todo when ticked, unticked and ticked again', async () => {
    const cookie = await person();
    const todo = await buildTodo(server, cookie, { title: 'Flip-flop', dueDate: '2027-06-07', recurrence: 'FREQ=DAILY' });
    const done = await complete(cookie, todo);
    const undone = await saveWithStatus(cookie, done, 'PENDING');
    expect(undone.status, undone.text).toBe(200);
    await complete(cookie, undone.body.todo as Todo);
    expect(await nextOf(cookie, todo)).toHaveLength(1);
  });

  it('makes the next todo for a client that leaves recurrence out of its PUT, and keeps the rule', async () => {
    const cookie = await person('Asia/Tokyo');
    const todo = await buildTodo(server, cookie, { title: 'Old client', dueDate: '2027-01-31', recurrence: 'FREQ=MONTHLY;BYMONTHDAY=-1' });
    const { recurrence: _recurrence, recurrenceTimeZone: _zone, ...asOldClientsSendIt } = todo;
    const response = await server.request('PUT', `/api/v1/todos/${todo._id}`, {
      cookie,
      body: { ...asOldClientsSendIt, category: todo.category!._id, status: 'COMPLETED' },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.todo).toMatchObject({ status: 'COMPLETED', recurrence: 'FREQ=MONTHLY;BYMONTHDAY=-1', recurrenceTimeZone: 'Asia/Tokyo' });
    const made = await nextOf(cookie, todo);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ dueDate: day('2027-02-28'), recurrence: 'FREQ=MONTHLY;BYMONTHDAY=-1' });
  });

  it('makes nothing when the todo does not repeat, and nothing on other saves', async () => {
    const cookie = await person();
    const plain = await buildTodo(server, cookie, { title: 'Plain', dueDate: '2027-06-07' });
    await complete(cookie, plain);
    expect(await nextOf(cookie, plain)).toHaveLength(0);
    const repeating = await buildTodo(server, cookie, { title: 'Edited', dueDate: '2027-06-07', recurrence: 'FREQ=DAILY' });
    const edited = await saveWithStatus(cookie, repeating, 'IN_PROGRESS', { description: 'Started' });
    expect(edited.status, edited.text).toBe(200);
    expect(await nextOf(cookie, repeating)).toHaveLength(0);
  });

  it('counts COUNT down and stops when it is used up, and stops after UNTIL', async () => {
    const cookie = await person();
    const counted = await buildTodo(server, cookie, { title: 'Twice', dueDate: '2027-06-07', recurrence: 'FREQ=DAILY;COUNT=2' });
    await complete(cookie, counted);
    const [second] = await nextOf(cookie, counted);
    expect(second).toMatchObject({ dueDate: day('2027-06-08'), recurrence: 'FREQ=DAILY;COUNT=1' });
    await complete(cookie, second!);
    expect((await allTodos(cookie)).filter((item) => item.title === 'Twice')).toHaveLength(2);

    const until = await buildTodo(server, cookie, { title: 'Until', dueDate: '2027-06-07', recurrence: 'FREQ=WEEKLY;UNTIL=20270610' });
    await complete(cookie, until);
    expect(await nextOf(cookie, until)).toHaveLength(0);
  });

  it('stops repeating with recurrence null and leaves the todos made so far alone', async () => {
    const cookie = await person();
    const todo = await buildTodo(server, cookie, { title: 'Stop me', dueDate: '2027-06-07', recurrence: 'FREQ=DAILY' });
    const done = await complete(cookie, todo);
    const [next] = await nextOf(cookie, todo);
    const stopped = await server.request('PUT', `/api/v1/todos/${next!._id}`, { cookie, body: { ...next, recurrence: null } });
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.body.todo).toMatchObject({ recurrence: null, recurrenceTimeZone: null, dueDate: day('2027-06-08') });
    await complete(cookie, stopped.body.todo as Todo);
    const all = (await allTodos(cookie)).filter((item) => item.title === 'Stop me');
    expect(all).toHaveLength(2);
    expect(all.find((item) => item._id === done._id)).toMatchObject({ status: 'COMPLETED', recurrence: 'FREQ=DAILY' });
  });

  it('is in the account export', async () => {
    const cookie = await person();
    const todo = await buildTodo(server, cookie, { title: 'Exported', dueDate: '2027-06-07', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    const response = await server.request('GET', '/api/v1/users/me/export', { cookie });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text).todos).toEqual([
      expect.objectContaining({ _id: todo._id, recurrence: 'FREQ=WEEKLY;BYDAY=MO', recurrenceTimeZone: 'UTC' }),
    ]);
  });
});
