import {
  projectExportDocumentSchema,
  projectKeyCandidates,
  slugify,
  type CreateProjectData,
  type ExportPerson,
  type MemberRole,
  type ProjectExportDocument,
  type ProjectImportSummary,
} from '@tasklane/contract';
import { isNotNullViolation, violatedUniqueConstraint } from '../../db/errors.js';
import { badRequest, conflict, forbidden } from '../../http/errors.js';
import { insertCategory, listCategories } from '../categories/categories.repo.js';
import type { Actor, ServiceContext } from '../context.js';
import { deleteProject, insertProjectWithAdmin, PROJECT_KEY_INDEX } from '../projects/projects.repo.js';
import { canManageWorkspace } from '../workspaces/workspaces.policy.js';
import { getVisibleWorkspace } from '../workspaces/workspaces.service.js';
import * as repo from './project-import.repo.js';

/** Tasks written per transaction, with their comments and history: short transactions, few statements. */
export const IMPORT_BATCH_SIZE = 250;
/** Rows per INSERT statement for the children of a batch (comments, history, relations). */
const ROWS_PER_STATEMENT = 1000;
/** At most this many skipped items are listed one by one; the rest are counted in one last line. */
const MAX_SKIPPED_LISTED = 500;
/** Issues named in a refusal of a malformed document. */
const MAX_ISSUES_LISTED = 50;
const PROPOSED_KEY_ATTEMPTS = 8;

export type ImportProgress = { phase: 'features' | 'tasks' | 'relations'; done: number; total: number };

export type ImportProjectInput = {
  workspaceId: string;
  /** The parsed JSON of a project export: validated here. */
  document: unknown;
  onProgress?: (progress: ImportProgress) => void | Promise<void>;
};

