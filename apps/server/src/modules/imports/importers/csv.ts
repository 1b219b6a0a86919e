import {
  csvImportFields,
  csvMappingSchema,
  IMPORT_MAPPING_FIELD,
  IMPORT_PROJECT_ID_FIELD,
  IMPORT_PROJECT_NAME_FIELD,
  idSchema,
  parseTags,
  priorities,
  projectNameSchema,
  taskStatuses,
  type CsvImportField,
  type Priority,
  type TaskStatus,
} from '@tasklane/contract';
import type { Db } from '../../../db/client.js';
import { badRequest, forbidden, notFoundOrNotYours } from '../../../http/errors.js';
import type { Actor } from '../../context.js';
import { requireProjectRole } from '../../projects/project-access.js';
import { minimumRoleFor } from '../../projects/projects.policy.js';
import { canManageWorkspace } from '../../workspaces/workspaces.policy.js';
import { isBlankRow, readCsv } from './csv-text.js';
import { parseDay } from './dates.js';
import { findMemberIds, findUsersByEmailOrUsername, isProjectInWorkspace, listFeatureTitles } from './import-writes.repo.js';
import { addImportMember, createImportFeature, createImportProject, ensureImportedCategory } from './import-project.js';
import { createImportedTask, fitTags, MAX_DESCRIPTION, MAX_TITLE, type RankBook } from './imported-tasks.js';
import type { Importer, ImportRun } from './importer.js';

/**
 * A CSV of tasks with a column mapping (decision 040): each data row is a task; a row with an
 * error (no title, a status, priority or date it cannot read, an assignee who is not a user) is
 * skipped and listed with its row number, and never stops the others.
 */

export type CsvPlan = {
  columns: Partial<Record<CsvImportField, number>>;
  rows: string[][];
  target: { kind: 'new'; name: string } | { kind: 'existing'; projectId: string };
};

type CsvState = {
  projectId: string;
  categoryId: string;
  /** Features by lower-cased title. */
  featureIds: Record<string, string>;
  /** Users by lower-cased email (null: no such user). */
  users: Record<string, string | null>;
  members: string[];
  next: number;
  ranks: RankBook;
};

/** Where rows without a feature go. */
export const DEFAULT_CSV_FEATURE = 'Imported';

const mappingError = (message: string) => badRequest(message, [{ field: IMPORT_MAPPING_FIELD, message }]);

function parseMapping(text: string | undefined, header: string[]): CsvPlan['columns'] {
  if (!text) throw mappingError('Map the columns: send mapping, a JSON object of task field to column name (title is required)');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw mappingError('The mapping is not valid JSON');
  }
  const parsed = csvMappingSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.length ? String(issue.path[0]) : '';
    const message = issue.code === 'unrecognized_keys' ? `The mapping names fields Tasklane does not have; use ${csvImportFields.join(', ')}` : field === 'title' && issue.code === 'invalid_type' ? 'Map a column to the title' : issue.message;
    throw mappingError(message);
  }
  const columns: CsvPlan['columns'] = {};
  const missing: string[] = [];
  for (const field of csvImportFields) {
    const name = parsed.data[field];
    if (name === undefined) continue;
    const index = header.findIndex((column) => column.trim() === name);
    if (index < 0) missing.push(name);
    else columns[field] = index;
  }
  if (missing.length) throw mappingError(`The mapping names columns the file does not have: ${missing.map((name) => `"${name}"`).join(', ')}`);
  return columns;
}

function parseTarget(projectName: string | undefined, projectId: string | undefined): CsvPlan['target'] {
  const name = projectName?.trim();
  const id = projectId?.trim();
  if (name && id) throw badRequest('Send either projectName (a new project) or projectId (an existing one), not both');
  if (id) {
    if (!idSchema.safeParse(id).success) throw badRequest('Invalid project id', [{ field: IMPORT_PROJECT_ID_FIELD, message: 'Invalid project id' }]);
    return { kind: 'existing', projectId: id };
  }
  const parsed = projectNameSchema.safeParse(name ?? '');
  if (!parsed.success || !name) {
    const message = name ? parsed.error!.issues[0]!.message : 'Name the new project (projectName) or choose one (projectId)';
    throw badRequest(message, [{ field: IMPORT_PROJECT_NAME_FIELD, message }]);
  }
  return { kind: 'new', name: parsed.data };
}

export function parseTaskCsv(file: Buffer, options: { mapping?: string; projectName?: string; projectId?: string }): CsvPlan {
  const rows = readCsv(file, 'The file');
  const header = rows[0];
  if (!header || header.every((cell) => cell.trim() === '')) throw badRequest('The CSV file is empty: its first line must name the columns');
  const columns = parseMapping(options.mapping, header);
  const target = parseTarget(options.projectName, options.projectId);
  if (rows.length < 2) throw badRequest('The CSV file has no rows under its header');
  return { columns, rows: rows.slice(1), target };
}

const STATUS_WORDS: Record<string, TaskStatus> = { DONE: 'COMPLETED', COMPLETE: 'COMPLETED', CLOSED: 'COMPLETED', OPEN: 'TODO', NEW: 'TODO', TO_DO: 'TODO', DOING: 'IN_PROGRESS' };
const PRIORITY_WORDS: Record<string, Priority> = { NORMAL: 'MEDIUM', MED: 'MEDIUM', CRITICAL: 'URGENT', HIGHEST: 'URGENT', LOWEST: 'LOW' };

export function readStatus(value: string): TaskStatus | null | undefined {
  const word = value.trim().toUpperCase().replace(/[\s-]+/g, '_');
  if (!word) return null;
  if ((taskStatuses as readonly string[]).includes(word)) return word as TaskStatus;
  return STATUS_WORDS[word];
}

