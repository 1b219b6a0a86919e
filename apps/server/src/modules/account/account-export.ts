import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Actor } from '../context.js';
import { findPreferences, withDefaults } from '../notification-email/notification-preferences.repo.js';
import { findDefaultTodoCategory } from '../todos/todos.repo.js';
import { describeCurrentUser } from '../users/users.service.js';
import { rowsOf } from './account.repo.js';

/** Rows read per statement: the export never holds more than one batch of a section. */
const BATCH_SIZE = 500;
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/**
 * One section of the export: the rows, each already JSON (built by PostgreSQL), of one query
 * filtered by `where`, read in batches by id (keyset), so a large account streams in bounded
 * memory and no statement runs long.
 */
type Section = { name: string; from: SQL; where: SQL; document: SQL };

function sectionsFor(userId: string): Section[] {
  const ownedProjects = sql`select p.id from projects p join workspaces w on w.id = p.workspace_id where w.owner_id = ${userId}`;
  return [
    {
      name: 'categories',
      from: sql`categories c`,
      where: sql`c.owner_id = ${userId}`,
      document: sql`json_build_object('_id', c.id, 'name', c.name, 'slug', c.slug, 'type', c.type, 'color', c.color, 'createdAt', c.created_at)`,
    },
    {
      name: 'todos',
      from: sql`todos c`,
      where: sql`c.owner_id = ${userId}`,
      document: sql`json_build_object('_id', c.id, 'title', c.title, 'description', c.description, 'priority', c.priority,
        'status', c.status, 'dueDate', c.due_date, 'category', c.category_id, 'tags', c.tags, 'isToday', c.is_today,
        'completedAt', c.completed_at, 'createdAt', c.created_at, 'updatedAt', c.updated_at,
        'recurrence', c.recurrence, 'recurrenceTimeZone', c.recurrence_time_zone, 'previousOccurrenceId', c.previous_occurrence_id)`,
    },
    {
      name: 'workspaces',
      from: sql`workspaces c`,
      where: sql`c.owner_id = ${userId}`,
      document: sql`json_build_object('_id', c.id, 'name', c.name, 'createdAt', c.created_at, 'updatedAt', c.updated_at)`,
    },
    {
      name: 'projects',
      from: sql`projects c`,
      where: sql`c.id in (${ownedProjects})`,
      document: sql`json_build_object('_id', c.id, 'workspaceId', c.workspace_id, 'name', c.name, 'description', c.description,
        'status', c.status, 'priority', c.priority, 'color', c.color, 'category', c.category_id, 'isActive', c.is_active,
        'isPublic', c.is_public, 'key', c.key, 'createdAt', c.created_at, 'updatedAt', c.updated_at)`,
    },
    {
      name: 'features',
      from: sql`features c`,
      where: sql`c.project_id in (${ownedProjects})`,
      document: sql`json_build_object('_id', c.id, 'projectId', c.project_id, 'title', c.title, 'description', c.description,
        'status', c.status, 'priority', c.priority, 'dueDate', c.due_date, 'estimatedHours', c.estimated_hours,
        'actualHours', c.actual_hours, 'defaultCategoryId', c.default_category_id, 'createdAt', c.created_at, 'updatedAt', c.updated_at)`,
    },
    {
      // The tasks of its own workspaces' projects, and every task it created elsewhere.
      name: 'tasks',
      from: sql`tasks c`,
      where: sql`(c.project_id in (${ownedProjects}) or c.created_by = ${userId})`,
      document: sql`json_build_object('_id', c.id, 'projectId', c.project_id, 'featureId', c.feature_id, 'parentTaskId', c.parent_task_id, 'number', c.number, 'title', c.title,
        'description', c.description, 'status', c.status, 'priority', c.priority, 'assigneeId', c.assignee_id,
        'dueDate', c.due_date, 'category', c.category_id, 'estimatedHours', c.estimated_hours, 'actualHours', c.actual_hours,
        'tags', c.tags, 'blockedReason', c.blocked_reason, 'createdBy', c.created_by, 'createdAt', c.created_at, 'updatedAt', c.updated_at)`,
    },
    {
      // Issue 19: the relations between the tasks of its own workspaces' projects, and every one it added elsewhere.
      name: 'taskRelations',
      from: sql`task_relations c`,
      where: sql`(c.source_task_id in (select t.id from tasks t where t.project_id in (${ownedProjects})) or c.created_by = ${userId})`,
      document: sql`json_build_object('_id', c.id, 'type', c.type, 'sourceTaskId', c.source_task_id, 'targetTaskId', c.target_task_id,
        'createdBy', c.created_by, 'createdAt', c.created_at)`,
    },
    {
      // Issue 20: its API tokens as the tokens list shows them; never a secret or its hash.
      name: 'apiTokens',
      from: sql`api_tokens c`,
      where: sql`c.user_id = ${userId}`,
      document: sql`json_build_object('_id', c.id, 'name', c.name, 'scope', c.scope, 'createdAt', c.created_at,
        'expiresAt', c.expires_at, 'lastUsedAt', c.last_used_at)`,
    },
    {
      // Issue 20: the imports it started (what came in and what was skipped; never the file).
      name: 'imports',
      from: sql`import_jobs c`,
      where: sql`c.owner_id = ${userId}`,
      document: sql`json_build_object('_id', c.id, 'source', c.source, 'fileName', c.file_name, 'status', c.status,
        'workspaceId', c.workspace_id, 'projectId', c.project_id, 'summary', c.summary, 'error', c.error,
        'createdAt', c.created_at, 'finishedAt', c.finished_at)`,
    },
    {
      // Issue 20: the webhooks of its own workspaces' projects, without their signing secrets (a credential, like a password hash).
      name: 'webhooks',
      from: sql`webhooks c`,
      where: sql`c.project_id in (${ownedProjects})`,
      document: sql`json_build_object('_id', c.id, 'projectId', c.project_id, 'url', c.url, 'events', c.events, 'active', c.active,
        'pausedReason', c.paused_reason, 'createdAt', c.created_at, 'updatedAt', c.updated_at)`,
    },
    {
      name: 'comments',
      from: sql`task_comments c`,
      where: sql`c.user_id = ${userId}`,
      document: sql`json_build_object('_id', c.id, 'taskId', c.task_id, 'comment', c.comment, 'createdAt', c.created_at, 'editedAt', c.edited_at)`,
    },
  ];
}

