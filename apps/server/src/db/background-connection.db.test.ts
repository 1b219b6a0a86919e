import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../../test/test-server.js';
import { openPostgres, type Database, type Db } from './client.js';

async function backendPid(db: Pick<Db, 'execute'>): Promise<number> {
  const rows = (await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as Array<{ pid: number }>;
  return Number(rows[0]!.pid);
}

// Decision 050: the background workers' connection is opened afresh once past its lifetime, so
// that the memory a busy spell left in its PostgreSQL process goes with it.
describe("the background workers' connection", () => {
  let url: string;
  let drop: (() => Promise<void>) | undefined;
  let database: Database | undefined;

  beforeAll(async () => {
    ({ url, drop } = await createScratchPostgres());
    database = await openPostgres(url, 2, { backgroundLifetimeSeconds: 1 });
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('is replaced once past its lifetime; a transaction across that moment keeps its connection and commits', async () => {
    const background = database!.background!;
    await background.execute(sql`create table if not exists lifetime_probe (note text not null)`);
    const first = await backendPid(background);
    const inside = await background.transaction(async (tx) => {
      const before = await backendPid(tx);
      await tx.execute(sql`insert into lifetime_probe (note) values ('across the lifetime')`);
      await tx.execute(sql`select pg_sleep(1.5)`);
      expect(await backendPid(tx)).toBe(before);
      return before;
    });
    expect(inside).toBe(first);
    const after = await backendPid(background);
    expect(after).not.toBe(first);
    const rows = (await database!.db.execute(sql`select note from lifetime_probe`)) as unknown as Array<{ note: string }>;
    expect(rows.map((row) => row.note)).toEqual(['across the lifetime']);
  });

  it("leaves the request pool's connections to their idle timeout", async () => {
    const first = await backendPid(database!.db);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await backendPid(database!.db)).toBe(first);
  });
});
