import fc from 'fast-check';
import { categoryTypes, featureStatuses, priorities, projectStatuses, taskStatuses, todoStatuses, type Category } from '@tasklane/contract';
import {
  createOk,
  dueDateChange,
  enumChange,
  hoursChange,
  pick,
  readOk,
  referenceChange,
  tagsChange,
  textChange,
  unique,
  type Change,
  type Item,
  type RoundTrip,
  type World,
} from './round-trip.js';
import type { TestServer } from './test-server.js';

const hexColor = fc.integer({ min: 0, max: 0xffffff }).map((value) => `#${value.toString(16).padStart(6, '0').toUpperCase()}`);

const urlChange = (field: string) =>
  fc
    .option(fc.stringMatching(/^[a-z0-9]{1,12}$/), { nil: null })
    .map((name): Change => {
      const url = name === null ? null : `https://cdn.example.com/${name}.png`;
      return { field, sent: url ?? '', expected: url };
    });

const settingsChange = fc
  .oneof(
    hexColor.map((color) => ({ color })),
    fc.boolean().map((isPublic) => ({ isPublic })),
    fc.boolean().map((allowMemberInvites) => ({ allowMemberInvites })),
    fc.boolean().map((requireApproval) => ({ requireApproval })),
  )
  .map((partial): Change => ({ field: 'settings', sent: partial, expected: partial, merge: true }));

/** A category as a todo, a task and a project show it. */
const asTodoCategory = (c: Category): Item => ({ _id: c._id, name: c.name, color: c.color, slug: c.slug });
const asTaskCategory = (c: Category): Item => ({ _id: c._id, name: c.name, color: c.color });

