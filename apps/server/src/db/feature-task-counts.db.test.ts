import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../../test/test-server.js';
import { migratePostgresDatabase } from './client.js';
import { connectPostgres } from './connect.js';
import { migrationsBefore, withMigrationsUpTo } from './migrations-journal.js';

// Decision 052: feature_task_counts holds how many tasks each feature has in each status, kept
// by triggers on tasks. Whatever writes tasks, the kept counts equal a count of the tasks.
describe('the counts of tasks per feature and status', { timeout: 120_000 }, () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let sql: ReturnType<typeof connectPostgres>;
  const others: Array<ReturnType<typeof connectPostgres>> = [];
  let projectId: string;
  let featureIds: string[] = [];
  let nextNumber = 1;
  let afterMigration: string[] = [];

  const kept = async () =>
    (await sql`select feature_id, status, count from feature_task_counts where count <> 0 order by 1, 2`).map((row) => `${row.feature_id} ${row.status} ${row.count}`).sort();
  const counted = async () =>
    (await sql`select feature_id, status, count(*)::int as count from tasks group by 1, 2 order by 1, 2`).map((row) => `${row.feature_id} ${row.status} ${row.count}`).sort();
  const addTask = async (featureId: string, status: string, parentTaskId: string | null = null) => {
    const [task] = await sql`insert into tasks (project_id, feature_id, number, title, status, board_rank, parent_task_id)
      values (${projectId}, ${featureId}, ${nextNumber++}, 'T', ${status}, 'a0', ${parentTaskId}) returning id`;
    return task!.id as string;
  };

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    // The schema just before the counts, with tasks already in it: the migration counts them.
    await withMigrationsUpTo(migrationsBefore('feature_task_counts'), (folder) => migratePostgresDatabase(scratch.url, folder));
    sql = connectPostgres(scratch.url, { max: 1 });
    const [user] = await sql`insert into users (username, full_name, email, password_hash) values ('counter', 'Counter', 'counter@example.com', 'x') returning id`;
    const [workspace] = await sql`insert into workspaces (owner_id, name) values (${user!.id}, 'Home') returning id`;
    const [project] = await sql`insert into projects (workspace_id, name, key) values (${workspace!.id}, 'Counting', 'CNT') returning id`;
    projectId = project!.id;
    featureIds = [];
    for (const title of ['One', 'Two', 'Three']) {
      const [feature] = await sql`insert into features (project_id, title) values (${projectId}, ${title}) returning id`;
      featureIds.push(feature!.id);
    }
    for (const status of ['TODO', 'TODO', 'IN_PROGRESS', 'COMPLETED']) await addTask(featureIds[0]!, status);
    await addTask(featureIds[1]!, 'BLOCKED');
    await migratePostgresDatabase(scratch.url);
    afterMigration = await kept();
  });
  afterAll(async () => {
    for (const other of others) await other.end();
    await sql?.end();
    await scratch?.drop();
  });

  it('the migration counts the tasks that were there before it', async () => {
    expect(afterMigration).toEqual([
      `${featureIds[0]} COMPLETED 1`,
      `${featureIds[0]} IN_PROGRESS 1`,
      `${featureIds[0]} TODO 2`,
      `${featureIds[1]} BLOCKED 1`,
    ].sort());
  });

  it('follow every insert, change of status or feature, and delete, and ignore other edits', async () => {
    const [one, two, three] = featureIds as [string, string, string];
    const parent = await addTask(three, 'TODO');
    const subtasks = [await addTask(three, 'IN_REVIEW', parent), await addTask(three, 'TODO', parent)];
    expect(await kept()).toEqual(await counted());

    await sql`update tasks set status = 'IN_PROGRESS' where id = ${subtasks[1]!}`;
    await sql`update tasks set title = 'Renamed', board_rank = 'b0' where id = ${parent}`;
    await sql`update tasks set status = status where feature_id = ${one}`;
    expect(await kept()).toEqual(await counted());

    // Several rows in one statement, across statuses and features.
    await sql`update tasks set status = 'CANCELLED' where feature_id = ${one} and status = 'TODO'`;
    await sql`update tasks set feature_id = ${two} where feature_id = ${three} and parent_task_id is not null`;
    expect(await kept()).toEqual(await counted());

    await sql`delete from tasks where id = ${parent}`;
    await sql`delete from tasks where feature_id = ${two} and status = 'BLOCKED'`;
    expect(await kept()).toEqual(await counted());

    // A feature's and a project's cascades take their counts with them.
    await sql`delete from features where id = ${one}`;
    expect(await kept()).toEqual(await counted());
    expect((await sql`select count(*)::int as n from feature_task_counts where feature_id = ${one}`)[0]!.n).toBe(0);
  });

  /** Polls until `count` transactions of the test's database wait for a lock. */
  const waiting = async (count: number) => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const [row] = await sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
      if (row!.n >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`fewer than ${count} transactions waiting for a lock`);
  };

  /**
   * A third transaction holds the feature's TODO row; `first` starts and waits for it, then
   * `second` starts and waits too. Once the holder lets go, both must finish: in a fixed order of
   * rows one waits behind the other, in each statement's own order each would hold a row the
   * other waits for, and PostgreSQL would end one with "deadlock detected".
   */
  const behindAHolder = async (featureId: string, first: string, second: string) => {
    const [holder, one, two] = [1, 2, 3].map(() => connectPostgres(scratch.url, { max: 1 }));
    others.push(holder!, one!, two!);
    await holder!`begin`;
    await holder!`select count from feature_task_counts where feature_id = ${featureId} and status = 'TODO' for update`;
    const run = async (connection: typeof sql, statement: string) => {
      await connection`begin`;
      // The rows are met in the order the statement lists them (a nested loop over the list).
      await connection`set local enable_seqscan = off`;
      await connection`set local enable_hashjoin = off`;
      await connection`set local enable_mergejoin = off`;
      await connection.unsafe(statement);
      await connection`commit`;
    };
    const firstDone = run(one!, first);
    await waiting(1);
    const secondDone = run(two!, second);
    await waiting(2);
    await holder!`commit`;
    await Promise.all([firstDone, secondDone]);
  };

  const newFeature = async (title: string) => {
    const [feature] = await sql`insert into features (project_id, title) values (${projectId}, ${title}) returning id`;
    return feature!.id as string;
  };

  it('two changes in opposite directions wait for each other instead of deadlocking', async () => {
    const [, two] = featureIds as [string, string];
    const toStart = await addTask(two, 'TODO');
    const toStop = await addTask(two, 'IN_PROGRESS');
    // Each change takes its first row and waits for its second: in its own order (the row it
    // leaves first), each would hold the row the other waits for.
    await behindAHolder(
      two,
      `update tasks set status = 'IN_PROGRESS' where id = '${toStart}'`,
      `update tasks set status = 'TODO' where id = '${toStop}'`,
    );
    expect(await kept()).toEqual(await counted());
  });

  it('two deletes of several tasks each, met in opposite orders, wait for each other instead of deadlocking', async () => {
    const feature = await newFeature('Deleting');
    await addTask(feature, 'TODO');
    // The first meets IN_PROGRESS, TODO (held), COMPLETED; the second COMPLETED, IN_PROGRESS.
    const firsts = [await addTask(feature, 'IN_PROGRESS'), await addTask(feature, 'TODO'), await addTask(feature, 'COMPLETED')];
    const seconds = [await addTask(feature, 'COMPLETED'), await addTask(feature, 'IN_PROGRESS')];
    const deleting = (ids: string[]) =>
      `delete from tasks t using (values ${ids.map((id, n) => `(${n}, '${id}'::uuid)`).join(', ')}) as v(n, id) where t.id = v.id`;
    await behindAHolder(feature, deleting(firsts), deleting(seconds));
    expect(await kept()).toEqual(await counted());
    expect((await sql`select status, count from feature_task_counts where feature_id = ${feature} order by 1`).map((row) => `${row.status} ${row.count}`)).toEqual([
      'COMPLETED 0',
      'IN_PROGRESS 0',
      'TODO 1',
    ]);
  });

  it('two inserts of several tasks each, in opposite orders, wait for each other instead of deadlocking', async () => {
    const feature = await newFeature('Inserting');
    for (const status of ['TODO', 'IN_PROGRESS', 'COMPLETED']) await addTask(feature, status);
    const inserting = (statuses: string[]) => {
      const rows = statuses.map((status) => `('${projectId}'::uuid, '${feature}'::uuid, ${nextNumber++}, 'T', '${status}', 'a0')`);
      return `insert into tasks (project_id, feature_id, number, title, status, board_rank) values ${rows.join(', ')}`;
    };
    await behindAHolder(feature, inserting(['IN_PROGRESS', 'TODO', 'COMPLETED']), inserting(['COMPLETED', 'IN_PROGRESS']));
    expect(await kept()).toEqual(await counted());
    expect((await sql`select status, count from feature_task_counts where feature_id = ${feature} order by 1`).map((row) => `${row.status} ${row.count}`)).toEqual([
      'COMPLETED 3',
      'IN_PROGRESS 3',
      'TODO 2',
    ]);
  });
});
