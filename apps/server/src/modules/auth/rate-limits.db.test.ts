import { inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { rateLimits } from '../../db/schema.js';
import { returnPlaces, takePlaces } from './rate-limits.repo.js';

/**
 * Sign-in attempts take places in two windows (address, then account) in one statement, and
 * successes give them back in another. On PostgreSQL each statement locks its rows in the
 * order given: were the two orders different, concurrent sign-ins from one address to one
 * account would deadlock (one of them answered 500): with the return order reversed, this test
 * fails on PostgreSQL with 'deadlock detected'. PGlite runs one statement at a time.
 */
describe('failure windows under concurrent takes and returns', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('never deadlocks, and never lets an account window past its limit', async () => {
    const run = randomBytes(4).toString('hex');
    const address = `test-ip:${run}`;
    const accounts = [0, 1, 2].map((i) => `test-account:${run}:${i}`);
    const operations = Array.from({ length: 3000 }, async (_, i) => {
      const account = accounts[i % accounts.length]!;
      const taken = await takePlaces(server.database.db, [{ key: address, limit: 1_000_000 }, { key: account, limit: 10 }], 900_000);
      // Every other one succeeds: its places come back, and its account starts over.
      if (i % 2) await returnPlaces(server.database.db, [address, account].filter((key) => taken.has(key)), i % 4 === 1 ? [account] : []);
    });
    const failures = (await Promise.allSettled(operations)).filter((result) => result.status === 'rejected');
    expect(failures.map((failure) => String(failure.reason))).toEqual([]);

    const rows = await server.database.db.select().from(rateLimits).where(inArray(rateLimits.key, accounts));
    for (const row of rows) expect(row.count).toBeLessThanOrEqual(10);
  });
});
