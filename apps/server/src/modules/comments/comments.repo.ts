import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { foreignKeyName } from '../../db/foreign-keys.js';
import { selectRow } from '../../db/insert-select.js';
import { projects, taskComments, tasks, users, workspaces } from '../../db/schema.js';
import type { Actor } from '../context.js';
import { eventOf, workspaceOfProject } from '../events/events.repo.js';
import { membershipRoleOf } from '../projects/projects.repo.js';
import { preparedStatement } from '../../db/prepared.js';

/** The foreign key a new comment breaks when its task is deleted between the check and the write. */
export const commentTaskKey = foreignKeyName(taskComments, taskComments.taskId);

export type CommentRow = {
  id: string;
  taskId: string;
  comment: string;
  createdAt: Date;
  editedAt: Date | null;
  author: { id: string; fullName: string; email: string; avatar: string | null };
};

/** A page of a task's comments, oldest first, with their authors; the total rides along. */
export async function listComments(db: Db, taskId: string, page: { page: number; limit: number }) {
  const where = eq(taskComments.taskId, taskId);
  const rows = await db
    .select({
      id: taskComments.id,
      taskId: taskComments.taskId,
      comment: taskComments.comment,
      createdAt: taskComments.createdAt,
      editedAt: taskComments.editedAt,
      author: { id: users.id, fullName: users.fullName, email: users.email, avatar: users.avatar },
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(taskComments)
    .innerJoin(users, eq(users.id, taskComments.userId))
    .where(where)
    .orderBy(asc(taskComments.createdAt), asc(taskComments.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  if (rows.length > 0 || page.page === 1) {
    return { rows: rows.map(({ total: _total, ...row }): CommentRow => row), total: rows[0]?.total ?? 0 };
  }
  const [count] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(taskComments).where(where);
  return { rows: [] as CommentRow[], total: count?.total ?? 0 };
}

const returnedColumns = {
  id: taskComments.id,
  taskId: taskComments.taskId,
  comment: taskComments.comment,
  createdAt: taskComments.createdAt,
  editedAt: taskComments.editedAt,
};

/** The project, feature and workspace of the task whose id is `taskId` (SQL), for a comment's event. */
function taskScopeOf(taskId: SQL) {
  const projectId = sql`(select ${tasks.projectId} from ${tasks} where ${tasks.id} = ${taskId})`;
  return {
    taskId,
    featureId: sql`(select ${tasks.featureId} from ${tasks} where ${tasks.id} = ${taskId})`,
    projectId,
    workspaceId: workspaceOfProject(projectId),
  };
}

/**
 * The statement that adds a comment and its event (for the members of the task's project),
 * built once (issue 15 §2). `checked`: it is also the comment's access check, and writes the row
 * only when the task is in a project the caller opens (they are its member or own its
 * workspace), which is who may comment (taskAbilitiesFor: canComment for every role). So a
 * comment costs one statement, not a lookup and then an insert.
 */
function buildInsertComment(db: Db, checked: boolean) {
  const userId = sql.placeholder('userId');
  const taskId = sql.placeholder('taskId');
  const source = checked
    ? sql`${tasks}
    join ${projects} on ${projects.id} = ${tasks.projectId}
    join ${workspaces} on ${workspaces.id} = ${projects.workspaceId}
    where ${tasks.id} = ${taskId}
      and (${workspaces.ownerId} = ${userId} or ${membershipRoleOf(tasks.projectId, userId)} is not null)`
    : sql`${tasks} where ${tasks.id} = ${taskId}`;
  const inserted = db.$with('inserted').as(
    db
      .insert(taskComments)
      .select(
        selectRow(
          taskComments,
          {
            // The columns' defaults, as drizzle writes them (an INSERT ... SELECT names every column).
            id: sql`gen_random_uuid()`,
            taskId: tasks.id,
            userId: sql`${userId}::uuid`,
            comment: sql`${sql.placeholder('comment')}::text`,
            createdAt: sql`now()`,
            editedAt: sql`null::timestamptz`,
            // What the BEFORE INSERT trigger would look up.
            projectId: tasks.projectId,
          },
          source,
        ),
      )
      .returning(returnedColumns),
  );
  const event = eventOf(
    db,
    { id: userId, clientId: sql.placeholder('clientId') },
    { type: 'comment.created', entityId: sql`${inserted.id}`, ...taskScopeOf(sql`${inserted.taskId}`) },
    inserted,
  );
  return db
    .with(inserted, event)
    .select()
    .from(inserted)
    .prepare(checked ? 'insert_comment' : 'insert_comment_unchecked');
}

const insertCheckedComment = preparedStatement((db) => buildInsertComment(db, true));
const insertUncheckedComment = preparedStatement((db) => buildInsertComment(db, false));

/**
 * Adds the actor's comment and its event, in one statement; undefined when there is no such
 * task in a project the actor opens.
 */
export async function insertComment(db: Db, actor: Actor, taskId: string, comment: string): Promise<Omit<CommentRow, 'author'> | undefined> {
  const [row] = await insertCheckedComment(db).execute({ taskId, userId: actor.id, comment, clientId: actor.clientId });
  return row;
}

/**
 * The same for a writer whose right was checked before: an import, authorized when it was
 * started, writes every comment of its file even if the importer has left the project since.
 */
export async function insertCommentUnchecked(db: Db, actor: Actor, taskId: string, comment: string) {
  await insertUncheckedComment(db).execute({ taskId, userId: actor.id, comment, clientId: actor.clientId });
}

/** Who wrote a comment of the task; undefined when the task has no such comment. */
export async function findCommentAuthor(db: Db, taskId: string, commentId: string) {
  const [row] = await db
    .select({ userId: taskComments.userId })
    .from(taskComments)
    .where(and(eq(taskComments.id, commentId), eq(taskComments.taskId, taskId)))
    .limit(1);
  return row;
}

/**
 * Replaces the text of the actor's own comment of the task, and writes its event, in one
 * statement. `editedAt` moves only when the text changed, so saving it unchanged does not mark
 * it edited. Undefined when no such comment of theirs is left (deleted since the check).
 */
export async function updateComment(db: Db, actor: Actor, taskId: string, commentId: string, comment: string) {
  const updated = db.$with('updated').as(
    db
      .update(taskComments)
      .set({
        comment,
        editedAt: sql`case when ${taskComments.comment} = ${comment} then ${taskComments.editedAt} else statement_timestamp() end`,
      })
      .where(and(eq(taskComments.id, commentId), eq(taskComments.taskId, taskId), eq(taskComments.userId, actor.id)))
      .returning(returnedColumns),
  );
  const event = eventOf(db, actor, { type: 'comment.updated', entityId: sql`${updated.id}`, ...taskScopeOf(sql`${updated.taskId}`) }, updated);
  const [row] = await db.with(updated, event).select().from(updated);
  return row;
}

/** Deletes a comment of the task and writes its event, in one statement; false when there was none. */
export async function deleteComment(db: Db, actor: Actor, taskId: string, commentId: string) {
  const deleted = db.$with('deleted').as(
    db
      .delete(taskComments)
      .where(and(eq(taskComments.id, commentId), eq(taskComments.taskId, taskId)))
      .returning({ id: taskComments.id, taskId: taskComments.taskId }),
  );
  const event = eventOf(db, actor, { type: 'comment.deleted', entityId: sql`${deleted.id}`, ...taskScopeOf(sql`${deleted.taskId}`) }, deleted);
  const rows = await db.with(deleted, event).select({ id: deleted.id }).from(deleted);
  return rows.length > 0;
}
