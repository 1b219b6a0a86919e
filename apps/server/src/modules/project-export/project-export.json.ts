import {
  PROJECT_EXPORT_FORMAT,
  PROJECT_EXPORT_VERSION,
  type ExportCategory,
  type ExportFeature,
  type ExportMember,
  type ExportPerson,
  type ExportProject,
  type ExportTask,
  type ProjectExportDocument,
} from '@tasklane/contract';
import type { Db } from '../../db/client.js';
import * as repo from './project-export.repo.js';

/** Rows read per statement: the export never holds more than one page of tasks (with their comments and history). */
export const EXPORT_PAGE_SIZE = 500;

/** Who the document names, by id, read once each (a project's people are few next to its tasks). */
class People {
  private readonly known = new Map<string, ExportPerson>();
  constructor(private readonly db: Db) {}

  /** Reads every id not yet known, in one statement. */
  async load(ids: Iterable<string | null>): Promise<void> {
    const missing = [...new Set([...ids].filter((id): id is string => id !== null && !this.known.has(id)))];
    for (const row of await repo.findPeople(this.db, missing)) {
      this.known.set(row.id, row.deleted ? null : { username: row.username, email: row.email, fullName: row.full_name });
    }
  }

  of(id: string | null): ExportPerson {
    return id === null ? null : (this.known.get(id) ?? null);
  }
}

function groupBy<T extends { task_id: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.task_id);
    if (group) group.push(row);
    else groups.set(row.task_id, [row]);
  }
  return groups;
}

const jsonOf = (value: unknown): Record<string, unknown> =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

/** One page of tasks, each with its comments, history, attachments and outgoing relations (five statements). */
async function presentTasksPage(
  db: Db,
  projectKey: string,
  page: repo.TaskExportRow[],
  people: People,
  featureRefs: Map<string, string>,
  categoryRefs: Map<string, string>,
): Promise<ExportTask[]> {
  const ids = page.map((task) => task.id);
  const [comments, history, attachments, relations] = await Promise.all([
    repo.listCommentsOf(db, ids),
    repo.listHistoryOf(db, ids),
    repo.listAttachmentsOf(db, ids),
    repo.listRelationsFrom(db, ids),
  ]);
  await people.load([
    ...page.flatMap((task) => [task.assignee_id, task.created_by]),
    ...comments.map((row) => row.user_id),
    ...history.map((row) => row.user_id),
    ...attachments.map((row) => row.uploaded_by),
    ...relations.map((row) => row.created_by),
  ]);
  const commentsOf = groupBy(comments);
  const historyOf = groupBy(history);
  const attachmentsOf = groupBy(attachments);
  const relationsOf = groupBy(relations.map((row) => ({ ...row, task_id: row.source_task_id })));
  return page.map((task) => ({
    number: task.number,
    key: `${projectKey}-${task.number}`,
    feature: featureRefs.get(task.feature_id)!,
    parent: task.parent_number,
    subtaskPosition: task.subtask_position,
    title: task.title,
    description: task.description,
    status: task.status as ExportTask['status'],
    priority: task.priority as ExportTask['priority'],
    assignee: people.of(task.assignee_id),
    dueDate: task.due_date,
    category: task.category_id ? (categoryRefs.get(task.category_id) ?? null) : null,
    estimatedHours: task.estimated_hours,
    actualHours: task.actual_hours,
    tags: task.tags,
    blockedReason: task.blocked_reason,
    boardRank: task.board_rank,
    createdBy: people.of(task.created_by),
    createdAt: task.created_at,
    updatedAt: task.updated_at,
    comments: (commentsOf.get(task.id) ?? []).map((row) => ({
      author: people.of(row.user_id),
      text: row.comment,
      createdAt: row.created_at,
      editedAt: row.edited_at,
    })),
    history: (historyOf.get(task.id) ?? []).map((row) => ({
      action: row.action as ExportTask['history'][number]['action'],
      user: people.of(row.user_id),
      details: jsonOf(row.details),
      createdAt: row.created_at,
    })),
    attachments: (attachmentsOf.get(task.id) ?? []).map((row) => ({
      name: row.name,
      size: Number(row.size),
      contentType: row.content_type,
      description: row.description,
      uploadedBy: people.of(row.uploaded_by),
      createdAt: row.created_at,
    })),
    relations: (relationsOf.get(task.id) ?? []).map((row) => ({
      type: row.type as ExportTask['relations'][number]['type'],
      target: row.target_number,
      createdBy: people.of(row.created_by),
      createdAt: row.created_at,
    })),
  }));
}

