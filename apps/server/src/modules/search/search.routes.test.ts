import type { SearchResult } from '@tasklane/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCategory,
  buildComment,
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
 * GET /search (issue 18, decision 029). Every test makes its own people, so what one finds never
 * depends on what another test made: a person finds only what they can see.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

async function search(cookie: string, query: string) {
  return server.request('GET', `/api/v1/search?${query}`, { cookie });
}

/** The results of a search that must succeed. */
async function found(cookie: string, q: string, extra = ''): Promise<SearchResult[]> {
  const response = await search(cookie, `q=${encodeURIComponent(q)}${extra}`);
  expect(response.status, response.text).toBe(200);
  expect(response.body.success).toBe(true);
  return response.body.data as SearchResult[];
}

const titles = (results: SearchResult[]) => results.map((result) => result.title);

/** A person with a project (in a workspace of theirs), a feature in it and a TASK category. */
async function buildDesk(names: { workspace?: string; project?: string; feature?: string } = {}) {
  const person = await buildSignedInUser(server);
  const workspace = await buildWorkspace(server, person.cookie, names.workspace ? { name: names.workspace } : {});
  const project = await buildProject(server, person.cookie, { workspaceId: workspace._id, ...(names.project ? { name: names.project } : {}) });
  const feature = await buildFeature(server, person.cookie, project._id, names.feature ? { title: names.feature } : {});
  const category = await buildCategory(server, person.cookie, { type: 'TASK' });
  const task = (overrides: Record<string, unknown>) => buildTask(server, person.cookie, feature._id, { categoryId: category._id, ...overrides });
  return { person, workspace, project, feature, category, task };
}

/** Moves a row's recency (tests that need an order of time without waiting). */
async function setUpdatedAt(table: 'tasks' | 'todos', id: string, at: string) {
  await server.database.db.execute(sql`update ${sql.raw(table)} set updated_at = ${at}::timestamptz where id = ${id}`);
}