/** The path of the first text holding a NUL character (PostgreSQL stores none), or null. */
function pathOfNul(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof key === 'string' && key.includes('\u0000')) return [...path, key];
    const found = pathOfNul(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Reads and checks a document: 400 naming each problem (its path in the document and what is wrong). */
export function parseProjectDocument(document: unknown): ProjectExportDocument {
  const nul = pathOfNul(document);
  if (nul) {
    const field = nul.join('.') || 'document';
    throw badRequest(`This is not a valid Tasklane project export: ${field}: Must not contain a NUL character`, [
      { field, message: 'Must not contain a NUL character' },
    ]);
  }
  const parsed = projectExportDocumentSchema.safeParse(document);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  const errors = issues.slice(0, MAX_ISSUES_LISTED).map((issue) => ({ field: issue.path.join('.') || 'document', message: issue.message }));
  const first = errors[0]!;
  throw badRequest(`This is not a valid Tasklane project export: ${first.field}: ${first.message}`, errors);
}

const describePerson = (person: NonNullable<ExportPerson>) => `${person.fullName || person.username} (${person.email})`;

/**
 * People matched to this instance's accounts: by email, then by username (both without case);
 * deleted accounts never match. Remembers who was not found, for the summary.
 */
class PeopleMap {
  private readonly byEmail = new Map<string, string>();
  private readonly byUsername = new Map<string, string>();
  readonly unmatched = new Map<string, NonNullable<ExportPerson>>();

  static async build(ctx: ServiceContext, people: NonNullable<ExportPerson>[]): Promise<PeopleMap> {
    const map = new PeopleMap();
    const emails = [...new Set(people.map((person) => person.email.toLowerCase()))];
    const usernames = [...new Set(people.map((person) => person.username.toLowerCase()))];
    for (let start = 0; start < Math.max(emails.length, usernames.length); start += ROWS_PER_STATEMENT) {
      const found = await repo.findUsersByEmailOrUsername(ctx.db, emails.slice(start, start + ROWS_PER_STATEMENT), usernames.slice(start, start + ROWS_PER_STATEMENT));
      for (const user of found) {
        map.byEmail.set(user.email.toLowerCase(), user.id);
        map.byUsername.set(user.username.toLowerCase(), user.id);
      }
    }
    for (const person of people) if (map.idOf(person) === null) map.unmatched.set(person.email.toLowerCase(), person);
    return map;
  }

  idOf(person: ExportPerson): string | null {
    if (!person) return null;
    return this.byEmail.get(person.email.toLowerCase()) ?? this.byUsername.get(person.username.toLowerCase()) ?? null;
  }
}

function everyPerson(document: ProjectExportDocument): NonNullable<ExportPerson>[] {
  const people: ExportPerson[] = [document.project.createdBy, ...document.members.map((member) => member.user)];
  for (const feature of document.features) people.push(feature.createdBy);
  for (const task of document.tasks) {
    people.push(task.assignee, task.createdBy);
    for (const comment of task.comments) people.push(comment.author);
    for (const entry of task.history) people.push(entry.user);
    for (const relation of task.relations) people.push(relation.createdBy);
  }
  const unique = new Map<string, NonNullable<ExportPerson>>();
  for (const person of people) if (person) unique.set(`${person.email.toLowerCase()}\n${person.username.toLowerCase()}`, person);
  return [...unique.values()];
}

/** A comment whose author has no account here: written under the importer's name, theirs kept in its first line. */
function commentText(author: ExportPerson, text: string): string {
  const who = author ? describePerson(author) : 'a deleted user';
  return `_Originally written by ${who}_\n\n${text}`;
}

/** Each document category mapped to one of the importer's own: the same type and name (or slug), else a new one. */
async function mapCategories(ctx: ServiceContext, actor: Actor, document: ProjectExportDocument) {
  const own = await listCategories(ctx.db, actor.id);
  const refs = new Map<string, string>();
  let created = 0;
  for (const category of document.categories) {
    const slug = slugify(category.name);
    const sameType = own.filter((row) => row.type === category.type);
    const found =
      sameType.find((row) => row.name.toLowerCase() === category.name.toLowerCase()) ?? sameType.find((row) => row.slug === slug);
    if (found) {
      refs.set(category.ref, found.id);
      continue;
    }
    const row = await insertCategory(ctx.db, actor, { name: category.name, slug, type: category.type, color: category.color });
    own.push(row);
    refs.set(category.ref, row.id);
    created++;
  }
  return { refs, created };
}

/** Creates the project with the document's key when it is free here, else the first free key proposed from its name. */
async function createProject(ctx: ServiceContext, actor: Actor, document: ProjectExportDocument, workspaceId: string, categoryId: string | null) {
  const { project } = document;
  const data: CreateProjectData = {
    name: project.name,
    description: project.description,
    status: project.status,
    priority: project.priority,
    logo: project.logo,
    coverImage: project.coverImage,
    category: categoryId,
    settings: { color: project.color, isPublic: project.isPublic, allowMemberInvites: project.allowMemberInvites, requireApproval: project.requireApproval },
    workspaceId,
  };
  const candidates = [project.key, ...projectKeyCandidates(project.name).filter((key) => key !== project.key)];
  for (let attempt = 1; ; attempt++) {
    try {
      const projectId = await insertProjectWithAdmin(ctx.db, actor, data, candidates);
      return { projectId, key: await repo.findProjectKey(ctx.db, projectId) };
    } catch (error) {
      if (isNotNullViolation(error)) {
        throw conflict(`Key ${project.key} is taken here, and so is every key proposed from the name "${project.name}": rename or re-key the project and export it again`);
      }
      if (violatedUniqueConstraint(error) !== PROJECT_KEY_INDEX || attempt >= PROPOSED_KEY_ATTEMPTS) throw error;
    }
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * Re-imports a project export (decision 041) as a new project in a workspace the actor owns.
 * People are matched to accounts here by email, then username; matched members keep their roles
 * and the actor stays ADMIN unless the document makes them a member of the project with another
 * role and another ADMIN was matched. Features, tasks (with their numbers, subtasks, board
 * places), comments, history and relations are recreated with their original dates; attachment
 * metadata without its file is skipped. The project, members and features are written first,
 * then the tasks a batch per transaction, then subtasks' parents and relations; if any step
 * fails the new project is deleted and the error raised, so nothing half-made is left.
 */
export async function importProjectDocument(ctx: ServiceContext, actor: Actor, input: ImportProjectInput): Promise<ProjectImportSummary> {
  const document = parseProjectDocument(input.document);
  const workspace = await getVisibleWorkspace(ctx, actor, input.workspaceId);
  if (!canManageWorkspace(workspace)) throw forbidden('Only the workspace owner can import projects into it');

  const skipped: ProjectImportSummary['skipped'] = [];
  let skippedBeyondList = 0;
  const skip = (item: string, reason: string) => {
    if (skipped.length < MAX_SKIPPED_LISTED) skipped.push({ item, reason });
    else skippedBeyondList++;
  };
  const people = await PeopleMap.build(ctx, everyPerson(document));
  const categories = await mapCategories(ctx, actor, document);
  const categoryOf = (ref: string | null) => (ref === null ? null : (categories.refs.get(ref) ?? null));

  const { projectId, key } = await createProject(ctx, actor, document, input.workspaceId, categoryOf(document.project.category));
  const created = { categories: categories.created, members: 0, features: 0, tasks: 0, comments: 0, history: 0, relations: 0 };
  try {
    // Members: the matched ones with their roles; the actor keeps ADMIN unless someone else is one.
    const roles = new Map<string, { role: MemberRole; joinedAt: string }>();
    for (const member of document.members) {
      const userId = people.idOf(member.user);
      if (userId === null) skip(`member ${describePerson(member.user)}`, 'No account here has this email or username');
      else if (!roles.has(userId)) roles.set(userId, { role: member.role, joinedAt: member.joinedAt });
    }
    if (![...roles.values()].some((member) => member.role === 'ADMIN')) {
      roles.set(actor.id, { role: 'ADMIN', joinedAt: roles.get(actor.id)?.joinedAt ?? document.exportedAt });
    }
    const memberRows = [...roles].map(([userId, member]) => ({ userId, ...member }));
    await repo.upsertMembers(ctx.db, projectId, memberRows);
    created.members = memberRows.length;

    const featureIds = new Map<string, string>();
    for (const batch of chunks(document.features, ROWS_PER_STATEMENT)) {
      const ids = await repo.insertFeatures(
        ctx.db,
        projectId,
        batch.map((feature) => ({ feature, defaultCategoryId: categoryOf(feature.defaultCategory), createdBy: people.idOf(feature.createdBy) })),
      );
      batch.forEach((feature, index) => featureIds.set(feature.ref, ids[index]!));
      created.features += batch.length;
      await input.onProgress?.({ phase: 'features', done: created.features, total: document.features.length });
    }

    const taskIds = new Map<number, string>();
    for (const batch of chunks(document.tasks, IMPORT_BATCH_SIZE)) {
      await ctx.db.transaction(async (tx) => {
        const inserted = await repo.insertTasks(
          tx,
          projectId,
          batch.map((task) => ({
            task,
            featureId: featureIds.get(task.feature)!,
            categoryId: categoryOf(task.category),
            assigneeId: people.idOf(task.assignee),
            createdBy: people.idOf(task.createdBy),
          })),
        );
        for (const row of inserted) taskIds.set(row.number, row.id);
        const comments: repo.CommentInsert[] = [];
        const history: repo.HistoryInsert[] = [];
        for (const task of batch) {
          const taskId = taskIds.get(task.number)!;
          for (const comment of task.comments) {
            const authorId = people.idOf(comment.author);
            comments.push({
              taskId,
              userId: authorId ?? actor.id,
              text: authorId ? comment.text : commentText(comment.author, comment.text),
              createdAt: comment.createdAt,
              editedAt: comment.editedAt,
            });
          }
          for (const entry of task.history) history.push({ taskId, userId: people.idOf(entry.user), entry });
          for (const attachment of task.attachments) {
            skip(`attachment "${attachment.name}" of ${key}-${task.number}`, 'The export holds no file contents: only its name and size');
          }
        }
        for (const part of chunks(comments, ROWS_PER_STATEMENT)) await repo.insertComments(tx, part);
        for (const part of chunks(history, ROWS_PER_STATEMENT)) await repo.insertHistory(tx, part);
        created.comments += comments.length;
        created.history += history.length;
      });
      created.tasks += batch.length;
      await input.onProgress?.({ phase: 'tasks', done: created.tasks, total: document.tasks.length });
    }

    const parents = document.tasks.flatMap((task) => (task.parent === null ? [] : [{ taskId: taskIds.get(task.number)!, parentId: taskIds.get(task.parent)! }]));
    for (const part of chunks(parents, ROWS_PER_STATEMENT)) await repo.setParents(ctx.db, part);

    const relations = document.tasks.flatMap((task) =>
      task.relations.map((relation) => ({
        row: {
          sourceTaskId: taskIds.get(task.number)!,
          targetTaskId: taskIds.get(relation.target)!,
          type: relation.type,
          createdBy: people.idOf(relation.createdBy),
          createdAt: relation.createdAt,
        },
      })),
    );
    for (const part of chunks(relations, ROWS_PER_STATEMENT)) {
      const count = await repo.insertRelations(
        ctx.db,
        part.map((relation) => relation.row),
      );
      if (count < part.length) skip(`${part.length - count} relation(s)`, 'They repeat a relation of the same type between the same two tasks');
      created.relations += count;
      await input.onProgress?.({ phase: 'relations', done: created.relations, total: relations.length });
    }

    const highest = document.tasks.reduce((max, task) => Math.max(max, task.number), 0);
    await repo.completeProject(ctx.db, projectId, document.project, people.idOf(document.project.createdBy), Math.max(highest, document.project.lastTaskNumber));
  } catch (error) {
    // Its rows cascade; the event tells anyone who saw it appear that it is gone.
    await deleteProject(ctx.db, actor, projectId);
    throw error;
  }

  for (const person of people.unmatched.values()) {
    skip(
      `person ${describePerson(person)}`,
      'No account here has this email or username: their comments are kept under your name with theirs in the first line; their assignments and authorship are left empty',
    );
  }
  if (skippedBeyondList > 0) skipped.push({ item: `${skippedBeyondList} more`, reason: 'Not listed one by one' });
  return { projectId, projectKey: key, created, skipped };
}
