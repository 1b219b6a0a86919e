import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildFeature, buildProject, buildRegistration, buildSignedInUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

/**
 * Injection (issue 7): SQL metacharacters, escapes and markup in every string field are stored
 * and returned verbatim, and never change what a query does. Each value is already trimmed, so
 * "verbatim" means byte for byte.
 */
const sqlish = `Robert'); DROP TABLE tasks;-- " OR "1"="1 \\' OR 1=1 /* 100% _x_ $1 $$ ::text E'\\x00'`;
const markup = `<script>alert("x")</script><img src=x onerror=alert(1)> &amp; &lt;`;
const unicode = 'Ünïcödé — 😀 日本語 ‮right-to-left‬ tab\there';
const values = [sqlish, markup, unicode];

let server: TestServer;
let cookie: string;
let userId: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie, user: { id: userId } } = await buildSignedInUser(server));
});
afterAll(async () => {
  await server.close();
});

async function call(method: string, path: string, body?: unknown, as = cookie) {
  const response = await server.request(method, path, { cookie: as, body });
  expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
  return response.body;
}

describe.each(values.map((value, index) => [['SQL', 'markup', 'unicode'][index]!, value] as const))('%s text', (_label, value) => {
  const short = (max: number) => value.slice(0, max).trim();

  it('round-trips through a registration (full name) and the user lookup', async () => {
    const registration = buildRegistration({ fullName: short(100) });
    const created = await call('POST', '/api/v1/auth/register', registration);
    expect(created.data.fullName).toBe(short(100));
    const users = await call('GET', `/api/v1/users?email=${encodeURIComponent(registration.email)}`);
    expect(users.data.map((user: { fullName: string }) => user.fullName)).toEqual([short(100)]);
  });

  it('round-trips through categories and todos (title, description, tags)', async () => {
    const category = await buildCategory(server, cookie, { name: short(50) });
    expect(category.name).toBe(short(50));
    const todo = await call('POST', '/api/v1/todos', {
      title: short(200),
      description: value,
      tags: [short(40), 'plain'],
      category: category._id,
    });
    const listed = (await call('GET', '/api/v1/todos')).todos.find((item: { _id: string }) => item._id === todo.data._id);
    expect(listed).toMatchObject({ title: short(200), description: value, tags: [short(40), 'plain'], category: { name: short(50) } });
  });

  it('round-trips through workspaces, projects, features, tasks and comments', async () => {
    const workspace = await call('POST', '/api/v1/workspaces', { name: short(100) });
    expect((await call('GET', '/api/v1/workspaces')).data).toContainEqual(expect.objectContaining({ name: short(100) }));
    const project = await buildProject(server, cookie, { workspaceId: workspace.data._id, name: short(100), description: value });
    expect(await call('GET', `/api/v1/projects/${project._id}`)).toMatchObject({ data: { name: short(100), description: value } });

    const feature = await buildFeature(server, cookie, project._id, { title: short(200), description: value });
    const features = await call('GET', `/api/v1/features?projectId=${project._id}`);
    expect(features.data[0]).toMatchObject({ _id: feature._id, title: short(200), description: value });

    const category = await buildCategory(server, cookie, { type: 'TASK', name: short(50) });
    const task = await call('POST', '/api/v1/tasks', {
      title: short(200),
      description: value,
      tags: [short(40)],
      featureId: feature._id,
      categoryId: category._id,
      assigneeId: userId,
    });
    await call('PUT', `/api/v1/tasks/${task.data._id}`, { status: 'BLOCKED', blockedReason: value });
    const detail = await call('GET', `/api/v1/tasks/${task.data._id}`);
    expect(detail.data).toMatchObject({ title: short(200), description: value, tags: [short(40)], blockedReason: value });
    expect(detail.data.history[0]).toMatchObject({ action: 'BLOCKED', details: expect.objectContaining({ reason: value }) });

    await call('POST', `/api/v1/tasks/${task.data._id}/comments`, { comment: value });
    expect((await call('GET', `/api/v1/tasks/${task.data._id}/comments`)).data[0]).toMatchObject({ comment: value });
    expect((await call('GET', '/api/v1/users/tasks')).data).toContainEqual(expect.objectContaining({ title: short(200) }));
  });
});

describe('search text is matched literally, never as a pattern or as SQL', () => {
  it("a search for '%', '_' or a quote finds only what contains it", async () => {
    const project = await buildProject(server, cookie);
    const titles = ['Ship 100% of it', 'snake_case names', "O'Brien's feature", 'Plain title'];
    for (const title of titles) await buildFeature(server, cookie, project._id, { title });
    const search = async (text: string) =>
      (await call('GET', `/api/v1/features?projectId=${project._id}&search=${encodeURIComponent(text)}`)).data.map(
        (feature: { title: string }) => feature.title,
      );
    expect(await search('%')).toEqual(['Ship 100% of it']);
    expect(await search('_')).toEqual(['snake_case names']);
    expect(await search("'")).toEqual(["O'Brien's feature"]);
    expect(await search("' OR '1'='1")).toEqual([]);
    expect(await search('\\')).toEqual([]);
  });
});