describe('GET /api/v1/search: what it finds', () => {
  it('finds tasks, features, projects, workspaces, todos and comments, each with the link to its page', async () => {
    const desk = await buildDesk({ workspace: 'Orchard workspace', project: 'Orchard project', feature: 'Orchard feature' });
    const task = await desk.task({ title: 'Orchard task', description: 'Pick the apples' });
    const comment = await buildComment(server, desk.person.cookie, task._id, 'The orchard needs water');
    const todo = await buildTodo(server, desk.person.cookie, { title: 'Orchard todo' });

    const results = await found(desk.person.cookie, 'orchard');
    const byType = Object.fromEntries(results.map((result) => [result.type, result]));
    expect(Object.keys(byType).sort()).toEqual(['comment', 'feature', 'project', 'task', 'todo', 'workspace']);
    const base = `/dashboard/projects/${desk.project._id}`;
    expect(byType.task).toMatchObject({
      _id: task._id,
      title: 'Orchard task',
      url: `${base}/features/${desk.feature._id}/task/${task._id}`,
      project: { _id: desk.project._id, name: 'Orchard project' },
      feature: { _id: desk.feature._id, title: 'Orchard feature' },
    });
    expect(byType.comment).toMatchObject({
      _id: comment._id,
      title: 'Orchard task',
      snippet: 'The <mark>orchard</mark> needs water',
      url: `${base}/features/${desk.feature._id}/task/${task._id}`,
      project: { _id: desk.project._id },
      feature: { _id: desk.feature._id },
    });
    expect(byType.feature).toMatchObject({ _id: desk.feature._id, url: `${base}/features/${desk.feature._id}/task`, project: { _id: desk.project._id } });
    expect(byType.feature).not.toHaveProperty('feature');
    expect(byType.project).toMatchObject({ _id: desk.project._id, url: base });
    expect(byType.project).not.toHaveProperty('project');
    expect(byType.workspace).toMatchObject({ _id: desk.workspace._id, url: `/dashboard/${desk.workspace._id}` });
    expect(byType.todo).toMatchObject({ _id: todo._id, url: `/?todo=${todo._id}`, snippet: '<mark>Orchard</mark> todo' });

    // types= narrows the kinds, comma-separated or repeated.
    expect((await found(desk.person.cookie, 'orchard', '&types=task,comment')).map((result) => result.type).sort()).toEqual(['comment', 'task']);
    expect((await found(desk.person.cookie, 'orchard', '&types=todo&types=workspace')).map((result) => result.type).sort()).toEqual(['todo', 'workspace']);
    expect(await found(desk.person.cookie, 'orchard', '&limit=2')).toHaveLength(2);
  });

  it('needs every word, each as a word or its beginning, in any field of the row', async () => {
    const desk = await buildDesk();
    await desk.task({ title: 'Dashboard widgets', description: 'Charts for the quarterly review', tags: ['frontend'] });
    await desk.task({ title: 'Dashboard login', description: 'Single sign-on' });

    expect(titles(await found(desk.person.cookie, 'dash'))).toEqual(expect.arrayContaining(['Dashboard widgets', 'Dashboard login']));
    expect(titles(await found(desk.person.cookie, 'dashboard quarterly'))).toEqual(['Dashboard widgets']);
    expect(titles(await found(desk.person.cookie, 'DASH front'))).toEqual(['Dashboard widgets']);
    expect(titles(await found(desk.person.cookie, 'dashboard sign'))).toEqual(['Dashboard login']);
    expect(await found(desk.person.cookie, 'dashboard nothingatall')).toEqual([]);
    // A single character is a whole word, not every word it begins.
    expect(await found(desk.person.cookie, 'd', '&types=task')).toEqual([]);
  });

  it('forgives typos and finds part of a word in titles (trigram similarity)', async () => {
    const desk = await buildDesk({ project: 'Tasklane rollout' });
    await desk.task({ title: 'Dashboard redesign' });

    expect(titles(await found(desk.person.cookie, 'dashbord', '&types=task'))).toEqual(['Dashboard redesign']);
    expect(titles(await found(desk.person.cookie, 'board', '&types=task'))).toEqual(['Dashboard redesign']);
    expect(titles(await found(desk.person.cookie, 'tasklan', '&types=project'))).toEqual(['Tasklane rollout']);
    expect(titles(await found(desk.person.cookie, 'tasklame rollout', '&types=project'))).toEqual(['Tasklane rollout']);
    expect(await found(desk.person.cookie, 'xylophone', '&types=task')).toEqual([]);
    // The typo's word is marked in the snippet too.
    expect((await found(desk.person.cookie, 'dashbord', '&types=task'))[0]!.snippet).toBe('<mark>Dashboard</mark> redesign');
  });

  it('ranks a title match above a description match, and the more recent first when equal', async () => {
    const desk = await buildDesk();
    const inDescription = await desk.task({ title: 'Quarterly planning', description: 'Update the kestrel numbers' });
    const inTitle = await desk.task({ title: 'Kestrel numbers', description: 'For the board' });
    const older = await desk.task({ title: 'Kestrel twin', description: 'Same words' });
    const newer = await desk.task({ title: 'Kestrel twin', description: 'Same words' });
    // The description match is the newest: relevance still comes first.
    await setUpdatedAt('tasks', inDescription._id, '2030-01-01T00:00:00Z');
    await setUpdatedAt('tasks', older._id, '2026-01-01T00:00:00Z');
    await setUpdatedAt('tasks', newer._id, '2026-06-01T00:00:00Z');

    const kestrel = await found(desk.person.cookie, 'kestrel', '&types=task');
    expect(kestrel.map((result) => result._id).at(-1)).toBe(inDescription._id);
    expect(kestrel.map((result) => result._id).indexOf(inTitle._id)).toBeLessThan(kestrel.length - 1);
    const twins = await found(desk.person.cookie, 'kestrel twin', '&types=task');
    expect(twins.map((result) => result._id)).toEqual([newer._id, older._id]);
    await setUpdatedAt('tasks', older._id, '2027-01-01T00:00:00Z');
    expect((await found(desk.person.cookie, 'kestrel twin', '&types=task')).map((result) => result._id)).toEqual([older._id, newer._id]);
    // The description's snippet shows where it matched.
    expect(kestrel.at(-1)!.snippet).toBe('Update the <mark>kestrel</mark> numbers');
  });

  it('finds title matches first among many newer description and comment matches, each row once (decision 029, bounded work)', async () => {
    const desk = await buildDesk();
    const titled = await desk.task({ title: 'Plover audit', description: 'Also a plover in the description' });
    await setUpdatedAt('tasks', titled._id, '2020-01-01T00:00:00Z');
    const described = [];
    for (let index = 0; index < 8; index += 1) described.push(await desk.task({ title: `Quarter ${index}`, description: `Count the plover nests ${index}` }));
    const comment = await buildComment(server, desk.person.cookie, described[0]!._id, 'A plover by the pond');

    // Fewer title matches than the page holds: the title first, then every other match, none twice.
    const all = await found(desk.person.cookie, 'plover', '&limit=20');
    const ids = all.map((result) => result._id);
    expect(ids[0]).toBe(titled._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(1).sort()).toEqual([...described.map((task) => task._id), comment._id].sort());
    const small = await found(desk.person.cookie, 'plover', '&limit=3');
    expect(small.map((result) => result._id)[0]).toBe(titled._id);
    expect(small).toHaveLength(3);

    // As many title matches as the page holds: only they are shown, older than every other match.
    const moreTitled = [await desk.task({ title: 'Plover count' }), await desk.task({ title: 'Plovers ringed' })];
    for (const task of moreTitled) await setUpdatedAt('tasks', task._id, '2021-01-01T00:00:00Z');
    const page = await found(desk.person.cookie, 'plover', '&limit=3');
    expect(page.map((result) => result._id).sort()).toEqual([titled._id, ...moreTitled.map((task) => task._id)].sort());
    // Every word must be in the title for the first tier: "plover audit" finds the audit first,
    // then the rows holding both words in any fields (none here but the audit itself).
    expect((await found(desk.person.cookie, 'plover audit')).map((result) => result._id)).toEqual([titled._id]);
  });

  it('answers snippets as escaped text with the matched words marked, cut around the match', async () => {
    const desk = await buildDesk();
    await desk.task({ title: '<script>alert("pwned")</script> & more', description: '' });
    const long = `${'Lorem ipsum dolor sit amet. '.repeat(12)}Here the marmot sleeps. ${'Consectetur adipiscing elit. '.repeat(12)}`;
    await desk.task({ title: 'Long one', description: long });

    const [escaped] = await found(desk.person.cookie, 'script pwned', '&types=task');
    expect(escaped!.title).toBe('<script>alert("pwned")</script> & more');
    expect(escaped!.snippet).toBe('&lt;<mark>script</mark>&gt;alert(&quot;<mark>pwned</mark>&quot;)&lt;/<mark>script</mark>&gt; &amp; more');

    const [cut] = await found(desk.person.cookie, 'marmot', '&types=task');
    expect(cut!.snippet).toContain('<mark>marmot</mark>');
    expect(cut!.snippet.startsWith('…')).toBe(true);
    expect(cut!.snippet.endsWith('…')).toBe(true);
    expect(cut!.snippet.replace(/<\/?mark>/g, '').length).toBeLessThanOrEqual(200);
  });
});

