import { z } from 'zod';
import { categoryTypes, featureStatuses, historyActions, memberRoles, priorities, projectStatuses, taskStatuses } from './enums.js';
import { httpUrlSchema } from './projects.js';
import { taskRelationTypes } from './relations.js';
import { isBoardRank } from './rules/board-rank.js';
import { historyDetailsSchemas } from './task-history.js';

/**
 * A project's export (issue 20, decision 041): one definition for what GET
 * /projects/{id}/export?format=json writes and what the re-import reads, so the two cannot drift.
 * The document names no database id of its own: tasks are referred to by their number, features
 * and categories by a reference local to the document (F1, C1 ...), people by username, email
 * and full name. History details are the one exception: they are carried exactly as recorded.
 */
export const PROJECT_EXPORT_FORMAT = 'tasklane.project';
export const PROJECT_EXPORT_VERSION = 1;

export const projectExportFormats = ['json', 'csv'] as const;
export type ProjectExportFormat = (typeof projectExportFormats)[number];

export const projectExportQuerySchema = z.object({
  format: z
    .enum(projectExportFormats, { error: 'Format must be json or csv' })
    .default('json')
    .describe('json: the whole project (re-importable); csv: its tasks, one row each'),
});

/** The CSV export's columns, in order (the header row). */
export const projectCsvColumns = [
  'Key',
  'Title',
  'Description',
  'Status',
  'Priority',
  'Feature',
  'Category',
  'Assignee email',
  'Assignee name',
  'Due date',
  'Tags',
  'Estimated hours',
  'Actual hours',
  'Blocked reason',
  'Parent key',
  'Created by email',
  'Created at',
  'Updated at',
] as const;

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An instant, to the microsecond the database keeps (2026-11-28T21:40:00.123456Z). */
const timestampSchema = z
  .string({ error: 'Must be an ISO timestamp' })
  .refine((value) => ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value)), 'Must be an ISO timestamp such as 2026-01-31T12:00:00.000Z');
/** A calendar day that exists (2026-02-30 does not). */
const daySchema = z
  .string({ error: 'Must be a date such as 2026-01-31' })
  .refine((value) => {
    if (!ISO_DAY.test(value)) return false;
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
  }, 'Must be a real date such as 2026-01-31')
  .nullable();
const text = (max: number) => z.string({ error: 'Must be text' }).max(max, `Must be at most ${max} characters`);
const name = (max: number) => text(max).min(1, 'Must not be empty');
const hoursSchema = z.number({ error: 'Must be a whole number or null' }).int('Must be a whole number').min(0).max(1_000_000).nullable();
const refSchema = z.string({ error: 'Must be a reference' }).min(1).max(40);
const taskNumberSchema = z.number({ error: 'Must be a task number' }).int('Must be a whole number').min(1).max(2_147_483_647);

/**
 * Someone, as this instance knew them: the re-import finds the account with this email, else
 * this username. null: an account deleted since (shown as "Deleted user").
 */
export const exportPersonSchema = z
  .object({ username: name(200), email: name(320), fullName: text(200) })
  .nullable()
  .describe('A person by username, email and full name; null once their account was deleted');
export type ExportPerson = z.infer<typeof exportPersonSchema>;

export const exportCategorySchema = z.object({
  ref: refSchema.describe('This document\'s name for the category (C1, C2 ...)'),
  name: name(100),
  type: z.enum(categoryTypes, { error: `Must be one of ${categoryTypes.join(', ')}` }),
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'Must be a hex colour such as #3B82F6'),
});

export const exportMemberSchema = z.object({
  user: exportPersonSchema.unwrap(),
  role: z.enum(memberRoles, { error: `Must be one of ${memberRoles.join(', ')}` }),
  joinedAt: timestampSchema,
});

