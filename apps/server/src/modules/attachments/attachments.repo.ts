import type { HistoryChange } from '@tasklane/contract';
import { and, asc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRow } from '../../db/insert-select.js';
import { importJobs, projects, taskAttachments, taskHistory, tasks, users } from '../../db/schema.js';
import type { Actor } from '../context.js';
import { eventOf, workspaceOfProject } from '../events/events.repo.js';

export type AttachmentRow = {
  id: string;
  name: string;
  size: number;
  contentType: string;
  description: string | null;
  /** A Date from a plain select, ISO text from the JSON built inside a task's query. */
  createdAt: Date | string;
  uploadedBy: { id: string; fullName: string; username: string; email: string; avatar: string | null } | null;
};

/** A file about to be recorded: already stored under `storageKey`. */
export type NewAttachment = { id: string; storageKey: string; name: string; size: number; contentType: string };

/** A task's attachments, oldest first, as one JSON array inside the task's own query (no query per task). */
export function attachmentsJsonOf(taskId: SQLWrapper): SQL<AttachmentRow[]> {
  return sql<AttachmentRow[]>`coalesce((
    select json_agg(json_build_object(
      'id', a.id, 'name', a.name, 'size', a.size, 'contentType', a.content_type,
      'description', a.description, 'createdAt', a.created_at,
      'uploadedBy', case when au.id is null then null else json_build_object(
        'id', au.id, 'fullName', au.full_name, 'username', au.username, 'email', au.email, 'avatar', au.avatar) end
    ) order by a.created_at, lower(a.name), a.id)
    from ${taskAttachments} a left join ${users} au on au.id = a.uploaded_by
    where a.task_id = ${taskId}
  ), '[]'::json)`;
}

/** A task's attachments, oldest first (one upload's files by name), with their uploaders. */
export async function listAttachments(db: Db, taskId: string): Promise<AttachmentRow[]> {
  const rows = await db
    .select({
      id: taskAttachments.id,
      name: taskAttachments.name,
      size: taskAttachments.size,
      contentType: taskAttachments.contentType,
      description: taskAttachments.description,
      createdAt: taskAttachments.createdAt,
      uploader: { id: users.id, fullName: users.fullName, username: users.username, email: users.email, avatar: users.avatar },
    })
    .from(taskAttachments)
    .leftJoin(users, eq(users.id, taskAttachments.uploadedBy))
    .where(eq(taskAttachments.taskId, taskId))
    .orderBy(asc(taskAttachments.createdAt), sql`lower(${taskAttachments.name})`, asc(taskAttachments.id));
  return rows.map(({ uploader, ...row }) => ({ ...row, uploadedBy: uploader?.id ? uploader : null }));
}

/** What a download needs; undefined unless the attachment belongs to the task. */
export async function findAttachmentFile(db: Db, taskId: string, attachmentId: string) {
  const [row] = await db
    .select({
      storageKey: taskAttachments.storageKey,
      name: taskAttachments.name,
      contentType: taskAttachments.contentType,
    })
    .from(taskAttachments)
    .where(and(eq(taskAttachments.id, attachmentId), eq(taskAttachments.taskId, taskId)))
    .limit(1);
  return row;
}

/**
 * Records stored files as the task's attachments, the ATTACHMENT_ADDED entry and the task's
 * new updated_at, in one statement: all or nothing. False when the task no longer exists.
 * The version is left alone: it guards the task's fields, which an upload does not touch.
 */
export async function insertAttachmentsWithHistory(
  db: Db,
  actor: Actor,
  taskId: string,
  files: NewAttachment[],
  description: string | null,
  history: HistoryChange,
): Promise<boolean> {
  const userId = actor.id;
  const rows = JSON.stringify(files);
  const updated = db.$with('updated').as(
    db
      .update(tasks)
      .set({ updatedAt: sql`statement_timestamp()` })
      .where(eq(tasks.id, taskId))
      .returning({ id: tasks.id, projectId: tasks.projectId, featureId: tasks.featureId, version: tasks.version }),
  );
  const event = eventOf(
    db,
    actor,
    {
      type: 'attachment.added',
      entityId: sql`${updated.id}`,
      taskId: sql`${updated.id}`,
      featureId: sql`${updated.featureId}`,
      projectId: sql`${updated.projectId}`,
      workspaceId: workspaceOfProject(sql`${updated.projectId}`),
      version: sql`${updated.version}`,
    },
    updated,
  );
  const inserted = db.$with('inserted').as(
    db
      .insert(taskAttachments)
      .select(
        selectRow(
          taskAttachments,
          {
            id: sql`f.id`,
            taskId: sql`${updated}.id`,
            storageKey: sql`f."storageKey"`,
            name: sql`f.name`,
            size: sql`f.size`,
            contentType: sql`f."contentType"`,
            description: sql`${description}::text`,
            uploadedBy: sql`${userId}::uuid`,
            createdAt: sql`statement_timestamp()`,
          },
          sql`${updated} cross join jsonb_to_recordset(${rows}::jsonb)
            as f(id uuid, "storageKey" text, name text, size bigint, "contentType" text)`,
        ),
      )
      .returning({ id: taskAttachments.id }),
  );
  const written = await db
    .with(updated, inserted, event)
    .insert(taskHistory)
    .select(
      selectRow(
        taskHistory,
        {
          id: sql`gen_random_uuid()`,
          taskId: sql`${updated}.id`,
          userId: sql`${userId}::uuid`,
          action: sql`${history.action}`,
          details: sql`${JSON.stringify(history.details)}::jsonb`,
          createdAt: sql`statement_timestamp()`,
        },
        updated,
      ),
    )
    .returning({ id: taskHistory.id });
  return written.length > 0;
}

