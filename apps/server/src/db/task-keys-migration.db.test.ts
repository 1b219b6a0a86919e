import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../../test/test-server.js';
import { migratePostgresDatabase } from './client.js';
import { connectPostgres } from './connect.js';
import { migrationsBefore, withMigrationsUpTo } from './migrations-journal.js';

// Decision 028: the migration gives existing projects keys proposed from their names (unique,
// oldest project first) and numbers existing tasks per project in creation order.
describe('the task keys migration', { timeout: 120_000 }, () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let sql: ReturnType<typeof connectPostgres>;

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    await withMigrationsUpTo(migrationsBefore('task_keys'), (folder) => migratePostgresDatabase(scratch.url, folder));
    sql = connectPostgres(scratch.url, { max: 1 });
  });
  afterAll(async () => {
    await sql?.end();
    await scratch?.drop();
  });

  it('keys the projects from their names, unique, and numbers their tasks in creation order', async () => {
    const [user] = await sql`insert into users (username, full_name, email, password_hash) values ('old', 'Old Timer', 'old@example.com', 'x') returning id`;
    const [workspace] = await sql`insert into workspaces (owner_id, name) values (${user!.id}, 'Home') returning id`;
    const names = ['Website', 'Website', 'Web Platform', 'Crème brûlée', '?', 'Website redesign'];
    const projects: string[] = [];
    for (const [i, name] of names.entries()) {
      const [project] = await sql`insert into projects (workspace_id, name, created_at)
        values (${workspace!.id}, ${name}, ${`2025-01-0${i + 1}T00:00:00Z`}) returning id`;
      projects.push(project!.id);
    }
    const [web, otherWeb] = projects;
    const features = [];
    for (const projectId of [web, otherWeb]) {
      const [feature] = await sql`insert into features (project_id, title) values (${projectId!}, 'F') returning id`;
      features.push(feature!.id);
    }
    // Created out of insertion order: numbers follow created_at.
    const made = [
      ['Third', web, features[0], '2025-02-03T00:00:00Z'],
      ['First', web, features[0], '2025-02-01T00:00:00Z'],
      ['Second', web, features[0], '2025-02-02T00:00:00Z'],
      ['Only', otherWeb, features[1], '2025-02-01T00:00:00Z'],
    ];
    for (const [title, projectId, featureId, createdAt] of made) {
      await sql`insert into tasks (project_id, feature_id, title, board_rank, created_at) values (${projectId!}, ${featureId!}, ${title!}, 'a0', ${createdAt!})`;
    }

    await migratePostgresDatabase(scratch.url);

    const keyed = await sql`select name, key, last_task_number from projects order by created_at`;
    expect(keyed.map((row) => [row.name, row.key, row.last_task_number])).toEqual([
      ['Website', 'WEB', 3],
      ['Website', 'WEBS', 1],
      ['Web Platform', 'WP', 0],
      ['Crème brûlée', 'CB', 0],
      ['?', 'PRJ', 0],
      ['Website redesign', 'WR', 0],
    ]);
    const numbered = await sql`select t.title, p.key, t.number from tasks t join projects p on p.id = t.project_id order by p.key, t.number`;
    expect(numbered.map((row) => `${row.key}-${row.number} ${row.title}`)).toEqual(['WEB-1 First', 'WEB-2 Second', 'WEB-3 Third', 'WEBS-1 Only']);
  });
});