export function readPriority(value: string): Priority | null | undefined {
  const word = value.trim().toUpperCase();
  if (!word) return null;
  if ((priorities as readonly string[]).includes(word)) return word as Priority;
  return PRIORITY_WORDS[word];
}

async function setUp(tx: Db, run: ImportRun<CsvPlan>): Promise<CsvState> {
  const { plan, actor, summary } = run;
  const categoryId = await ensureImportedCategory(tx, actor);
  let projectId: string;
  if (plan.target.kind === 'new') {
    projectId = await createImportProject(tx, actor, run.workspaceId!, plan.target.name, '');
    summary.created('projects');
  } else {
    projectId = plan.target.projectId;
  }
  run.setProjectId(projectId);
  const featureIds: Record<string, string> = {};
  for (const feature of await listFeatureTitles(tx, projectId)) featureIds[feature.title.trim().toLowerCase()] ??= feature.id;
  return { projectId, categoryId, featureIds, users: {}, members: [], next: 0, ranks: {} };
}

async function featureFor(tx: Db, actor: Actor, state: CsvState, name: string, run: ImportRun<CsvPlan>): Promise<string> {
  const key = name.toLowerCase();
  const known = state.featureIds[key];
  if (known) return known;
  const id = await createImportFeature(tx, actor, state.projectId, name, state.categoryId);
  state.featureIds[key] = id;
  run.summary.created('features');
  return id;
}

/** Looks up, in one query, the assignees of the batch's rows not seen before. */
async function learnUsers(tx: Db, state: CsvState, emails: string[]) {
  const unknown = [...new Set(emails.map((email) => email.toLowerCase()))].filter((email) => !(email in state.users));
  if (!unknown.length) return;
  const found = await findUsersByEmailOrUsername(tx, unknown, []);
  for (const email of unknown) state.users[email] = found.find((user) => user.email === email)?.id ?? null;
  const members = await findMemberIds(tx, state.projectId, found.map((user) => user.id));
  state.members.push(...members);
}

export const csvImporter: Importer<CsvPlan, CsvState> = {
  source: 'csv',
  scope: 'workspace',
  parse: (file, options) => parseTaskCsv(file, options),
  async authorize(ctx, actor, target, plan) {
    if (plan.target.kind === 'new') {
      if (!canManageWorkspace({ isOwner: target.isWorkspaceOwner })) throw forbidden('Only the workspace owner can create projects in it');
      return;
    }
    await requireProjectRole(ctx, actor, plan.target.projectId, minimumRoleFor.canManageFeatures, 'Only admins and moderators can import tasks into this project');
    if (!(await isProjectInWorkspace(ctx.db, plan.target.projectId, target.workspaceId!))) throw notFoundOrNotYours('Project');
  },
  total: (plan) => plan.rows.length,
  async runBatch(tx, run, state, limit) {
    if (!state) return { state: await setUp(tx, run), done: 0, isFinished: false };
    const { plan, actor, summary } = run;
    const { columns } = plan;
    const end = Math.min(plan.rows.length, state.next + limit);
    const cell = (row: string[], field: CsvImportField) => (columns[field] === undefined ? '' : (row[columns[field]!] ?? '').trim());
    await learnUsers(tx, state, plan.rows.slice(state.next, end).map((row) => cell(row, 'assignee')).filter(Boolean));
    for (let index = state.next; index < end; index++) {
      const row = plan.rows[index]!;
      if (isBlankRow(row)) continue;
      const errors: string[] = [];
      const title = cell(row, 'title');
      if (!title) errors.push('Title is required');
      else if (title.length > MAX_TITLE) errors.push(`Title must be at most ${MAX_TITLE} characters`);
      const description = cell(row, 'description');
      if (description.length > MAX_DESCRIPTION) errors.push(`Description must be at most ${MAX_DESCRIPTION} characters`);
      const status = readStatus(cell(row, 'status'));
      if (status === undefined) errors.push(`Unknown status "${cell(row, 'status')}"`);
      const priority = readPriority(cell(row, 'priority'));
      if (priority === undefined) errors.push(`Unknown priority "${cell(row, 'priority')}"`);
      const dueDate = parseDay(cell(row, 'dueDate'));
      if (dueDate === undefined) errors.push(`Due date "${cell(row, 'dueDate')}" is not a date (use YYYY-MM-DD)`);
      const email = cell(row, 'assignee').toLowerCase();
      const assigneeId = email ? state.users[email] : null;
      if (assigneeId === undefined || (email && assigneeId === null)) errors.push(`No Tasklane user has the email "${email}"`);
      const featureName = cell(row, 'feature') || DEFAULT_CSV_FEATURE;
      if (featureName.length > MAX_TITLE) errors.push(`Feature name must be at most ${MAX_TITLE} characters`);
      if (errors.length) {
        summary.skipped(`Row ${index + 2}`, errors.join('; '));
        continue;
      }
      if (assigneeId && !state.members.includes(assigneeId)) {
        await addImportMember(tx, actor, state.projectId, assigneeId, summary);
        state.members.push(assigneeId);
      }
      await createImportedTask(tx, actor, state.ranks, {
        projectId: state.projectId,
        featureId: await featureFor(tx, actor, state, featureName, run),
        categoryId: state.categoryId,
        title,
        description,
        status: status ?? 'TODO',
        priority: priority ?? 'MEDIUM',
        assigneeId: assigneeId ?? null,
        dueDate: dueDate ?? null,
        tags: fitTags(parseTags(cell(row, 'tags'))),
        parentTaskId: null,
      });
      summary.created('tasks');
    }
    return { state: { ...state, next: end }, done: end, isFinished: end >= plan.rows.length };
  },
};
