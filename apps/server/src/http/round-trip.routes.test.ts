import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsOf } from '../../test/board.js';
import { buildCategory, buildFeature, buildProject, buildSignedInUser, buildTask, buildWorkspace } from '../../test/factories.js';
import { roundTrips } from '../../test/round-trip-resources.js';
import { movedByAnyWrite, unique, without, type Item, type RoundTrip, type World } from '../../test/round-trip.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

/*
 * SPEC.md section 7: PUT /todos/{todoId} takes "the full todo". Whatever a client reads, it may
 * change one field of and send back whole: references come back as objects ({ _id, name, ... })
 * and read-only fields (createdAt, abilities, statistics ...) come back too, and neither may make
 * the write fail or change anything but the field the client changed.
 */

let server: TestServer;
let world: World;
let resources: RoundTrip[];

beforeAll(async () => {
  server = await startTestServer();
  const [owner, member] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
  const workspace = await buildWorkspace(server, owner.cookie);
  const project = await buildProject(server, owner.cookie, {
    workspaceId: workspace._id,
    members: [{ userId: member.user.id, role: 'MEMBER' }],
  });
  const features = [await buildFeature(server, owner.cookie, project._id), await buildFeature(server, owner.cookie, project._id)];
  const categories = {} as World['categories'];
  for (const type of ['TODO', 'TASK', 'PROJECT'] as const) {
    categories[type] = [await buildCategory(server, owner.cookie, { type }), await buildCategory(server, owner.cookie, { type })];
  }
  world = {
    owner,
    member,
    workspaceId: workspace._id,
    projectId: project._id,
    featureIds: [features[0]!._id, features[1]!._id],
    categories,
  };
  const task = await buildTask(server, owner.cookie, features[0]!._id, { categoryId: categories.TASK[0]._id });
  const people = project.members.map((m) => m.userId as unknown as Item);
  const featureRefs = features.map((f) => ({ _id: f._id, title: f.title }));
  resources = roundTrips(server, world, people, featureRefs, task._id);
});
afterAll(async () => {
  await server?.close();
});

/** The keys of `item` that `view` has (a list item may show less than the detail). */
function only(item: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, item[key]]));
}

function withChange(item: Item, field: string, value: unknown, merge = false): Item {
  return { ...item, [field]: merge ? { ...(item[field] as object), ...(value as object) } : value };
}

describe('a client may send back what it read', () => {
  it.each(['todo', 'category', 'workspace', 'project', 'feature', 'task', 'comment'])(
    '%s: read through every route, change one field, write the whole object: only that field changes',
    async (name) => {
      const resource = resources.find((candidate) => candidate.name === name)!;
      await fc.assert(
        fc.asyncProperty(resource.changes, fc.nat({ max: 9 }), async (change, viewIndex) => {
          const created = await resource.create();
          const views = await resource.read(created._id, created);
          // The last view is the fullest: the detail where there is one. Every route agrees with it.
          const current = views.at(-1)!;
          for (const view of views) expect(view).toEqual(only(current, Object.keys(view)));

          const source = views[viewIndex % views.length]!;
          const response = await resource.write(source, withChange(source, change.field, change.sent, change.merge));
          expect(response.status, response.text).toBe(resource.isCopy ? 201 : 200);

          const written = resource.written(response);
          const ignored = [...movedByAnyWrite, ...(change.alsoMoves ?? []), ...(resource.isCopy ? ['_id', 'createdAt'] : [])];
          const expected = without(withChange(current, change.field, change.expected, change.merge), ignored);
          for (const view of [written, ...(await resource.read(written._id, written))]) {
            expect(without(view, ignored)).toEqual(only(expected, Object.keys(without(view, ignored))));
          }
        }),
        { numRuns: 15 },
      );
    },
  );
});