/** Every resource a client reads and writes, as the signed-in owner of the world sees it. */
export function roundTrips(server: TestServer, world: World, people: Item[], features: Item[], taskId: string): RoundTrip[] {
  const cookie = world.owner.cookie;
  const put = (path: string) => (read: Item, body: Record<string, unknown>) =>
    server.request('PUT', `/api/v1/${path}/${read._id}`, { cookie, body });
  const data = (response: { body: any }) => response.body.data as Item;

  return [
    {
      name: 'todo',
      create: async () => (await createOk(server, cookie, '/api/v1/todos', { title: 'A todo', category: world.categories.TODO[0]._id })).todo,
      read: async (id) => [pick((await readOk(server, cookie, '/api/v1/todos')).todos, id, 'GET /todos')],
      write: put('todos'),
      written: (response) => response.body.todo,
      changes: fc.oneof(
        textChange('title'),
        textChange('description', 30),
        enumChange('priority', priorities),
        enumChange('status', todoStatuses, ['completedAt']),
        dueDateChange(),
        referenceChange('category', world.categories.TODO.map(asTodoCategory)),
        tagsChange,
        fc.boolean().map((isToday): Change => ({ field: 'isToday', sent: isToday, expected: isToday })),
        // Issue 19: the rule, with its zone; a repeating todo without a due date gets its first date.
        fc
          .constantFrom(null, 'FREQ=WEEKLY;BYDAY=MO', 'FREQ=MONTHLY;BYMONTHDAY=-1', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29')
          .map((rule): Change => ({ field: 'recurrence', sent: rule, expected: rule, alsoMoves: ['recurrenceTimeZone', 'dueDate'] })),
      ),
    },
    {
      name: 'category',
      isCopy: true,
      create: async () => (await createOk(server, cookie, '/api/v1/categories', { name: 'A category', slug: unique('category') })).data,
      read: async (id, hint) => [
        pick((await readOk(server, cookie, '/api/v1/categories/all')).categories, id, 'GET /categories/all'),
        pick((await readOk(server, cookie, `/api/v1/categories?type=${hint.type}`)).categories, id, 'GET /categories?type='),
      ],
      write: (_read, body) => server.request('POST', '/api/v1/categories', { cookie, body }),
      written: data,
      // The slug is unique per owner and type: a copy needs a new slug, or another type.
      changes: fc.oneof(
        fc.stringMatching(/^[a-z0-9]{1,12}$/).map((slug): Change => {
          const sent = unique(slug);
          return { field: 'slug', sent, expected: sent };
        }),
        enumChange('type', categoryTypes.filter((type) => type !== 'TODO')),
      ),
    },
    {
      name: 'workspace',
      create: async () => (await createOk(server, cookie, '/api/v1/workspaces', { name: unique('Workspace') })).data,
      read: async (id) => [pick((await readOk(server, cookie, '/api/v1/workspaces')).data, id, 'GET /workspaces')],
      write: put('workspaces'),
      written: data,
      changes: textChange('name'),
    },
    {
      name: 'project',
      create: async () => (await createOk(server, cookie, '/api/v1/projects', { name: unique('Project'), workspaceId: world.workspaceId })).data,
      read: async (id) => [
        pick((await readOk(server, cookie, `/api/v1/workspaces/${world.workspaceId}/projects`)).data.projects, id, 'GET /workspaces/{id}/projects'),
        pick((await readOk(server, cookie, '/api/v1/users/projects')).data, id, 'GET /users/projects'),
        (await readOk(server, cookie, `/api/v1/projects/${id}`)).data,
      ],
      write: put('projects'),
      written: data,
      changes: fc.oneof(
        textChange('name'),
        textChange('description', 30),
        enumChange('status', projectStatuses),
        enumChange('priority', priorities),
        urlChange('logo'),
        urlChange('coverImage'),
        referenceChange('category', [...world.categories.PROJECT.map((c) => ({ _id: c._id })), null]),
        fc.boolean().map((isActive): Change => ({ field: 'isActive', sent: isActive, expected: isActive })),
        settingsChange,
      ),
    },
    {
      name: 'feature',
      create: async () => (await createOk(server, cookie, '/api/v1/features', { title: 'A feature', projectId: world.projectId })).data,
      read: async (id) => [
        pick((await readOk(server, cookie, `/api/v1/features?projectId=${world.projectId}&limit=100`)).data, id, 'GET /features'),
        (await readOk(server, cookie, `/api/v1/features/${id}`)).data,
      ],
      write: put('features'),
      written: data,
      changes: fc.oneof(
        textChange('title'),
        textChange('description', 30),
        enumChange('status', featureStatuses),
        enumChange('priority', priorities),
        dueDateChange(),
        hoursChange('estimatedHours'),
        hoursChange('actualHours'),
      ),
    },
    {
      name: 'task',
      create: async () =>
        (await createOk(server, cookie, '/api/v1/tasks', { title: 'A task', featureId: features[0]!._id, categoryId: world.categories.TASK[0]._id }))
          .data,
      read: async (id, hint) => {
        const featureId = (hint.featureId as Item)._id;
        const list = (await readOk(server, cookie, `/api/v1/tasks?featureId=${featureId}&limit=100`)).data.tasks;
        const views = [pick(list, id, 'GET /tasks')];
        if ((hint.assigneeId as Item | null)?._id === world.owner.user.id) {
          views.push(pick((await readOk(server, cookie, '/api/v1/users/tasks')).data, id, 'GET /users/tasks'));
        }
        return [...views, (await readOk(server, cookie, `/api/v1/tasks/${id}`)).data];
      },
      write: put('tasks'),
      written: data,
      changes: fc.oneof(
        textChange('title'),
        textChange('description', 30),
        enumChange('status', taskStatuses),
        fc.constant<Change>({ field: 'status', sent: 'BLOCK', expected: 'BLOCKED' }),
        enumChange('priority', priorities),
        referenceChange('assigneeId', [...people, null]),
        dueDateChange(),
        hoursChange('estimatedHours'),
        hoursChange('actualHours'),
        referenceChange('categoryId', world.categories.TASK.map(asTaskCategory)),
        tagsChange,
        referenceChange('featureId', features),
      ),
    },
    {
      name: 'comment',
      isCopy: true,
      create: async () => (await createOk(server, cookie, `/api/v1/tasks/${taskId}/comments`, { comment: 'A comment' })).data,
      read: async (id) => [pick((await readOk(server, cookie, `/api/v1/tasks/${taskId}/comments`)).data, id, 'GET /tasks/{id}/comments')],
      write: (_read, body) => server.request('POST', `/api/v1/tasks/${taskId}/comments`, { cookie, body }),
      written: data,
      changes: textChange('comment', 30),
    },
  ];
}