/** Writes `items` as the elements of a JSON array, a page at a time. */
async function* arrayOf<T>(pages: AsyncGenerator<T[]>): AsyncGenerator<string> {
  yield '[';
  let isFirst = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    const text = page.map((item) => JSON.stringify(item)).join(',');
    yield isFirst ? text : `,${text}`;
    isFirst = false;
  }
  yield ']';
}

/**
 * The project as one JSON document (ProjectExportDocument), written as it is read: the project,
 * its categories and members whole (they are few), then its features and its tasks a page at a
 * time by keyset, each page's text released before the next is read. The project row must have
 * been found (the access check read it).
 */
export async function* projectJsonDocument(db: Db, projectId: string, now = new Date()): AsyncGenerator<string> {
  const project = await repo.findProjectForExport(db, projectId);
  if (!project) throw new Error(`Project ${projectId} vanished before its export began`);
  const people = new People(db);
  const [categoryRows, memberRows] = await Promise.all([repo.listUsedCategories(db, projectId), repo.listMembersForExport(db, projectId)]);
  await people.load([project.created_by, ...memberRows.map((row) => row.user_id)]);
  const categoryRefs = new Map(categoryRows.map((row, index) => [row.id, `C${index + 1}`]));
  const categories: ExportCategory[] = categoryRows.map((row) => ({
    ref: categoryRefs.get(row.id)!,
    name: row.name,
    type: row.type as ExportCategory['type'],
    color: row.color,
  }));
  const members: ExportMember[] = memberRows.flatMap((row) => {
    const user = people.of(row.user_id);
    return user ? [{ user, role: row.role as ExportMember['role'], joinedAt: row.joined_at }] : [];
  });
  const header: ExportProject = {
    name: project.name,
    key: project.key,
    description: project.description,
    status: project.status as ExportProject['status'],
    priority: project.priority as ExportProject['priority'],
    color: project.color,
    logo: project.logo,
    coverImage: project.cover_image,
    category: project.category_id ? (categoryRefs.get(project.category_id) ?? null) : null,
    isActive: project.is_active,
    isPublic: project.is_public,
    allowMemberInvites: project.allow_member_invites,
    requireApproval: project.require_approval,
    lastTaskNumber: project.last_task_number,
    createdBy: people.of(project.created_by),
    createdAt: project.created_at,
    updatedAt: project.updated_at,
  };
  const opening: Pick<ProjectExportDocument, 'format' | 'version' | 'exportedAt' | 'project' | 'categories' | 'members'> = {
    format: PROJECT_EXPORT_FORMAT,
    version: PROJECT_EXPORT_VERSION,
    exportedAt: now.toISOString(),
    project: header,
    categories,
    members,
  };
  // The object's text without its closing brace: the features and tasks follow.
  yield JSON.stringify(opening).slice(0, -1);

  const featureRefs = new Map<string, string>();
  yield ',"features":';
  yield* arrayOf(
    (async function* featurePages(): AsyncGenerator<ExportFeature[]> {
      let after: string | null = null;
      for (;;) {
        const page = await repo.listFeaturesPage(db, projectId, after, EXPORT_PAGE_SIZE);
        await people.load(page.map((row) => row.created_by));
        yield page.map((row) => {
          const ref = `F${featureRefs.size + 1}`;
          featureRefs.set(row.id, ref);
          return {
            ref,
            title: row.title,
            description: row.description,
            status: row.status as ExportFeature['status'],
            priority: row.priority as ExportFeature['priority'],
            dueDate: row.due_date,
            estimatedHours: row.estimated_hours,
            actualHours: row.actual_hours,
            defaultCategory: row.default_category_id ? (categoryRefs.get(row.default_category_id) ?? null) : null,
            createdBy: people.of(row.created_by),
            createdAt: row.created_at,
            updatedAt: row.updated_at,
          };
        });
        if (page.length < EXPORT_PAGE_SIZE) return;
        after = page.at(-1)!.id;
      }
    })(),
  );

  yield ',"tasks":';
  yield* arrayOf(
    (async function* taskPages(): AsyncGenerator<ExportTask[]> {
      let after = 0;
      for (;;) {
        const page = await repo.listTasksPage(db, projectId, after, EXPORT_PAGE_SIZE);
        yield await presentTasksPage(db, project.key, page, people, featureRefs, categoryRefs);
        if (page.length < EXPORT_PAGE_SIZE) return;
        after = page.at(-1)!.number;
      }
    })(),
  );
  yield '}\n';
}