describe('GET /api/v1/search: task keys', () => {
  it('finds a task by its key (any case) first, and only for those who can see it', async () => {
    const desk = await buildDesk({ project: 'Keyed search' });
    const first = await desk.task({ title: 'Alpha keyed item' });
    const second = await desk.task({ title: 'Beta keyed item' });
    const key = (desk.project as unknown as { key: string }).key;
    expect(key).toMatch(/^[A-Z]{2,6}$/);
    const byKey = await found(desk.person.cookie, `${key.toLowerCase()}-2`);
    expect(byKey[0]).toMatchObject({ type: 'task', _id: second._id, title: 'Beta keyed item' });
    expect(byKey.map((result) => result._id)).not.toContain(first._id);
    const stranger = await buildSignedInUser(server);
    expect((await found(stranger.cookie, `${key}-2`)).map((result) => result._id)).not.toContain(second._id);
  });
});

describe('GET /api/v1/search: who finds what', () => {
  it('finds nothing of a project to a non-member, and stops finding it once a member leaves', async () => {
    const desk = await buildDesk({ project: 'Heron project', feature: 'Heron feature' });
    const task = await desk.task({ title: 'Heron task' });
    await buildComment(server, desk.person.cookie, task._id, 'A heron comment');
    const outsider = await buildSignedInUser(server);
    const member = await buildSignedInUser(server);

    expect(await found(outsider.cookie, 'heron')).toEqual([]);

    const added = await server.request('POST', `/api/v1/projects/${desk.project._id}/members`, {
      cookie: desk.person.cookie,
      body: { userId: member.user.id, role: 'VIEWER' },
    });
    expect(added.status, added.text).toBe(201);
    const asMember = await found(member.cookie, 'heron');
    expect(asMember.map((result) => result.type).sort()).toEqual(['comment', 'feature', 'project', 'task']);
    // The workspace of a project they are in is theirs to see too (as GET /workspaces lists it).
    expect((await found(member.cookie, desk.workspace.name, '&types=workspace')).map((result) => result._id)).toEqual([desk.workspace._id]);

    const removed = await server.request('DELETE', `/api/v1/projects/${desk.project._id}/members/${member.user.id}`, { cookie: desk.person.cookie });
    expect(removed.status, removed.text).toBe(200);
    expect(await found(member.cookie, 'heron')).toEqual([]);
    expect(await found(member.cookie, desk.workspace.name, '&types=workspace')).toEqual([]);
  });

  it("never shows another person's todos", async () => {
    const [mine, theirs] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
    const todo = await buildTodo(server, mine.cookie, { title: 'Buy ptarmigan feed' });
    await buildTodo(server, theirs.cookie, { title: 'Buy ptarmigan feed too' });

    expect((await found(mine.cookie, 'ptarmigan')).map((result) => result._id)).toEqual([todo._id]);
    expect((await found(theirs.cookie, 'ptarmigan feed', '&types=todo')).map((result) => result.title)).toEqual(['Buy ptarmigan feed too']);
  });
});

