import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../account/account.repo.js';

/**
 * The reads of a project export (decision 041). Every instant is read as text to the microsecond
 * (`timestampText`), so a re-import writes back exactly what was read and a second export of the
 * copy reads the same strings; ordering ties are broken by content before ids, so a copy (whose
 * ids differ) lists the same rows in the same order.
 */
export const timestampText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

export type ProjectExportRow = {
  id: string;
  name: string;
  key: string;
  description: string;
  status: string;
  priority: string;
  color: string;
  logo: string | null;
  cover_image: string | null;
  category_id: string | null;
  is_active: boolean;
  is_public: boolean;
  allow_member_invites: boolean;
  require_approval: boolean;
  last_task_number: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
};

export async function findProjectForExport(db: Db, projectId: string): Promise<ProjectExportRow | undefined> {
  const [row] = await rows<ProjectExportRow>(
    db,
    sql`select id, name, key, description, status, priority, color, logo, cover_image, category_id, is_active, is_public,
          allow_member_invites, require_approval, last_task_number, created_by,
          ${timestampText(sql`created_at`)} as created_at, ${timestampText(sql`updated_at`)} as updated_at
        from projects where id = ${projectId}`,
  );
  return row;
}

export type CategoryExportRow = { id: string; name: string; type: string; color: string };

/** The categories the project, its features' defaults and its tasks use. */
export async function listUsedCategories(db: Db, projectId: string): Promise<CategoryExportRow[]> {
  return rows<CategoryExportRow>(
    db,
    sql`select c.id, c.name, c.type, c.color from categories c
        where c.id in (
          select category_id from projects where id = ${projectId}
          union select default_category_id from features where project_id = ${projectId}
          union select category_id from tasks where project_id = ${projectId})
        order by c.type, c.name, c.color, c.id`,
  );
}

export type MemberExportRow = { user_id: string; role: string; joined_at: string };

export async function listMembersForExport(db: Db, projectId: string): Promise<MemberExportRow[]> {
  return rows<MemberExportRow>(
    db,
    sql`select m.user_id, m.role, ${timestampText(sql`m.created_at`)} as joined_at
        from project_members m join users u on u.id = m.user_id
        where m.project_id = ${projectId} order by m.created_at, u.email`,
  );
}

export type PersonRow = { id: string; username: string; email: string; full_name: string; deleted: boolean };

export async function findPeople(db: Db, ids: string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return rows<PersonRow>(
    db,
    sql`select id, username, email, full_name, deleted_at is not null as deleted from users
        where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`,
  );
}

export type FeatureExportRow = {
  id: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  due_date: string | null;
  estimated_hours: number | null;
  actual_hours: number | null;
  default_category_id: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
};

/** A page of the project's features in creation order, after the feature `afterId` (keyset). */
export async function listFeaturesPage(db: Db, projectId: string, afterId: string | null, limit: number): Promise<FeatureExportRow[]> {
  const after = afterId
    ? sql`and (f.created_at, f.title, f.id) > (select created_at, title, id from features where id = ${afterId})`
    : sql``;
  return rows<FeatureExportRow>(
    db,
    sql`select f.id, f.title, f.description, f.status, f.priority, f.due_date::text as due_date, f.estimated_hours, f.actual_hours,
          f.default_category_id, f.created_by,
          ${timestampText(sql`f.created_at`)} as created_at, ${timestampText(sql`f.updated_at`)} as updated_at
        from features f where f.project_id = ${projectId} ${after}
        order by f.created_at, f.title, f.id limit ${limit}`,
  );
}

export type TaskExportRow = {
  id: string;
  number: number;
  feature_id: string;
  parent_number: number | null;
  subtask_position: number;
  title: string;
  description: string;
  status: string;
  priority: string;
  assignee_id: string | null;
  due_date: string | null;
  category_id: string | null;
  estimated_hours: number | null;
  actual_hours: number | null;
  tags: string[];
  blocked_reason: string | null;
  board_rank: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
};

/** A page of the project's tasks by number (keyset on the unique (project, number) index). */
export async function listTasksPage(db: Db, projectId: string, afterNumber: number, limit: number): Promise<TaskExportRow[]> {
  return rows<TaskExportRow>(
    db,
    sql`select t.id, t.number, t.feature_id, p.number as parent_number, t.subtask_position, t.title, t.description, t.status,
          t.priority, t.assignee_id, t.due_date::text as due_date, t.category_id, t.estimated_hours, t.actual_hours, t.tags,
          t.blocked_reason, t.board_rank, t.created_by,
          ${timestampText(sql`t.created_at`)} as created_at, ${timestampText(sql`t.updated_at`)} as updated_at
        from tasks t left join tasks p on p.id = t.parent_task_id
        where t.project_id = ${projectId} and t.number > ${afterNumber}
        order by t.number limit ${limit}`,
  );
}

