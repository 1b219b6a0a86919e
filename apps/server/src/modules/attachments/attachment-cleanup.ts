import type { Db } from '../../db/client.js';
import type { ServiceContext } from '../context.js';
import { findHeldStorageKeys, lockTasksAndListStorageKeys, type AttachmentScope } from './attachments.repo.js';
import { removeStoredFiles } from './upload.js';

/**
 * Runs a delete of tasks (one, or a feature's, a project's, a workspace's) so that their
 * attachment files go too: in one transaction the tasks are locked and their files' keys
 * listed, then `remove` deletes (the rows cascade); the files are removed after the commit,
 * so a delete that rolls back never loses a file. A file that cannot be removed, or one of an
 * upload that raced the delete, is left to the orphan sweep.
 */
export async function deleteWithAttachmentFiles(
  ctx: ServiceContext,
  scope: AttachmentScope,
  remove: (tx: Db) => Promise<boolean>,
): Promise<boolean> {
  const { removed, keys } = await ctx.db.transaction(async (tx) => {
    const keys = await lockTasksAndListStorageKeys(tx as unknown as Db, scope);
    return { removed: await remove(tx as unknown as Db), keys };
  });
  if (removed) await removeStoredFiles(ctx.files, keys);
  return removed;
}

/**
 * Removes stored files that no attachment row holds and that were last written before
 * `olderThan` (left by a crash between a file's write and its row's commit, or by a failed
 * remove). Recent files are never touched: their rows may be committing right now.
 */
export async function sweepOrphanFiles(ctx: ServiceContext, olderThan: Date): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const held = await findHeldStorageKeys(ctx.db, batch);
    const orphans = batch.filter((key) => !held.has(key));
    await removeStoredFiles(ctx.files, orphans);
    removed += orphans.length;
    batch = [];
  };
  for await (const entry of ctx.files.list()) {
    if (entry.modifiedAt >= olderThan) continue;
    batch.push(entry.id);
    if (batch.length >= 500) await flush();
  }
  if (batch.length > 0) await flush();
  return removed;
}