describe('GET /api/v1/search: filters', () => {
  it('is:open keeps tasks and todos not completed or cancelled; is:mine the tasks assigned to me and my todos', async () => {
    const desk = await buildDesk();
    const colleague = await buildSignedInUser(server);
    await server.request('POST', `/api/v1/projects/${desk.project._id}/members`, { cookie: desk.person.cookie, body: { userId: colleague.user.id, role: 'MEMBER' } });
    const open = await desk.task({ title: 'Puffin open', status: 'IN_PROGRESS', assigneeId: desk.person.user.id });
    await desk.task({ title: 'Puffin done', status: 'COMPLETED', assigneeId: desk.person.user.id });
    await desk.task({ title: 'Puffin cancelled', status: 'CANCELLED' });
    const theirs = await desk.task({ title: 'Puffin theirs', status: 'TODO', assigneeId: colleague.user.id });
    const todo = await buildTodo(server, desk.person.cookie, { title: 'Puffin todo', status: 'PENDING' });
    await buildTodo(server, desk.person.cookie, { title: 'Puffin todo done', status: 'COMPLETED' });
    await buildFeature(server, desk.person.cookie, desk.project._id, { title: 'Puffin feature' });

    const openOnes = await found(desk.person.cookie, 'puffin is:open');
    expect(openOnes.map((result) => result._id).sort()).toEqual([open._id, theirs._id, todo._id].sort());
    const mineOnes = await found(desk.person.cookie, 'puffin is:mine');
    expect(mineOnes.map((result) => result.title).sort()).toEqual(['Puffin done', 'Puffin open', 'Puffin todo', 'Puffin todo done']);
    expect((await found(desk.person.cookie, 'puffin IS:OPEN is:mine')).map((result) => result._id).sort()).toEqual([open._id, todo._id].sort());
    // A filter alone lists what it keeps, most recent first.
    expect((await found(colleague.cookie, 'is:mine')).map((result) => result._id)).toEqual([theirs._id]);
  });

  it('status:, priority: and project: narrow to the kinds they apply to', async () => {
    const desk = await buildDesk({ project: 'Gannet Web' });
    const other = await buildProject(server, desk.person.cookie, { workspaceId: desk.workspace._id, name: 'Gannet mobile app' });
    const otherFeature = await buildFeature(server, desk.person.cookie, other._id, { title: 'Gannet store listing', status: 'IN_REVIEW' });
    const inReview = await desk.task({ title: 'Gannet review me', status: 'IN_REVIEW', priority: 'HIGH' });
    await desk.task({ title: 'Gannet todo', status: 'TODO', priority: 'LOW' });
    const otherTask = await buildTask(server, desk.person.cookie, otherFeature._id, { title: 'Gannet icons', priority: 'HIGH' });
    const todo = await buildTodo(server, desk.person.cookie, { title: 'Gannet groceries', priority: 'HIGH' });

    const reviewing = await found(desk.person.cookie, 'gannet status:in_review');
    expect(reviewing.map((result) => result._id).sort()).toEqual([inReview._id, otherFeature._id].sort());
    expect((await found(desk.person.cookie, 'gannet status:"In Review"')).length).toBe(2);
    // A todo status applies to todos alone.
    expect((await found(desk.person.cookie, 'gannet status:pending')).map((result) => result._id)).toEqual([todo._id]);

    const high = await found(desk.person.cookie, 'gannet priority:HIGH');
    expect(high.map((result) => result._id).sort()).toEqual([inReview._id, otherTask._id, todo._id].sort());

    const inWeb = await found(desk.person.cookie, 'gannet project:"gannet web"');
    expect(inWeb.map((result) => result.title).sort()).toEqual(['Gannet Web', 'Gannet review me', 'Gannet todo']);
    const inMobile = await found(desk.person.cookie, 'project:Gannet_mobile', '&types=task');
    expect(inMobile).toEqual([]);
    expect((await found(desk.person.cookie, 'icons project:gannet'))[0]!._id).toBe(otherTask._id);
    expect((await found(desk.person.cookie, 'project:"Gannet mobile app"', '&types=task,feature')).map((result) => result._id).sort()).toEqual(
      [otherFeature._id, otherTask._id].sort(),
    );
    // No kind left: nothing, not an error.
    expect(await found(desk.person.cookie, 'gannet is:open', '&types=workspace')).toEqual([]);
  });
});

