import type { RegistrationMode } from '@tasklane/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { instanceSettings } from '../../db/schema.js';

/** The instance's one settings row (id 1), as a subquery: who may register ('open' when the row is missing). */
export const registrationModeSql = sql<RegistrationMode>`coalesce((select ${instanceSettings.registration} from ${instanceSettings} where ${instanceSettings.id} = 1), 'open')`;

export async function findRegistrationMode(db: Db): Promise<RegistrationMode> {
  const [row] = await db.select({ registration: registrationModeSql }).from(sql`(select 1) as one`);
  return row?.registration ?? 'open';
}

/** Sets who may register; the row is created should a database lack it. */
export async function saveRegistrationMode(db: Db, registration: RegistrationMode): Promise<RegistrationMode> {
  const [row] = await db
    .insert(instanceSettings)
    .values({ id: 1, registration })
    .onConflictDoUpdate({ target: instanceSettings.id, set: { registration, updatedAt: sql`now()` } })
    .returning({ registration: instanceSettings.registration });
  return row!.registration as RegistrationMode;
}
