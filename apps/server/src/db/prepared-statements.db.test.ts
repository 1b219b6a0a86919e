import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../../test/test-server.js';
import { openPostgres, type Database } from './client.js';
import { users } from './schema.js';

// Named prepared statements exist only on PostgreSQL; PGlite runs in process.
describe('prepared statements on PostgreSQL', () => {
  let url: string;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ url, drop } = await createScratchPostgres());
    const database = await openPostgres(url, 1);
    await database.migrate();
    await database.close();
  });

  afterAll(async () => {
    await drop?.();
  });

  /** The app's statements the pool's one connection keeps prepared after a query, a transaction and a savepoint. */
  async function preparedAfterWork(database: Database): Promise<string[]> {
    await database.db.select({ id: users.id }).from(users).limit(1);
    await database.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(sql`${users.email} = ${'a@example.com'}`);
      await tx.transaction(async (inner) => {
        await inner.select({ id: users.id }).from(users).where(sql`${users.username} = ${'someone'}`);
      });
    });
    const rows = await database.db.execute(sql`select statement from pg_prepared_statements`);
    // postgres.js keeps its own BEGIN and SAVEPOINT prepared either way: only the app's count.
    return (rows as unknown as Array<{ statement: string }>).map((row) => row.statement).filter((text) => text.includes('"users"'));
  }

  it('prepares each statement once per connection, in transactions and savepoints too', async () => {
    const database = await openPostgres(url, 1);
    try {
      const statements = await preparedAfterWork(database);
      expect(statements.some((text) => /limit \$1/i.test(text))).toBe(true);
      expect(statements.some((text) => text.includes('"email" =') && text.includes('$1'))).toBe(true);
      expect(statements.some((text) => text.includes('"username" =') && text.includes('$1'))).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('keeps none with DATABASE_PREPARED_STATEMENTS=false, for poolers that cannot', async () => {
    const database = await openPostgres(url, 1, { preparedStatements: false });
    try {
      expect(await preparedAfterWork(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
