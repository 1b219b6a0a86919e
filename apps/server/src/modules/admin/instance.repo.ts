import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projects, taskAttachments, tasks, users } from '../../db/schema.js';

/** The instance's counts, its attachment storage and its PostgreSQL version, in one statement. */
export async function readInstanceCounts(db: Db) {
  const [row] = await db
    .select({
      users: sql<number>`(select count(*) from ${users} where ${users.deletedAt} is null)`.mapWith(Number),
      projects: sql<number>`(select count(*) from ${projects})`.mapWith(Number),
      tasks: sql<number>`(select count(*) from ${tasks})`.mapWith(Number),
      attachmentBytes: sql<number>`(select coalesce(sum(${taskAttachments.size}), 0) from ${taskAttachments})`.mapWith(Number),
      serverVersion: sql<string>`current_setting('server_version')`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}
