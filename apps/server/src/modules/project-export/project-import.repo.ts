import type { ExportFeature, ExportHistoryEntry, ExportProject, ExportTask, MemberRole } from '@tasklane/contract';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { features, projectMembers, projects, taskComments, taskHistory, taskRelations, tasks, users } from '../../db/schema.js';

/** An instant as the export wrote it, kept to the microsecond. */
const at = (value: string) => sql`${value}::timestamptz`;

export type MatchableUser = { id: string; email: string; username: string };

/** The accounts (not deleted) with one of these emails or usernames, compared without case. */
export async function findUsersByEmailOrUsername(db: Db, emails: string[], usernames: string[]): Promise<MatchableUser[]> {
  if (emails.length === 0 && usernames.length === 0) return [];
  const lower = (values: string[]) => values.map((value) => value.toLowerCase());
  return db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(
          emails.length > 0 ? inArray(sql`lower(${users.email})`, lower(emails)) : sql`false`,
          usernames.length > 0 ? inArray(sql`lower(${users.username})`, lower(usernames)) : sql`false`,
        ),
      ),
    );
}

export async function findProjectKey(db: Db, projectId: string): Promise<string> {
  const [row] = await db.select({ key: projects.key }).from(projects).where(eq(projects.id, projectId));
  return row!.key;
}

/** The fields the create path does not set: the source's dates, author, numbering and state, exactly. */
export async function completeProject(db: Db, projectId: string, project: ExportProject, createdBy: string | null, lastTaskNumber: number) {
  await db
    .update(projects)
    .set({
      color: project.color,
      isActive: project.isActive,
      lastTaskNumber,
      createdBy,
      createdAt: at(project.createdAt),
      updatedAt: at(project.updatedAt),
    })
    .where(eq(projects.id, projectId));
}

/** Sets the members' roles and join times; the importer's own membership (made with the project) is updated. */
export async function upsertMembers(db: Db, projectId: string, members: { userId: string; role: MemberRole; joinedAt: string }[]) {
  if (members.length === 0) return;
  await db
    .insert(projectMembers)
    .values(members.map((member) => ({ projectId, userId: member.userId, role: member.role, createdAt: at(member.joinedAt) })))
    .onConflictDoUpdate({
      target: [projectMembers.projectId, projectMembers.userId],
      set: { role: sql`excluded.role`, createdAt: sql`excluded.created_at` },
    });
}

export type FeatureInsert = { feature: ExportFeature; defaultCategoryId: string | null; createdBy: string | null };

export async function insertFeatures(db: Db, projectId: string, rows: FeatureInsert[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(features)
    .values(
      rows.map(({ feature, defaultCategoryId, createdBy }) => ({
        projectId,
        title: feature.title,
        description: feature.description,
        status: feature.status,
        priority: feature.priority,
        dueDate: feature.dueDate,
        estimatedHours: feature.estimatedHours,
        actualHours: feature.actualHours,
        defaultCategoryId,
        createdBy,
        createdAt: at(feature.createdAt),
        updatedAt: at(feature.updatedAt),
      })),
    )
    .returning({ id: features.id });
  return inserted.map((row) => row.id);
}

export type TaskInsert = { task: ExportTask; featureId: string; categoryId: string | null; assigneeId: string | null; createdBy: string | null };

/** Inserts tasks with their numbers (parents are set afterwards); returns each new id by number. */
export async function insertTasks(db: Db, projectId: string, rows: TaskInsert[]): Promise<{ id: string; number: number }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(tasks)
    .values(
      rows.map(({ task, featureId, categoryId, assigneeId, createdBy }) => ({
        projectId,
        featureId,
        number: task.number,
        title: task.title,
        description: task.description,
        status: task.status,
        priority: task.priority,
        assigneeId,
        dueDate: task.dueDate,
        categoryId,
        estimatedHours: task.estimatedHours,
        actualHours: task.actualHours,
        tags: task.tags,
        blockedReason: task.blockedReason,
        boardRank: task.boardRank,
        subtaskPosition: task.subtaskPosition,
        createdBy,
        createdAt: at(task.createdAt),
        updatedAt: at(task.updatedAt),
      })),
    )
    .returning({ id: tasks.id, number: tasks.number });
}

export type CommentInsert = { taskId: string; userId: string; text: string; createdAt: string; editedAt: string | null };

export async function insertComments(db: Db, rows: CommentInsert[]) {
  if (rows.length === 0) return;
  await db.insert(taskComments).values(
    rows.map((row) => ({
      taskId: row.taskId,
      userId: row.userId,
      comment: row.text,
      createdAt: at(row.createdAt),
      editedAt: row.editedAt === null ? null : at(row.editedAt),
    })),
  );
}

export type HistoryInsert = { taskId: string; userId: string | null; entry: ExportHistoryEntry };

export async function insertHistory(db: Db, rows: HistoryInsert[]) {
  if (rows.length === 0) return;
  await db.insert(taskHistory).values(
    rows.map((row) => ({ taskId: row.taskId, userId: row.userId, action: row.entry.action, details: row.entry.details, createdAt: at(row.entry.createdAt) })),
  );
}

/** Makes each task the subtask of its parent (both already inserted). */
export async function setParents(db: Db, pairs: { taskId: string; parentId: string }[]) {
  if (pairs.length === 0) return;
  const values = sql.join(
    pairs.map((pair) => sql`(${pair.taskId}::uuid, ${pair.parentId}::uuid)`),
    sql`, `,
  );
  await db.execute(sql`update tasks set parent_task_id = v.parent_id from (values ${values}) as v(task_id, parent_id) where tasks.id = v.task_id`);
}

export type RelationInsert = { sourceTaskId: string; targetTaskId: string; type: ExportTask['relations'][number]['type']; createdBy: string | null; createdAt: string };

/** Inserts the relations; one that repeats a pair already related that way is left out. Returns how many went in. */
export async function insertRelations(db: Db, rows: RelationInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(taskRelations)
    .values(rows.map((row) => ({ sourceTaskId: row.sourceTaskId, targetTaskId: row.targetTaskId, type: row.type, createdBy: row.createdBy, createdAt: at(row.createdAt) })))
    .onConflictDoNothing()
    .returning({ id: taskRelations.id });
  return inserted.length;
}
