import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { foreignKeyName } from '../../db/foreign-keys.js';
import { taskComments, tasks, users } from '../../db/schema.js';
import type { Actor } from '../context.js';
import { eventOf, workspaceOfProject } from '../events/events.repo.js';
import { preparedStatement } from '../../db/prepared.js';

/** The foreign key a new comment breaks when its task is deleted between the check and the write. */
export const commentTaskKey = foreignKeyName(taskComments, taskComments.taskId);

export type CommentRow = {
  id: string;
  taskId: string;
  comment: string;
  createdAt: Date;
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

// Every comment goes through this statement: built once (issue 15 §2).
const insertCommentStatement = preparedStatement((db) => {
  const taskId = sql.placeholder('taskId');
  const inserted = db.$with('inserted').as(
    db
      .insert(taskComments)
      .values({ taskId, userId: sql.placeholder('userId'), comment: sql.placeholder('comment') })
      .returning({ id: taskComments.id, taskId: taskComments.taskId, comment: taskComments.comment, createdAt: taskComments.createdAt }),
  );
  const task = sql`(select ${tasks.projectId} from ${tasks} where ${tasks.id} = ${inserted.taskId})`;
  const event = eventOf(
    db,
    { id: sql.placeholder('userId'), clientId: sql.placeholder('clientId') },
    {
      type: 'comment.created',
      entityId: sql`${inserted.id}`,
      taskId: sql`${inserted.taskId}`,
      featureId: sql`(select ${tasks.featureId} from ${tasks} where ${tasks.id} = ${inserted.taskId})`,
      projectId: task,
      workspaceId: workspaceOfProject(task),
    },
    inserted,
  );
  return db.with(inserted, event).select().from(inserted).prepare('insert_comment');
});

/** Adds the actor's comment and its event (for the members of the task's project), in one statement. */
export async function insertComment(db: Db, actor: Actor, taskId: string, comment: string) {
  const [row] = await insertCommentStatement(db).execute({ taskId, userId: actor.id, comment, clientId: actor.clientId });
  return row!;
}