export const exportProjectSchema = z.object({
  name: name(100),
  key: z.string().regex(/^[A-Z]{2,6}$/, 'Must be 2 to 6 capital letters').describe('Kept on import when free there, else another is proposed'),
  description: text(5000),
  status: z.enum(projectStatuses, { error: `Must be one of ${projectStatuses.join(', ')}` }),
  priority: z.enum(priorities, { error: `Must be one of ${priorities.join(', ')}` }),
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'Must be a hex colour such as #3B82F6'),
  logo: httpUrlSchema.nullable().describe('An http(s) URL, or null'),
  coverImage: httpUrlSchema.nullable().describe('An http(s) URL, or null'),
  category: refSchema.nullable().describe('A PROJECT category of the categories section'),
  isActive: z.boolean(),
  isPublic: z.boolean(),
  allowMemberInvites: z.boolean(),
  requireApproval: z.boolean(),
  lastTaskNumber: z.number().int().min(0).max(2_147_483_647).describe('The highest number ever given to a task (numbers are never reused)'),
  createdBy: exportPersonSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const exportFeatureSchema = z.object({
  ref: refSchema.describe("This document's name for the feature (F1, F2 ...)"),
  title: name(200),
  description: text(5000),
  status: z.enum(featureStatuses, { error: `Must be one of ${featureStatuses.join(', ')}` }),
  priority: z.enum(priorities, { error: `Must be one of ${priorities.join(', ')}` }),
  dueDate: daySchema,
  estimatedHours: hoursSchema,
  actualHours: hoursSchema,
  defaultCategory: refSchema.nullable().describe('A TASK category of the categories section'),
  createdBy: exportPersonSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const exportCommentSchema = z.object({
  author: exportPersonSchema,
  text: name(20_000),
  createdAt: timestampSchema,
  editedAt: timestampSchema.nullable(),
});

export const exportHistoryEntrySchema = z
  .object({
    action: z.enum(historyActions, { error: `Must be one of ${historyActions.join(', ')}` }),
    user: exportPersonSchema,
    details: z.record(z.string(), z.unknown()).describe('As recorded (see the task history): ids and keys in it are those of the source project'),
    createdAt: timestampSchema,
  })
  .superRefine((entry, context) => {
    // The API answers each action's details in its own shape: anything else could never be read back.
    const checked = historyDetailsSchemas[entry.action].safeParse(entry.details);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      context.addIssue({ code: 'custom', path: ['details', ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))], message: issue.message });
    }
  });

export const exportAttachmentSchema = z.object({
  name: name(1000),
  size: z.number().int().min(0),
  contentType: name(255),
  description: text(5000).nullable(),
  uploadedBy: exportPersonSchema,
  createdAt: timestampSchema,
});

export const exportRelationSchema = z.object({
  type: z.enum(taskRelationTypes, { error: `Must be one of ${taskRelationTypes.join(', ')}` }),
  target: taskNumberSchema.describe('The other task (this task BLOCKS, RELATES_TO or DUPLICATES it)'),
  createdBy: exportPersonSchema,
  createdAt: timestampSchema,
});

export const exportTaskSchema = z.object({
  number: taskNumberSchema,
  key: z.string().max(20).describe('Informative (KEY-number): the import gives the new project\'s key'),
  feature: refSchema,
  parent: taskNumberSchema.nullable().describe('The task this one is a subtask of'),
  subtaskPosition: z.number().int().min(-2_147_483_648).max(2_147_483_647),
  title: name(200),
  description: text(5000),
  status: z.enum(taskStatuses, { error: `Must be one of ${taskStatuses.join(', ')}` }),
  priority: z.enum(priorities, { error: `Must be one of ${priorities.join(', ')}` }),
  assignee: exportPersonSchema,
  dueDate: daySchema,
  category: refSchema.nullable().describe('A TASK category of the categories section'),
  estimatedHours: hoursSchema,
  actualHours: hoursSchema,
  tags: z.array(name(40)).max(20),
  blockedReason: text(1000).nullable(),
  boardRank: z
    .string({ error: 'Must be a board place' })
    .refine(isBoardRank, 'Must be a board place (boardRank) as Tasklane writes it')
    .describe('Its place in its board column (a fractional-index key)'),
  createdBy: exportPersonSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  comments: z.array(exportCommentSchema),
  history: z.array(exportHistoryEntrySchema),
  attachments: z.array(exportAttachmentSchema).describe('Metadata only: the files themselves are not exported'),
  relations: z.array(exportRelationSchema).describe('The relations this task is the source of'),
});

type Issue = { path: (string | number)[]; message: string };