const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

export type CommentExportRow = { task_id: string; user_id: string; comment: string; created_at: string; edited_at: string | null };

export async function listCommentsOf(db: Db, taskIds: string[]): Promise<CommentExportRow[]> {
  if (taskIds.length === 0) return [];
  return rows<CommentExportRow>(
    db,
    sql`select task_id, user_id, comment, ${timestampText(sql`created_at`)} as created_at,
          case when edited_at is null then null else ${timestampText(sql`edited_at`)} end as edited_at
        from task_comments where task_id in (${idList(taskIds)})
        order by task_id, created_at, comment, id`,
  );
}

export type HistoryExportRow = { task_id: string; user_id: string | null; action: string; details: Record<string, unknown>; created_at: string };

export async function listHistoryOf(db: Db, taskIds: string[]): Promise<HistoryExportRow[]> {
  if (taskIds.length === 0) return [];
  return rows<HistoryExportRow>(
    db,
    sql`select task_id, user_id, action, details, ${timestampText(sql`created_at`)} as created_at
        from task_history where task_id in (${idList(taskIds)})
        order by task_id, created_at, action, details::text, id`,
  );
}

export type AttachmentExportRow = {
  task_id: string;
  name: string;
  size: number;
  content_type: string;
  description: string | null;
  uploaded_by: string | null;
  created_at: string;
};

export async function listAttachmentsOf(db: Db, taskIds: string[]): Promise<AttachmentExportRow[]> {
  if (taskIds.length === 0) return [];
  return rows<AttachmentExportRow>(
    db,
    sql`select task_id, name, size::float8 as size, content_type, description, uploaded_by, ${timestampText(sql`created_at`)} as created_at
        from task_attachments where task_id in (${idList(taskIds)})
        order by task_id, created_at, name, size, content_type, id`,
  );
}

export type RelationExportRow = { source_task_id: string; type: string; target_number: number; created_by: string | null; created_at: string };

/** The relations whose source is one of `taskIds`, with the other task's number. */
export async function listRelationsFrom(db: Db, taskIds: string[]): Promise<RelationExportRow[]> {
  if (taskIds.length === 0) return [];
  return rows<RelationExportRow>(
    db,
    sql`select r.source_task_id, r.type, t.number as target_number, r.created_by, ${timestampText(sql`r.created_at`)} as created_at
        from task_relations r join tasks t on t.id = r.target_task_id
        where r.source_task_id in (${idList(taskIds)})
        order by r.source_task_id, t.number, r.type`,
  );
}

export type CsvTaskRow = {
  number: number;
  title: string;
  description: string;
  status: string;
  priority: string;
  feature_title: string;
  category_name: string | null;
  assignee_email: string | null;
  assignee_name: string | null;
  due_date: string | null;
  tags: string[];
  estimated_hours: number | null;
  actual_hours: number | null;
  blocked_reason: string | null;
  parent_number: number | null;
  creator_email: string | null;
  created_at: string;
  updated_at: string;
};

/** A page of the CSV's rows: tasks by number, each with the names its columns show. */
export async function listCsvPage(db: Db, projectId: string, afterNumber: number, limit: number): Promise<CsvTaskRow[]> {
  return rows<CsvTaskRow>(
    db,
    sql`select t.number, t.title, t.description, t.status, t.priority, f.title as feature_title, c.name as category_name,
          case when a.deleted_at is null then a.email end as assignee_email, a.full_name as assignee_name,
          t.due_date::text as due_date, t.tags, t.estimated_hours, t.actual_hours, t.blocked_reason, p.number as parent_number,
          case when u.deleted_at is null then u.email end as creator_email,
          ${timestampText(sql`t.created_at`)} as created_at, ${timestampText(sql`t.updated_at`)} as updated_at
        from tasks t
        join features f on f.id = t.feature_id
        left join categories c on c.id = t.category_id
        left join users a on a.id = t.assignee_id
        left join users u on u.id = t.created_by
        left join tasks p on p.id = t.parent_task_id
        where t.project_id = ${projectId} and t.number > ${afterNumber}
        order by t.number limit ${limit}`,
  );
}