async function* sectionRows(db: Db, section: Section): AsyncGenerator<string> {
  let after = FIRST_ID;
  for (;;) {
    const result = await db.execute(sql`
      select c.id, ${section.document}::text as doc from ${section.from}
      where ${section.where} and c.id > ${after}::uuid
      order by c.id limit ${BATCH_SIZE}`);
    const rows = rowsOf<{ id: string; doc: string }>(result);
    for (const row of rows) yield row.doc;
    if (rows.length < BATCH_SIZE) return;
    after = rows.at(-1)!.id;
  }
}

/**
 * Everything the account owns or wrote, as one JSON document written as it is read: the
 * profile (never a password hash or a second-factor secret), the notification settings and the
 * default todo category, then
 * each section's rows a batch at a time.
 */
async function* exportDocument(db: Db, user: Actor): AsyncGenerator<string> {
  const profile = { ...describeCurrentUser(user) };
  yield `{"exportedAt":${JSON.stringify(new Date().toISOString())},"profile":${JSON.stringify(profile)}`;
  // How each kind of notification reaches them (the defaults where they chose nothing).
  yield `,"notificationSettings":${JSON.stringify(withDefaults(await findPreferences(db, user.id)))}`;
  // Where quick add puts a todo without a category (decision 032), if they have one.
  yield `,"defaultTodoCategoryId":${JSON.stringify((await findDefaultTodoCategory(db, user.id))?.id ?? null)}`;
  for (const section of sectionsFor(user.id)) {
    yield `,${JSON.stringify(section.name)}:[`;
    let isFirst = true;
    for await (const doc of sectionRows(db, section)) {
      yield isFirst ? doc : `,${doc}`;
      isFirst = false;
    }
    yield ']';
  }
  yield '}\n';
}

export function streamAccountExport(db: Db, user: Actor): Readable {
  return Readable.from(exportDocument(db, user), { objectMode: false });
}

/** The download's file name: the username and the day. */
export function exportFileName(user: Actor, now = new Date()): string {
  return `tasklane-export-${user.username}-${now.toISOString().slice(0, 10)}.json`;
}
