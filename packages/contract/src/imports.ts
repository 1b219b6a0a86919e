import { z } from 'zod';
import { idSchema } from './common.js';
import { messageResponseSchema } from './errors.js';

/**
 * Imports (issue 20, decision 040): a file is uploaded, stored, and worked through by a
 * background job whose progress and summary `GET /imports/{id}` reports.
 */

/** Where an import comes from. `tasklane` is Tasklane's own JSON project export. */
export const importSources = ['trello', 'csv', 'todoist', 'tasklane'] as const;
export type ImportSource = (typeof importSources)[number];
/** The sources a workspace import takes (POST /workspaces/{id}/imports). */
export const workspaceImportSources = ['trello', 'csv', 'tasklane'] as const;
/** The sources a todos import takes (POST /todos/imports). */
export const todoImportSources = ['todoist'] as const;

export const importStatuses = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** The multipart fields of an import. */
export const IMPORT_FILE_FIELD = 'file';
export const IMPORT_SOURCE_FIELD = 'source';
export const IMPORT_MAPPING_FIELD = 'mapping';
export const IMPORT_PROJECT_NAME_FIELD = 'projectName';
export const IMPORT_PROJECT_ID_FIELD = 'projectId';

/** The task fields a CSV column can be mapped to, in the order the mapping step shows them. */
export const csvImportFields = ['title', 'description', 'status', 'priority', 'dueDate', 'assignee', 'tags', 'feature'] as const;
export type CsvImportField = (typeof csvImportFields)[number];

const columnNameSchema = z.string().trim().min(1, 'Column names cannot be empty').max(200, 'Column names must be at most 200 characters');

/**
 * The column-mapping step of a CSV import: for each task field, the header of the column that
 * holds it. Title is required; a field left out is not imported.
 */
export const csvMappingSchema = z
  .object({
    title: columnNameSchema.describe('Column of the task title (required)'),
    description: columnNameSchema.optional(),
    status: columnNameSchema.optional().describe('Values: a task status (TODO, IN_PROGRESS, ...), any case, spaces for underscores'),
    priority: columnNameSchema.optional().describe('Values: LOW, MEDIUM, HIGH, URGENT, any case'),
    dueDate: columnNameSchema.optional().describe('Values: YYYY-MM-DD, an ISO timestamp, or DD/MM/YYYY'),
    assignee: columnNameSchema.optional().describe("Values: a Tasklane user's email"),
    tags: columnNameSchema.optional().describe('Values: tags separated by commas'),
    feature: columnNameSchema.optional().describe('Values: a feature name (created when the project has none of that name)'),
  }, { error: 'Mapping must be an object of field names to column names' })
  .strict();
export type CsvMapping = z.infer<typeof csvMappingSchema>;

export const importParamsSchema = z.object({ importId: idSchema });

export const importSkippedItemSchema = z.object({
  item: z.string().describe('What was skipped: "Card \\"Title\\"", "Row 7", "List \\"Done\\""'),
  reason: z.string().describe('Why, in words fit to show'),
});
export type ImportSkippedItem = z.infer<typeof importSkippedItemSchema>;

/** At most this many skipped items are listed (skippedCount counts them all). */
export const MAX_LISTED_SKIPPED_ITEMS = 500;

export const importSummarySchema = z.object({
  created: z.record(z.string(), z.number()).describe('How many of each thing were created: projects, features, tasks, subtasks, comments, members, todos, categories'),
  skipped: z.array(importSkippedItemSchema).describe(`What was not imported and why (the first ${MAX_LISTED_SKIPPED_ITEMS})`),
  skippedCount: z.number().describe('How many items were skipped in all'),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importJobSchema = z
  .object({
    _id: z.string(),
    source: z.enum(importSources),
    status: z.enum(importStatuses).describe('QUEUED, RUNNING, then COMPLETED or FAILED'),
    fileName: z.string(),
    progress: z.object({ done: z.number(), total: z.number() }).describe('Items worked through of all items (0 of 0 until the job first runs)'),
    summary: importSummarySchema,
    workspaceId: z.string().optional(),
    projectId: z.string().optional().describe('The project the import created or filled'),
    error: z.string().optional().describe('Why a FAILED import stopped; what it created before stays'),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .describe('Import job');
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobResponseSchema = messageResponseSchema.extend({ data: importJobSchema });
export type ImportJobResponse = z.infer<typeof importJobResponseSchema>;

const fileProperty = { type: 'string', format: 'binary', description: 'The file (within UPLOAD_MAX_FILE_MB)' } as const;

/** The multipart body of a workspace import, for the API reference (the server reads the stream itself). */
export const workspaceImportBodyDoc = {
  type: 'object',
  required: [IMPORT_SOURCE_FIELD, IMPORT_FILE_FIELD],
  properties: {
    [IMPORT_SOURCE_FIELD]: { type: 'string', enum: [...workspaceImportSources] },
    [IMPORT_FILE_FIELD]: fileProperty,
    [IMPORT_MAPPING_FIELD]: {
      type: 'string',
      description: `csv only, required: JSON object of task field (${csvImportFields.join(', ')}) to column header; title is required`,
    },
    [IMPORT_PROJECT_NAME_FIELD]: {
      type: 'string',
      maxLength: 100,
      description: 'csv: the name of a new project to create (or send projectId); trello: overrides the board name',
    },
    [IMPORT_PROJECT_ID_FIELD]: { type: 'string', format: 'uuid', description: 'csv: an existing project of the workspace to import into (MODERATOR or above)' },
  },
} as const;

/** The multipart body of a todos import. */
export const todoImportBodyDoc = {
  type: 'object',
  required: [IMPORT_SOURCE_FIELD, IMPORT_FILE_FIELD],
  properties: {
    [IMPORT_SOURCE_FIELD]: { type: 'string', enum: [...todoImportSources] },
    [IMPORT_FILE_FIELD]: fileProperty,
  },
} as const;
