import { randomBytes } from 'node:crypto';
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

// Each key lives in the database, shared by every instance; each instance reads it once.
const keys = new Map<string, WeakMap<Db, Promise<Buffer>>>();

/**
 * The 32-byte key named `name` (made at random the first time), read once per database and kept:
 * the device cookies' HMAC key, the TOTP secrets' sealing key, the unsubscribe links' HMAC key.
 * A failed read is forgotten, so the next call tries again.
 */
export function loadInstanceKey(db: Db, name: string): Promise<Buffer> {
  let byDb = keys.get(name);
  if (!byDb) {
    byDb = new WeakMap();
    keys.set(name, byDb);
  }
  let key = byDb.get(db);
  if (!key) {
    key = findOrInsertSecret(db, name, randomBytes(32).toString('base64url')).then((value) => Buffer.from(value, 'base64url'));
    key.catch(() => byDb.delete(db));
    byDb.set(db, key);
  }
  return key;
}
