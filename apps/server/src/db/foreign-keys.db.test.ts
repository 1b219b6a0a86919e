import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeature, buildProject, buildSignedInUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { AppError, badRequest } from '../http/errors.js';
import { commentTaskKey } from '../modules/comments/comments.repo.js';
import { todoCategoryKey } from '../modules/todos/todos.repo.js';
import { taskReferenceKeys } from '../modules/tasks/tasks.write.repo.js';
import { mappingForeignKeys, violatedForeignKey } from './errors.js';
import { taskComments, tasks, todos } from './schema.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('foreign-key errors map to fields through constraint names', () => {
  it('names only foreign keys that the migrated database has', async () => {
    const rows = (await server.database.db.execute(
      sql`select conname from pg_constraint where contype = 'f'`,
    )) as unknown as { rows?: Array<{ conname: string }> } & Array<{ conname: string }>;
    const names = new Set((rows.rows ?? rows).map((row) => row.conname));
    for (const name of [...Object.values(taskReferenceKeys), todoCategoryKey, commentTaskKey]) expect(names).toContain(name);
    expect(taskReferenceKeys).toEqual({
      categoryId: 'tasks_category_id_categories_id_fk',
      assigneeId: 'tasks_assignee_id_users_id_fk',
      featureId: 'tasks_feature_project_fk',
      projectId: 'tasks_project_id_projects_id_fk',
      parentTaskId: 'tasks_parent_task_id_tasks_id_fk',
    });
  });

  it("answers a vanished reference with that field's error, whichever field it is", async () => {
    const owner = await buildSignedInUser(server);
    const project = await buildProject(server, owner.cookie);
    const feature = await buildFeature(server, owner.cookie, project._id);
    const table = {
      [taskReferenceKeys.categoryId]: () => badRequest('category', [{ field: 'categoryId', message: 'category' }]),
      [taskReferenceKeys.assigneeId]: () => badRequest('assignee', [{ field: 'assigneeId', message: 'assignee' }]),
      [taskReferenceKeys.featureId]: () => badRequest('feature', [{ field: 'featureId', message: 'feature' }]),
    };
    const insertTask = (values: Partial<typeof tasks.$inferInsert>) =>
      mappingForeignKeys(table, () =>
        server.database.db.insert(tasks).values({
          projectId: project._id,
          featureId: feature._id,
          title: 'Dangling',
          number: 1,
          boardRank: 'a0',
          ...values,
        }),
      );
    const fieldOf = async (work: Promise<unknown>) => {
      const error = await work.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).errors?.[0]?.field;
    };
    // Names that share words ("category", "assignee", "feature") are told apart by their whole name.
    expect(await fieldOf(insertTask({ categoryId: randomUUID() }))).toBe('categoryId');
    expect(await fieldOf(insertTask({ assigneeId: randomUUID() }))).toBe('assigneeId');
    expect(await fieldOf(insertTask({ featureId: randomUUID() }))).toBe('featureId');
  });

  it('lets the violation of a key not in the table through unchanged', async () => {
    const owner = await buildSignedInUser(server);
    const error = await mappingForeignKeys({ [todoCategoryKey]: () => badRequest('category') }, () =>
      server.database.db.insert(todos).values({ ownerId: randomUUID(), title: 'Orphan', priority: 'LOW', status: 'PENDING' }),
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeInstanceOf(AppError);
    expect(violatedForeignKey(error)).toBe('todos_owner_id_users_id_fk');
    // And the mapped one is mapped.
    const mapped = await mappingForeignKeys({ [commentTaskKey]: () => badRequest('gone') }, () =>
      server.database.db.insert(taskComments).values({ taskId: randomUUID(), userId: owner.user.id, comment: 'Hello' }),
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(mapped).toBeInstanceOf(AppError);
  });
});
