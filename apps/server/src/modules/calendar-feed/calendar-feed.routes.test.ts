import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildFeature,
  buildProject,
  buildSignedInAdmin,
  buildSignedInUser,
  buildTask,
  buildTodo,
  type SignedInUser,
} from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;
let admin: SignedInUser;

beforeAll(async () => {
  server = await startTestServer({ authRateLimit: { perIp: 100_000, windowMs: 60_000 } });
  admin = await buildSignedInAdmin(server);
});
afterAll(async () => {
  await server.close();
});

const FEED_URL = /^http:\/\/[^/]+\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/;

async function feedUrlOf(cookie: string): Promise<string> {
  const response = await server.request('GET', '/api/v1/users/me/calendar-feed', { cookie });
  expect(response.status, response.text).toBe(200);
  expect(response.body.success).toBe(true);
  return response.body.data.url as string;
}

/** The feed read as a calendar app does: the URL alone, no cookie. */
async function readFeed(url: string, headers: Record<string, string> = {}) {
  return server.request('GET', new URL(url).pathname, { headers });
}

type FeedEvent = {
  uid: string;
  summary: string;
  description: string;
  start: string;
  end: string;
  isAllDay: boolean;
  url: string | null;
  categories: string[];
};

/** The feed's events as a separate parser (ical.js) reads them. */
function eventsOf(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      isAllDay: event.startDate.isDate,
      url: vevent.getFirstPropertyValue('url') as string | null,
      categories: vevent.getAllProperties('categories').flatMap((property) => property.getValues() as string[]),
    };
  });
}

/** A project of `owner` with `member` in it as a MEMBER, and a feature. */
async function buildSharedFeature(owner: SignedInUser, member: SignedInUser, name = 'Apollo') {
  const project = await buildProject(server, owner.cookie, { name, members: [{ userId: member.user.id, role: 'MEMBER' }] });
  const feature = await buildFeature(server, owner.cookie, project._id, { title: 'Launch' });
  return { project, feature };
}

describe('GET /api/v1/users/me/calendar-feed', () => {
  it('answers the same absolute URL each time, made on first ask', async () => {
    const me = await buildSignedInUser(server);
    const first = await feedUrlOf(me.cookie);
    expect(first).toMatch(FEED_URL);
    expect(new URL(first).origin).toBe(new URL(server.url).origin);
    expect(await feedUrlOf(me.cookie)).toBe(first);
    // Everyone has their own.
    expect(await feedUrlOf((await buildSignedInUser(server)).cookie)).not.toBe(first);
  });

  it('needs a session', async () => {
    const response = await server.request('GET', '/api/v1/users/me/calendar-feed');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect((await server.request('POST', '/api/v1/users/me/calendar-feed/reset')).status).toBe(401);
  });
});