describe('a create may carry what a read gave', () => {
  async function read(path: string) {
    const response = await server.request('GET', path, { cookie: world.owner.cookie });
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  }
  async function post(path: string, body: unknown) {
    return server.request('POST', path, { cookie: world.owner.cookie, body });
  }

  it('a todo, a project, a feature and a task post back as copies, references and all', async () => {
    const todo = (await post('/api/v1/todos', { title: 'Original', category: world.categories.TODO[1]._id })).body.todo;
    const todoCopy = await post('/api/v1/todos', { ...todo, title: 'Copy' });
    expect(todoCopy.status, todoCopy.text).toBe(201);
    expect(todoCopy.body.todo).toMatchObject({ title: 'Copy', category: todo.category });

    const project = await read(`/api/v1/projects/${world.projectId}`);
    // A project's key is unique (decision 028): a copy with the original's key is refused on that
    // field; without it, the copy gets a key of its own.
    const sameKey = await post('/api/v1/projects', { ...project, name: 'Copy', category: null });
    expect(sameKey.status).toBe(409);
    expect(sameKey.body.errors).toEqual([{ field: 'key', message: `Key ${String(project.key)} is already used by another project` }]);
    const projectCopy = await post('/api/v1/projects', { ...project, key: undefined, name: 'Copy', category: { _id: world.categories.PROJECT[0]._id } });
    expect(projectCopy.status, projectCopy.text).toBe(201);
    expect(projectCopy.body.data).toMatchObject({ name: 'Copy', workspaceId: project.workspaceId, category: { _id: world.categories.PROJECT[0]._id } });

    const feature = await read(`/api/v1/features/${world.featureIds[0]}`);
    const featureCopy = await post('/api/v1/features', { ...feature, title: 'Copy' });
    expect(featureCopy.status, featureCopy.text).toBe(201);
    expect(featureCopy.body.data).toMatchObject({ title: 'Copy', projectId: feature.projectId, version: 1 });

    const created = (await post('/api/v1/tasks', { title: 'Original', featureId: world.featureIds[1], categoryId: world.categories.TASK[1]._id, assigneeId: world.member.user.id })).body.data;
    const task = await read(`/api/v1/tasks/${created._id}`);
    const taskCopy = await post('/api/v1/tasks', { ...task, title: 'Copy' });
    expect(taskCopy.status, taskCopy.text).toBe(201);
    const { assigneeId, categoryId, featureId, projectId } = task;
    expect(taskCopy.body.data).toMatchObject({ title: 'Copy', assigneeId, categoryId, featureId, projectId, version: 1 });
  });

  it('a member read in one project is added to another as read', async () => {
    const other = await post('/api/v1/projects', { name: unique('Other'), workspaceId: world.workspaceId });
    const members = (await read(`/api/v1/projects/${world.projectId}/members`)) as Array<Item & { userId: Item }>;
    const member = members.find((candidate) => candidate.userId._id === world.member.user.id)!;
    const added = await post(`/api/v1/projects/${other.body.data._id}/members`, member);
    expect(added.status, added.text).toBe(201);
    expect(added.body.data).toMatchObject({ role: member.role, userId: member.userId });
  });

  it('a board move may name its neighbour by the card a read gave', async () => {
    const board = `/api/v1/tasks/board?featureId=${world.featureIds[1]}`;
    const first = (await post('/api/v1/tasks', { title: 'First', featureId: world.featureIds[1], categoryId: world.categories.TASK[0]._id })).body.data;
    const second = (await post('/api/v1/tasks', { title: 'Second', featureId: world.featureIds[1], categoryId: world.categories.TASK[0]._id })).body.data;
    const cards = cardsOf({ data: await read(board) });
    const firstCard = cards.find((card) => card._id === first._id)!;
    // A new task goes to the top: Second is above First; move it below First, naming First by its card.
    const moved = await post(`/api/v1/tasks/${second._id}/move`, { afterId: firstCard, beforeId: null });
    expect(moved.status, moved.text).toBe(200);
    const order = cardsOf({ data: await read(board) }).map((card) => card._id).filter((id) => id === first._id || id === second._id);
    expect(order).toEqual([first._id, second._id]);
  });
});

describe('a reference that names nothing is a 400 on its field, never a 500', () => {
  it.each([
    ['PUT', 'todo', 'category', { name: 'Home' }, 'Please select a category'],
    ['POST', 'task', 'featureId', { _id: 'abc', title: 'A feature' }, 'Feature is required'],
    ['POST', 'task', 'categoryId', { _id: 42 }, 'Category is required'],
    ['POST', 'task', 'assigneeId', ['9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f'], 'Assignee must be a user id'],
    ['POST', 'feature', 'projectId', { id: 'not-_id' }, 'Invalid id'],
  ] as const)('%s %s with %s %j: %s', async (method, resource, field, value, message) => {
    const bodies: Record<string, () => Promise<[string, Record<string, unknown>]>> = {
      todo: async () => {
        const todo = (await post('/api/v1/todos', { title: 'A todo', category: world.categories.TODO[0]._id })).body.todo;
        return [`/api/v1/todos/${todo._id}`, todo];
      },
      task: async () => ['/api/v1/tasks', { title: 'A task', featureId: world.featureIds[0], categoryId: world.categories.TASK[0]._id }],
      feature: async () => ['/api/v1/features', { title: 'A feature', projectId: world.projectId }],
    };
    const [path, body] = await bodies[resource]!();
    const response = await server.request(method, path, { cookie: world.owner.cookie, body: { ...body, [field]: value } });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message, errors: [{ field, message }] });
  });

  function post(path: string, body: unknown) {
    return server.request('POST', path, { cookie: world.owner.cookie, body });
  }
});
