import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSecrets } from '../../db/schema.js';

/**
 * The secret stored under `name`, stored first as `candidate` if there is none yet. When two
 * instances start at once both insert; the primary key keeps the first, and both read it back.
 */
export async function findOrInsertSecret(db: Db, name: string, candidate: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  if (!row) throw new Error(`The secret ${name} could not be stored`);
  return row.value;
}