describe('GET /api/v1/calendar/{token}.ics', () => {
  it('holds my assigned tasks and my todos with due dates as all-day events, read with no cookie', async () => {
    const [owner, me] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
    const { project, feature } = await buildSharedFeature(owner, me, 'Apollo, Inc; West');
    const title = 'Ship v2, finally; then rest\nfor a day';
    const task = await buildTask(server, owner.cookie, feature._id, { title, assigneeId: me.user.id, dueDate: '2026-12-31', status: 'IN_PROGRESS' });
    await buildTask(server, owner.cookie, feature._id, { title: 'No date', assigneeId: me.user.id });
    await buildTask(server, owner.cookie, feature._id, { title: "The owner's own", assigneeId: owner.user.id, dueDate: '2026-12-30' });
    const todo = await buildTodo(server, me.cookie, { title: 'Buy milk, eggs', dueDate: '2027-01-01', description: 'Two of each' });
    await buildTodo(server, me.cookie, { title: 'Someday' });

    const response = await readFeed(await feedUrlOf(me.cookie));
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.text).toContain('BEGIN:VCALENDAR');

    const events = eventsOf(response.text);
    expect(events.map((event) => event.summary).sort()).toEqual(['Buy milk, eggs', title]);
    const taskEvent = events.find((event) => event.summary === title)!;
    expect(taskEvent).toMatchObject({ start: '2026-12-31', end: '2027-01-01', isAllDay: true });
    expect(taskEvent.url).toBe(`${server.url}/dashboard/projects/${project._id}/features/${feature._id}/task/${task._id}`);
    expect(taskEvent.categories).toEqual(['Apollo, Inc; West', 'IN_PROGRESS']);
    expect(taskEvent.description).toContain(`${task.key} in Apollo, Inc; West / Launch`);
    expect(taskEvent.description).toContain('Status: IN_PROGRESS');
    // The escaping is the writer's: the raw text holds the title's commas, semicolons and newline escaped.
    expect(response.text).toContain('SUMMARY:Ship v2\\, finally\\; then rest\\nfor a day');

    const todoEvent = events.find((event) => event.summary === 'Buy milk, eggs')!;
    expect(todoEvent).toMatchObject({ start: '2027-01-01', end: '2027-01-02', isAllDay: true });
    expect(todoEvent.description).toContain('Two of each');
    expect(todoEvent.description).toContain('Status: PENDING');
    expect(todoEvent.categories).toContain('PENDING');

    // One UID per item, the same on every read.
    expect(new Set(events.map((event) => event.uid)).size).toBe(2);
    expect(taskEvent.uid).toBe(`task-${task._id}@tasklane`);
    expect(todoEvent.uid).toBe(`todo-${todo._id}@tasklane`);
    const again = eventsOf((await readFeed(await feedUrlOf(me.cookie))).text);
    expect(again.map((event) => event.uid).sort()).toEqual(events.map((event) => event.uid).sort());
  });

  it("never holds another person's items, nor tasks of a project the person left", async () => {
    const [owner, me, other] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server), buildSignedInUser(server)]);
    const { project, feature } = await buildSharedFeature(owner, me);
    await buildTask(server, owner.cookie, feature._id, { title: 'Mine while I stay', assigneeId: me.user.id, dueDate: '2026-12-01' });
    await buildTodo(server, other.cookie, { title: "Other's todo", dueDate: '2026-12-01' });
    await buildTodo(server, me.cookie, { title: 'My todo', dueDate: '2026-12-02' });

    const url = await feedUrlOf(me.cookie);
    expect(eventsOf((await readFeed(url)).text).map((event) => event.summary).sort()).toEqual(['Mine while I stay', 'My todo']);
    const otherEvents = eventsOf((await readFeed(await feedUrlOf(other.cookie))).text);
    expect(otherEvents.map((event) => event.summary)).toEqual(["Other's todo"]);

    // I leave the project: its task, still assigned to me, leaves my feed.
    const left = await server.request('DELETE', `/api/v1/projects/${project._id}/members/${me.user.id}`, { cookie: owner.cookie });
    expect(left.status, left.text).toBe(200);
    expect(eventsOf((await readFeed(url)).text).map((event) => event.summary)).toEqual(['My todo']);
  });

  it('a reset makes the old URL 404 at once, and the new one works', async () => {
    const me = await buildSignedInUser(server);
    await buildTodo(server, me.cookie, { title: 'Water plants', dueDate: '2026-12-05' });
    const old = await feedUrlOf(me.cookie);
    expect((await readFeed(old)).status).toBe(200);

    const reset = await server.request('POST', '/api/v1/users/me/calendar-feed/reset', { cookie: me.cookie });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.success).toBe(true);
    const renewed = reset.body.data.url as string;
    expect(renewed).toMatch(FEED_URL);
    expect(renewed).not.toBe(old);

    const gone = await readFeed(old);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await feedUrlOf(me.cookie)).toBe(renewed);
    expect(eventsOf((await readFeed(renewed)).text).map((event) => event.summary)).toEqual(['Water plants']);
  });

  it("answers 404 for a deactivated account's feed, and again once it is reactivated", async () => {
    const me = await buildSignedInUser(server);
    const url = await feedUrlOf(me.cookie);
    const deactivate = await server.request('PUT', `/api/v1/admin/users/${me.user.id}`, { cookie: admin.cookie, body: { deactivated: true } });
    expect(deactivate.status, deactivate.text).toBe(200);
    expect((await readFeed(url)).status).toBe(404);
    await server.request('PUT', `/api/v1/admin/users/${me.user.id}`, { cookie: admin.cookie, body: { deactivated: false } });
    expect((await readFeed(url)).status).toBe(200);
  });

  it("answers 404 for a deleted account's feed, and its token is gone", async () => {
    const me = await buildSignedInUser(server);
    const url = await feedUrlOf(me.cookie);
    const deleted = await server.request('DELETE', '/api/v1/users/me', { cookie: me.cookie, body: { password: me.user.password } });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await readFeed(url)).status).toBe(404);
    const token = /calendar\/([^.]+)\.ics/.exec(url)![1]!;
    const rows = await server.database.db.execute(sql`select 1 from calendar_feeds where token = ${token}`);
    expect(Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('answers 404 for a token that names nobody or is not one', async () => {
    for (const file of [`${'a'.repeat(43)}.ics`, 'nothing.ics', `${'a'.repeat(43)}`, `${'a'.repeat(43)}.json`]) {
      const response = await server.request('GET', `/api/v1/calendar/${file}`);
      expect(response.status, file).toBe(404);
      expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it("names the person's time zone, and an all-day event keeps its date in it", async () => {
    const me = await buildSignedInUser(server);
    const saved = await server.request('PUT', '/api/v1/users/me', { cookie: me.cookie, body: { timeZone: 'Pacific/Auckland' } });
    expect(saved.status, saved.text).toBe(200);
    await buildTodo(server, me.cookie, { title: 'New Year', dueDate: '2026-12-31' });
    const text = (await readFeed(await feedUrlOf(me.cookie))).text;
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Pacific/Auckland');
    // A date, not a time: the same day in Auckland, in UTC and everywhere else.
    expect(text).toContain('DTSTART;VALUE=DATE:20261231');
    expect(eventsOf(text)[0]).toMatchObject({ start: '2026-12-31', end: '2027-01-01', isAllDay: true });
  });

  it('answers 304 to a poll whose ETag still holds, and the new text once something changed', async () => {
    const me = await buildSignedInUser(server);
    const todo = await buildTodo(server, me.cookie, { title: 'Call Ann', dueDate: '2026-12-07' });
    const url = await feedUrlOf(me.cookie);
    const first = await readFeed(url);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const unchanged = await readFeed(url, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');

    const moved = await server.request('PUT', `/api/v1/todos/${todo._id}`, { cookie: me.cookie, body: { ...todo, dueDate: '2026-12-08' } });
    expect(moved.status, moved.text).toBe(200);
    const changed = await readFeed(url, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(eventsOf(changed.text)[0]).toMatchObject({ start: '2026-12-08', end: '2026-12-09' });
  });

  it('is compressed for a calendar app that accepts it', async () => {
    const me = await buildSignedInUser(server);
    for (let day = 1; day <= 12; day += 1) await buildTodo(server, me.cookie, { title: `Chore ${day}`, dueDate: `2026-12-${String(day).padStart(2, '0')}` });
    const response = await readFeed(await feedUrlOf(me.cookie), { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(eventsOf(response.text)).toHaveLength(12);
  });

  it('keeps the token out of the log', async () => {
    const me = await buildSignedInUser(server);
    const url = await feedUrlOf(me.cookie);
    await readFeed(url);
    const token = /calendar\/([^.]+)\.ics/.exec(url)![1]!;
    expect(server.logs.some((line) => line.includes(token))).toBe(false);
  });
});