/** What the shapes cannot say: references that must resolve, numbers that must be unique, subtasks one level deep. */
function referenceIssues(document: {
  categories: z.infer<typeof exportCategorySchema>[];
  features: z.infer<typeof exportFeatureSchema>[];
  tasks: z.infer<typeof exportTaskSchema>[];
  project: z.infer<typeof exportProjectSchema>;
}): Issue[] {
  const issues: Issue[] = [];
  const categories = new Map<string, string>();
  document.categories.forEach((category, index) => {
    if (categories.has(category.ref)) issues.push({ path: ['categories', index, 'ref'], message: `Category ${category.ref} appears twice` });
    categories.set(category.ref, category.type);
  });
  const checkCategory = (ref: string | null, type: string, path: (string | number)[]) => {
    if (ref === null) return;
    const found = categories.get(ref);
    if (found === undefined) issues.push({ path, message: `Category ${ref} is not in the categories section` });
    else if (found !== type) issues.push({ path, message: `Category ${ref} must be a ${type} category` });
  };
  checkCategory(document.project.category, 'PROJECT', ['project', 'category']);
  const features = new Set<string>();
  document.features.forEach((feature, index) => {
    if (features.has(feature.ref)) issues.push({ path: ['features', index, 'ref'], message: `Feature ${feature.ref} appears twice` });
    features.add(feature.ref);
    checkCategory(feature.defaultCategory, 'TASK', ['features', index, 'defaultCategory']);
  });
  const tasks = new Map<number, z.infer<typeof exportTaskSchema>>();
  document.tasks.forEach((task, index) => {
    if (tasks.has(task.number)) issues.push({ path: ['tasks', index, 'number'], message: `Task number ${task.number} appears twice` });
    tasks.set(task.number, task);
  });
  document.tasks.forEach((task, index) => {
    const at = (...rest: (string | number)[]) => ['tasks', index, ...rest];
    if (!features.has(task.feature)) issues.push({ path: at('feature'), message: `Feature ${task.feature} is not in the features section` });
    checkCategory(task.category, 'TASK', at('category'));
    if (task.number > document.project.lastTaskNumber) {
      issues.push({ path: at('number'), message: `Task number ${task.number} is above the project's lastTaskNumber` });
    }
    if (task.parent !== null) {
      const parent = tasks.get(task.parent);
      if (!parent) issues.push({ path: at('parent'), message: `Parent task ${task.parent} is not in the tasks section` });
      else if (parent.parent !== null) issues.push({ path: at('parent'), message: `Parent task ${task.parent} is itself a subtask` });
      else if (parent.feature !== task.feature) issues.push({ path: at('parent'), message: `Parent task ${task.parent} is in another feature` });
    }
    task.relations.forEach((relation, relationIndex) => {
      const path = at('relations', relationIndex, 'target');
      if (relation.target === task.number) issues.push({ path, message: 'A task cannot be related to itself' });
      else if (!tasks.has(relation.target)) issues.push({ path, message: `Task ${relation.target} is not in the tasks section` });
    });
  });
  return issues;
}

export const projectExportDocumentSchema = z
  .object({
    format: z.literal(PROJECT_EXPORT_FORMAT, { error: `Must be "${PROJECT_EXPORT_FORMAT}": this is not a Tasklane project export` }),
    version: z.literal(PROJECT_EXPORT_VERSION, { error: `Must be ${PROJECT_EXPORT_VERSION}: this version of the export format is not supported` }),
    exportedAt: timestampSchema,
    project: exportProjectSchema,
    categories: z.array(exportCategorySchema).describe('The categories the project, its features and its tasks use'),
    members: z.array(exportMemberSchema),
    features: z.array(exportFeatureSchema),
    tasks: z.array(exportTaskSchema).describe('By number; each with its comments, history, attachment metadata and outgoing relations'),
  })
  .superRefine((document, context) => {
    for (const issue of referenceIssues(document)) context.addIssue({ code: 'custom', ...issue });
  })
  .describe('A Tasklane project export (format tasklane.project, version 1)');

export type ProjectExportDocument = z.infer<typeof projectExportDocumentSchema>;
export type ExportTask = z.infer<typeof exportTaskSchema>;
export type ExportFeature = z.infer<typeof exportFeatureSchema>;
export type ExportCategory = z.infer<typeof exportCategorySchema>;
export type ExportMember = z.infer<typeof exportMemberSchema>;
export type ExportProject = z.infer<typeof exportProjectSchema>;
export type ExportComment = z.infer<typeof exportCommentSchema>;
export type ExportHistoryEntry = z.infer<typeof exportHistoryEntrySchema>;
export type ExportAttachment = z.infer<typeof exportAttachmentSchema>;
export type ExportRelation = z.infer<typeof exportRelationSchema>;

/** What re-importing a document made, and what it could not bring over (and why). */
export const projectImportSummarySchema = z.object({
  projectId: z.string(),
  projectKey: z.string(),
  created: z.object({
    categories: z.number().int(),
    members: z.number().int(),
    features: z.number().int(),
    tasks: z.number().int(),
    comments: z.number().int(),
    history: z.number().int(),
    relations: z.number().int(),
  }),
  skipped: z.array(z.object({ item: z.string(), reason: z.string() })),
});
export type ProjectImportSummary = z.infer<typeof projectImportSummarySchema>;
