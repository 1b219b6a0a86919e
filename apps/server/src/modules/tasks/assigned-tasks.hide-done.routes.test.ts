import type { Task } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildFeature, buildProject, buildSignedInUser, buildTask, type SignedInUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/** Issue 18: /tasks hides completed and cancelled tasks by default, and says how many. */
let server: TestServer;
let lead: SignedInUser;
let me: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  [lead, me] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
  const project = await buildProject(server, lead.cookie, { members: [{ userId: me.user.id, role: 'MEMBER' }] });
  const feature = await buildFeature(server, lead.cookie, project._id);
  const categoryId = (await buildCategory(server, lead.cookie, { type: 'TASK' }))._id;
  const tasks: Array<[string, string, string]> = [
    ['open urgent', 'TODO', 'URGENT'],
    ['in review', 'IN_REVIEW', 'LOW'],
    ['blocked', 'BLOCKED', 'LOW'],
    ['done urgent', 'COMPLETED', 'URGENT'],
    ['done low', 'COMPLETED', 'LOW'],
    ['dropped', 'CANCELLED', 'LOW'],
  ];
  for (const [title, status, priority] of tasks) {
    await buildTask(server, lead.cookie, feature._id, { categoryId, title, status, priority, assigneeId: me.user.id });
  }
  // The lead's own done task: not mine, never counted.
  await buildTask(server, lead.cookie, feature._id, { categoryId, status: 'COMPLETED', assigneeId: lead.user.id });
});
afterAll(async () => {
  await server.close();
});

async function assigned(query: string) {
  const response = await server.request('GET', `/api/v1/users/tasks${query}`, { cookie: me.cookie });
  expect(response.status, response.text).toBe(200);
  return response.body as { data: Task[]; total: number; hiddenDone?: number };
}
const titles = (tasks: Task[]) => tasks.map((task) => task.title).sort();

describe('GET /api/v1/users/tasks?hideDone=true', () => {
  it('leaves out COMPLETED and CANCELLED tasks and answers how many it left out, paged or not', async () => {
    const paged = await assigned('?page=1&limit=30&hideDone=true');
    expect(titles(paged.data)).toEqual(['blocked', 'in review', 'open urgent']);
    expect(paged).toMatchObject({ total: 3, hiddenDone: 3 });
    expect((await assigned('?hideDone=true')).hiddenDone).toBe(3);
  });

  it('counts within the search and priority', async () => {
    const urgent = await assigned('?page=1&limit=30&hideDone=true&priority=URGENT');
    expect(titles(urgent.data)).toEqual(['open urgent']);
    expect(urgent.hiddenDone).toBe(1);
    const searched = await assigned('?page=1&limit=30&hideDone=true&search=dropped');
    expect(searched).toMatchObject({ data: [], total: 0, hiddenDone: 1 });
  });

  it('a status filter wins: it shows that status, and nothing is counted as hidden', async () => {
    const completed = await assigned('?page=1&limit=30&hideDone=true&status=COMPLETED');
    expect(titles(completed.data)).toEqual(['done low', 'done urgent']);
    expect(completed.hiddenDone).toBe(0);
  });

  it('without it the answer is as before: every assigned task, no hiddenDone', async () => {
    const all = await assigned('?page=1&limit=30');
    expect(all.data).toHaveLength(6);
    expect(all).not.toHaveProperty('hiddenDone');
  });

  it('refuses what is not true or false with 400', async () => {
    const response = await server.request('GET', '/api/v1/users/tasks?hideDone=1', { cookie: me.cookie });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});
