import { sql } from 'drizzle-orm';
import type { EventRow } from '../events/events.repo.js';
import type { Notice } from './notifier.derive.js';
import { findWatchers, type TaskContext, type Tx } from './notifier.repo.js';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

const FINISHED = new Set(['COMPLETED', 'CANCELLED']);

/** Whether a status change finished a task (it then no longer blocks anything). */
export const isFinishing = (from: unknown, to: unknown) => FINISHED.has(String(to)) && !FINISHED.has(String(from));

type FreedTask = { id: string; title: string; featureId: string; featureTitle: string };

/**
 * The unfinished tasks `blockerId` BLOCKS that no unfinished task blocks any more: those its
 * finishing freed. Read when the notifier runs: a blocker reopened meanwhile frees nothing.
 */
async function findTasksFreedBy(tx: Tx, blockerId: string): Promise<FreedTask[]> {
  return rowsOf<FreedTask>(
    await tx.execute(sql`
      select t.id, t.title, t.feature_id as "featureId", f.title as "featureTitle"
      from task_relations r join tasks t on t.id = r.target_task_id join features f on f.id = t.feature_id
      where r.source_task_id = ${blockerId} and r.type = 'BLOCKS'
        and t.status not in ('COMPLETED', 'CANCELLED')
        and (select b.status from tasks b where b.id = ${blockerId}) in ('COMPLETED', 'CANCELLED')
        and not exists (
          select 1 from task_relations o join tasks b on b.id = o.source_task_id
          where o.target_task_id = t.id and o.type = 'BLOCKS' and b.status not in ('COMPLETED', 'CANCELLED'))`),
  );
}

/**
 * Issue 19: when a task's status change finished it and it was the last unfinished task
 * blocking another, that other task's watchers are told it is no longer blocked (decision 034).
 * Never the actor; only people who may see the project (`audience`).
 */
export async function deriveUnblocked(
  tx: Tx,
  event: EventRow,
  blocker: TaskContext,
  actor: string,
  audience: Set<string>,
  to: unknown,
): Promise<Notice[]> {
  const notices: Notice[] = [];
  const verb = String(to) === 'CANCELLED' ? 'cancelled' : 'completed';
  for (const freed of await findTasksFreedBy(tx, blocker.id)) {
    const text = `“${freed.title}” in ${blocker.projectName} › ${freed.featureTitle} is no longer blocked: ${actor} ${verb} “${blocker.title}”`;
    for (const userId of await findWatchers(tx, freed.id)) {
      if (userId === event.actorId || !audience.has(userId)) continue;
      notices.push({
        userId,
        kind: 'UNBLOCKED',
        key: `event:${event.id}:unblocked:${freed.id}`,
        text,
        actorId: event.actorId,
        at: event.createdAt,
        projectId: blocker.projectId,
        featureId: freed.featureId,
        taskId: freed.id,
      });
    }
  }
  return notices;
}