describe('GET /api/v1/search: refusals', () => {
  let person: SignedInUser;

  beforeAll(async () => {
    person = await buildSignedInUser(server);
  });

  it('is 401 signed out', async () => {
    const response = await server.request('GET', '/api/v1/search?q=anything');
    expect(response.status).toBe(401);
  });

  it.each([
    ['', 'q is required'],
    ['q=', 'q is required'],
    ['q=%20%20', 'q is required'],
    [`q=${'a'.repeat(201)}`, 'q must be at most 200 characters'],
    ['q=x&types=task,planet', 'types must be among'],
    ['q=x&limit=0', 'limit'],
    ['q=x&limit=51', 'limit'],
    ['q=x&limit=ten', 'limit'],
    ['q=status:shipped', 'Unknown status "shipped"'],
    ['q=x%20status:', 'status: needs a status'],
    ['q=priority:extreme', 'Unknown priority "extreme"'],
    ['q=is:closed', 'Unknown filter "is:closed"'],
    ['q=project:', 'project: needs a project name'],
  ])('is 400 for %s', async (query, message) => {
    const response = await search(person.cookie, query);
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(response.body.message).toContain(message);
  });

  it('answers any q with 200 or a 400 envelope, never a server error', async () => {
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.constantFrom('is:', 'status:', 'priority:', 'project:', '"', "'", ':*', '&', '|', '!', '<->', '\\', '%', 'is:open', 'status:todo', 'project:"a b'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 6 }), async (pieces) => {
        const response = await search(person.cookie, `q=${encodeURIComponent(pieces.join(' '))}`);
        expect([200, 400], response.text).toContain(response.status);
        if (response.status === 400) expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      }),
      { numRuns: 60 },
    );
  });

  it('finds nothing, without an error, in words that are only punctuation or tsquery syntax', async () => {
    for (const q of ['!!!', "' | & :* ( ) <->", '\\', '%_']) expect(await found(person.cookie, q)).toEqual([]);
    expect(await found(person.cookie, "it's a:b (c) & d|e")).toEqual([]);
  });
});
