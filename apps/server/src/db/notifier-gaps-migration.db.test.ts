import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../../test/test-server.js';
import { migratePostgresDatabase } from './client.js';
import { connectPostgres } from './connect.js';
import { migrationsBefore, withMigrationsUpTo } from './migrations-journal.js';

// Decision 043: what the time cursor counted as read stays read; an event of its overlap not
// processed yet becomes a gap, so the first round after the upgrade reads it, and nothing twice.
describe('the notifier gaps migration', { timeout: 120_000 }, () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let sql: ReturnType<typeof connectPostgres>;

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    await withMigrationsUpTo(migrationsBefore('notifier_gaps'), (folder) => migratePostgresDatabase(scratch.url, folder));
    sql = connectPostgres(scratch.url, { max: 1 });
  });
  afterAll(async () => {
    await sql?.end();
    await scratch?.drop();
  });

  it('keeps read what was read and turns the overlap’s unprocessed events into gaps', async () => {
    await sql`update notifier_cursor set processed_until = '2026-11-29T12:00:00Z' where id = 1`;
    const at = ['2026-11-29T11:58:00Z', '2026-11-29T11:59:40Z', '2026-11-29T11:59:45Z', '2026-11-29T11:59:50Z', '2026-11-29T12:00:05Z'];
    const ids: number[] = [];
    for (const createdAt of at) {
      const [event] = await sql`insert into events (type, entity_id, created_at) values ('comment.created', gen_random_uuid(), ${createdAt}) returning id`;
      ids.push(Number(event!.id));
    }
    const [old, unprocessed, processed, alsoUnprocessed] = ids as [number, number, number, number, number];
    // The old notifier had processed the third (the first is older than its overlap; the last is
    // after everything it processed).
    await sql`insert into notifier_processed (event_id, created_at) values (${processed}, ${at[2]!})`;
    expect(old).toBeLessThan(unprocessed);

    await migratePostgresDatabase(scratch.url);

    const [cursor] = await sql`select processed_id, processed_until, gaps from notifier_cursor where id = 1`;
    expect(Number(cursor!.processed_id)).toBe(processed);
    expect(cursor!.processed_until.toISOString()).toBe('2026-11-29T12:00:00.000Z');
    const gaps = (cursor!.gaps as Array<[number, number, number]>).map(([first, last]) => [Number(first), Number(last)]);
    // The unprocessed event of the overlap before the newest processed one is a gap; the one
    // after it is after the cursor: both are read by the first round, the processed one never.
    expect(gaps).toEqual([[unprocessed, unprocessed]]);
    expect(alsoUnprocessed).toBeGreaterThan(processed);
    const [table] = await sql`select to_regclass('notifier_processed') as name`;
    expect(table!.name).toBeNull();
  });
});