/**
 * Deletes the attachment and records ATTACHMENT_REMOVED (and the task's updated_at) in one
 * statement; returns what it deleted (its file is removed after this commits), or undefined
 * when it was not the task's.
 */
export async function deleteAttachmentWithHistory(db: Db, actor: Actor, taskId: string, attachmentId: string) {
  const userId = actor.id;
  const deleted = db.$with('deleted').as(
    db
      .delete(taskAttachments)
      .where(and(eq(taskAttachments.id, attachmentId), eq(taskAttachments.taskId, taskId)))
      .returning({ id: taskAttachments.id, name: taskAttachments.name, storageKey: taskAttachments.storageKey }),
  );
  const touched = db.$with('touched').as(
    db
      .update(tasks)
      .set({ updatedAt: sql`statement_timestamp()` })
      .where(and(eq(tasks.id, taskId), sql`exists (select 1 from ${deleted})`))
      .returning({ id: tasks.id, projectId: tasks.projectId, featureId: tasks.featureId, version: tasks.version }),
  );
  const event = eventOf(
    db,
    actor,
    {
      type: 'attachment.removed',
      entityId: sql`${deleted.id}`,
      taskId: sql`${touched.id}`,
      featureId: sql`${touched.featureId}`,
      projectId: sql`${touched.projectId}`,
      workspaceId: workspaceOfProject(sql`${touched.projectId}`),
      version: sql`${touched.version}`,
    },
    sql`${deleted} cross join ${touched}`,
  );
  const logged = db.$with('logged').as(
    db
      .insert(taskHistory)
      .select(
        selectRow(
          taskHistory,
          {
            id: sql`gen_random_uuid()`,
            taskId: sql`${taskId}::uuid`,
            userId: sql`${userId}::uuid`,
            action: sql`'ATTACHMENT_REMOVED'`,
            details: sql`jsonb_build_object('attachmentId', ${deleted}.id, 'attachmentName', ${deleted}.name)`,
            createdAt: sql`statement_timestamp()`,
          },
          deleted,
        ),
      )
      .returning({ id: taskHistory.id }),
  );
  const [row] = await db.with(deleted, touched, logged, event).select().from(deleted);
  return row as { id: string; name: string; storageKey: string } | undefined;
}

/** Which tasks' attachments a delete takes with it. */
export type AttachmentScope =
  | { taskId: string }
  | { taskWithSubtasksId: string }
  | { featureId: string }
  | { projectId: string }
  | { workspaceId: string };

function scopeCondition(scope: AttachmentScope): SQL {
  if ('taskId' in scope) return eq(tasks.id, scope.taskId);
  if ('taskWithSubtasksId' in scope) return or(eq(tasks.id, scope.taskWithSubtasksId), eq(tasks.parentTaskId, scope.taskWithSubtasksId))!;
  if ('featureId' in scope) return eq(tasks.featureId, scope.featureId);
  if ('projectId' in scope) return eq(tasks.projectId, scope.projectId);
  return inArray(tasks.projectId, sql`(select ${projects.id} from ${projects} where ${projects.workspaceId} = ${scope.workspaceId})`);
}

/**
 * Inside the delete's transaction: locks the tasks about to go (an upload's insert then waits,
 * and fails once they are gone) and lists their attachments' storage keys, so the files can be
 * removed once the delete commits.
 */
export async function lockTasksAndListStorageKeys(tx: Db, scope: AttachmentScope): Promise<string[]> {
  const where = scopeCondition(scope);
  await tx.select({ id: tasks.id }).from(tasks).where(where).for('update');
  const rows = await tx
    .select({ storageKey: taskAttachments.storageKey })
    .from(taskAttachments)
    .innerJoin(tasks, eq(tasks.id, taskAttachments.taskId))
    .where(where);
  return rows.map((row) => row.storageKey);
}

/** The keys among `keys` that some attachment row, some account's avatar (issue 16) or an import's upload (issue 20) still holds. */
export async function findHeldStorageKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ storageKey: taskAttachments.storageKey })
    .from(taskAttachments)
    .where(inArray(taskAttachments.storageKey, keys))
    .union(db.select({ storageKey: sql<string>`${users.avatarKey}` }).from(users).where(inArray(users.avatarKey, keys)))
    .union(db.select({ storageKey: sql<string>`${importJobs.fileKey}` }).from(importJobs).where(inArray(importJobs.fileKey, keys)));
  return new Set(rows.map((row) => row.storageKey));
}
