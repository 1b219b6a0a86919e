import { sql } from 'drizzle-orm';
import type { TestServer } from './test-server.js';

const WAIT_MS = 10_000;

/** A clock the reminder scheduler reads (buildApp's `reminders.now`), which tests move. */
export type TestClock = { now: () => Date; set(iso: string): void; current: Date };

export function testClock(iso: string): TestClock {
  const clock: TestClock = {
    current: new Date(iso),
    now: () => clock.current,
    set(value) {
      clock.current = new Date(value);
    },
  };
  return clock;
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

/**
 * Moves the clock to `iso` and waits (at most 10 s) until a reminder round has run at that
 * moment: it writes the scheduler's `ran_at` as its clock's time, which is cleared first.
 */
export async function remindersRanAt(server: TestServer, clock: TestClock, iso: string): Promise<void> {
  await server.database.db.execute(sql`update reminder_scheduler set ran_at = null`);
  clock.set(iso);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [row] = rowsOf<{ ran_at: string | Date | null }>(await server.database.db.execute(sql`select ran_at from reminder_scheduler where id = 1`));
    if (row?.ran_at && new Date(row.ran_at).getTime() === clock.current.getTime()) return;
    if (Date.now() > deadline) throw new Error(`no reminder round ran at ${iso} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
