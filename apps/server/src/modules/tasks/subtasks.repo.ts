import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tasks } from '../../db/schema.js';
import type { Actor } from '../context.js';
import { eventOf, workspaceOfProject } from '../events/events.repo.js';
import { fromTasks, type TaskRow } from './tasks.repo.js';

/** A parent's subtasks in their order (decision 033): one scan of tasks(parent_task_id, subtask_position). */
export async function listSubtasks(db: Db, parentId: string, userId: string): Promise<TaskRow[]> {
  return (await fromTasks(db, userId)
    .where(eq(tasks.parentTaskId, parentId))
    .orderBy(asc(tasks.subtaskPosition), asc(tasks.createdAt), asc(tasks.id))) as TaskRow[];
}

/**
 * Puts the parent's subtasks in the order of `subtaskIds`, in one statement, only when the list
 * is exactly its subtasks (each once: the contract refuses repeats); then a `task.updated` event
 * for the parent, so every open list of them refetches. A reorder edits nothing a form holds: no
 * history, no new version. Answers false when the list was not its subtasks.
 */
export async function reorderSubtasks(db: Db, actor: Actor, parentId: string, subtaskIds: string[]): Promise<boolean> {
  const wanted = JSON.stringify(subtaskIds.map((id, position) => ({ id, position })));
  const isExactlyItsSubtasks = sql`(select count(*) from ${tasks} c where c.parent_task_id = ${parentId}) = ${subtaskIds.length}
    and not exists (select 1 from jsonb_to_recordset(${wanted}::jsonb) as w2(id uuid, position int)
      where not exists (select 1 from ${tasks} c where c.id = w2.id and c.parent_task_id = ${parentId}))`;
  const moved = db.$with('moved').as(
    db
      .update(tasks)
      .set({ subtaskPosition: sql`w.position` })
      .from(sql`jsonb_to_recordset(${wanted}::jsonb) as w(id uuid, position int)`)
      .where(and(eq(tasks.id, sql`w.id`), eq(tasks.parentTaskId, parentId), isExactlyItsSubtasks))
      .returning({ id: tasks.id }),
  );
  const parent = db.$with('parent_row').as(
    db
      .select({ id: tasks.id, projectId: tasks.projectId, featureId: tasks.featureId, version: tasks.version })
      .from(tasks)
      .where(and(eq(tasks.id, parentId), sql`exists (select 1 from ${moved})`)),
  );
  const event = eventOf(
    db,
    actor,
    {
      type: 'task.updated',
      entityId: sql`${parent.id}`,
      taskId: sql`${parent.id}`,
      featureId: sql`${parent.featureId}`,
      projectId: sql`${parent.projectId}`,
      workspaceId: workspaceOfProject(sql`${parent.projectId}`),
      version: sql`${parent.version}`,
    },
    parent,
  );
  const rows = await db.with(moved, parent, event).select({ id: moved.id }).from(moved);
  return rows.length === subtaskIds.length;
}
