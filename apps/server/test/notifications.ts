import { sql } from 'drizzle-orm';
import { NOTIFYING_EVENT_TYPES } from '../src/modules/notifications/notifier.repo.js';
import type { TestServer } from './test-server.js';

const WAIT_MS = 10_000;

/**
 * Waits (at most 10 s, polling) until the notifier has processed every notifying event
 * committed so far, so a test can then assert who was told and who was not.
 */
export async function notifierSettled(server: TestServer): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const result = (await server.database.db.execute(sql`
      select count(*)::int as pending from events e
      where e.type in (${sql.join(
        NOTIFYING_EVENT_TYPES.map((type) => sql`${type}`),
        sql`, `,
      )})
        and exists (
          select 1 from notifier_cursor c where c.id = 1 and (
            e.id > c.processed_id
            or exists (select 1 from jsonb_array_elements(c.gaps) g where e.id between (g->>0)::bigint and (g->>1)::bigint)))`)) as unknown;
    const rows = ((result as { rows?: unknown[] }).rows ?? result) as Array<{ pending: number }>;
    if (Number(rows[0]?.pending) === 0) return;
    if (Date.now() > deadline) throw new Error('the notifier did not catch up within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The user's notifications once the notifier has caught up (newest first). */
export async function notificationsOf(server: TestServer, cookie: string, query = ''): Promise<any[]> {
  await notifierSettled(server);
  const response = await server.request('GET', `/api/v1/notifications${query}`, { cookie });
  if (response.status !== 200) throw new Error(`notifications failed: ${response.status} ${response.text}`);
  return response.body.data;
}

export async function unreadCountOf(server: TestServer, cookie: string): Promise<number> {
  await notifierSettled(server);
  const response = await server.request('GET', '/api/v1/notifications/unread-count', { cookie });
  if (response.status !== 200) throw new Error(`unread-count failed: ${response.status} ${response.text}`);
  return response.body.data.count;
}
