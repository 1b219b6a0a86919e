import { z } from 'zod';
import { priorities, taskStatuses } from './enums.js';
import {
  descriptionSchema,
  descriptionTextSchema,
  dueDateTextSchema,
  hoursSchema,
  hoursTextSchema,
  idSchema,
  nullableReferenceSchema,
  optionalDueDateSchema,
  optionalPageQuerySchema,
  pagePaginationSchema,
  pageQuerySchema,
  queryBooleanSchema,
  queryIntSchema,
  referenceSchema,
  searchQuerySchema,
  sortOrderSchema,
  tagsSchema,
  tagsTextSchema,
  titleSchema,
  versionSchema,
} from './common.js';
import { messageResponseSchema } from './errors.js';
import { memberRoleSchema } from './projects.js';
import { decodeBoardCursor } from './rules/board-cursor.js';
import { normalizeTaskStatus, statusesForFilter, taskStatusFilters } from './rules/task-rules.js';
import { isTaskKey } from './rules/task-keys.js';
import { taskHistoryEntrySchema } from './task-history.js';
import { blockedBySchema } from './relations.js';

const statusMessage = `Status must be one of ${taskStatuses.join(', ')}`;

export const taskStatusSchema = z.enum(taskStatuses, { error: statusMessage });
export const taskPrioritySchema = z.enum(priorities, { error: 'Priority must be one of LOW, MEDIUM, HIGH, URGENT' });

/** A status in a body: BLOCK is accepted as BLOCKED. */
export const taskStatusInputSchema = z
  .enum([...taskStatuses, 'BLOCK'], { error: statusMessage })
  .transform(normalizeTaskStatus)
  .describe('A task status; BLOCK is accepted as BLOCKED');

/** A status filter: any status, BLOCK (= BLOCKED) or PENDING (= TODO and REOPEN). */
export const taskStatusFilterSchema = z
  .enum(taskStatusFilters, { error: `Status must be one of ${taskStatusFilters.join(', ')}` })
  .transform(statusesForFilter)
  .describe('A task status, BLOCK (= BLOCKED) or PENDING (= TODO and REOPEN)');

export const taskUserSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
});
export type TaskUser = z.infer<typeof taskUserSchema>;

/** A file attached to a task. The bytes are at GET /tasks/{taskId}/attachments/{_id}. */
export const attachmentSchema = z
  .object({
    _id: z.string(),
    name: z.string().describe('The uploaded name, cleaned of path parts and control characters'),
    size: z.number().describe('Bytes'),
    contentType: z.string().describe('The media type the uploader sent (application/octet-stream when none or invalid)'),
    description: z.string().nullable().describe('The description sent with the upload, or null'),
    uploadedBy: taskUserSchema.nullable().describe('null once that user no longer exists'),
    createdAt: z.string(),
  })
  .describe('Attachment');
export type Attachment = z.infer<typeof attachmentSchema>;

export const taskAbilitiesSchema = z
  .object({
    canEdit: z.boolean().describe('Also: may upload and remove attachments'),
    canDelete: z.boolean().describe('MODERATOR and ADMIN: any task; MEMBER: tasks they created'),
    canComment: z.boolean(),
  })
  .describe("What the caller's role lets them do with this task; the server enforces the same rules");
export type TaskAbilities = z.infer<typeof taskAbilitiesSchema>;

/** A parent's progress (decision 033): { 0, 0 } on a task without subtasks. */
export const subtaskProgressSchema = z
  .object({
    total: z.number().describe('Its subtasks, whatever their status'),
    completed: z.number().describe('Those COMPLETED'),
  })
  .describe("A task's subtasks: how many, and how many are done ({ total: 0, completed: 0 } when it has none)");
export type SubtaskProgress = z.infer<typeof subtaskProgressSchema>;

/** The parent a subtask names, for its link (same project, so the key is the project's). */
export const parentTaskRefSchema = z
  .object({ _id: z.string(), key: z.string(), title: z.string() })
  .nullable()
  .describe('The parent task, for a link to it; null on a top-level task');

const parentSubtaskFields = {
  parentTaskId: z.string().nullable().describe('The task this one is a subtask of (same feature), or null for a top-level task'),
  parentTask: parentTaskRefSchema,
  subtasks: subtaskProgressSchema,
};

const taskNumberSchema = z.number().describe('Its number in its project: 1, 2, 3 ... in creation order, never reused');
const taskKeySchema = z.string().describe("Its project's key and its number, such as WEB-42: GET /tasks/{key} answers it too");

export const taskSchema = z
  .object({
    _id: z.string(),
    number: taskNumberSchema,
    key: taskKeySchema,
    title: z.string(),
    description: z.string(),
    status: taskStatusSchema,
    priority: taskPrioritySchema,
    assigneeId: taskUserSchema.nullable(),
    dueDate: z.string().nullable().describe('ISO timestamp of the due day at UTC midnight, or null'),
    estimatedHours: z.number().nullable(),
    actualHours: z.number().nullable(),
    categoryId: z.object({ _id: z.string(), name: z.string(), color: z.string() }).nullable(),
    tags: z.array(z.string()),
    attachments: z.array(attachmentSchema).describe('Oldest first'),
    featureId: z.object({ _id: z.string(), title: z.string() }),
    projectId: z.object({ _id: z.string(), name: z.string() }),
    createdBy: taskUserSchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    isOverdue: z.boolean().describe('Due day before today (UTC) and neither COMPLETED nor CANCELLED'),
    blockedReason: z.string().nullable().describe('Set while the task is BLOCKED'),
    version: z.number().describe('Starts at 1, incremented by every change; send it back with PUT'),
    abilities: taskAbilitiesSchema,
    blockedBy: blockedBySchema,
    ...parentSubtaskFields,
  })
  .describe('Task');
export type Task = z.infer<typeof taskSchema>;

export const taskDetailSchema = taskSchema
  .extend({
    history: z.array(taskHistoryEntrySchema).describe('Newest first'),
    role: memberRoleSchema.describe("The caller's effective role in the task's project"),
  })
  .describe('Task with its history');
export type TaskDetail = z.infer<typeof taskDetailSchema>;

const blockedReasonSchema = z
  .string({ error: 'Blocked reason must be text' })
  .trim()
  .max(1000, 'Blocked reason must be at most 1000 characters')
  .nullish()
  .transform((value) => (value === undefined ? undefined : value ? value : null))
  .describe('Why the task is blocked; kept only while the status is BLOCKED');

const taskFields = {
  description: descriptionSchema,
  status: taskStatusInputSchema.optional(),
  priority: taskPrioritySchema.optional(),
  assigneeId: nullableReferenceSchema('Assignee must be a user id').describe('A member of the project, or null'),
  dueDate: optionalDueDateSchema,
  estimatedHours: hoursSchema('Estimated hours'),
  actualHours: hoursSchema('Actual hours'),
  tags: tagsSchema.optional(),
  attachments: z
    .unknown()
    .optional()
    .describe('Accepted and ignored: files are added with POST /tasks/{taskId}/attachments'),
  blockedReason: blockedReasonSchema,
};

const parentTaskIdSchema = referenceSchema('Parent task must be a task id').describe(
  "Makes the new task a subtask of this task (decision 033): a top-level task of the same feature. featureId and categoryId may then be left out (the parent's are taken)",
);

export const createTaskBodySchema = z
  .object({
    title: titleSchema,
    categoryId: referenceSchema('Category is required').optional().describe("One of your TASK categories (a subtask may leave it out: its parent's)"),
    featureId: referenceSchema('Feature is required').optional().describe("One of the project's features (a subtask may leave it out: its parent's)"),
    projectId: referenceSchema().optional().describe("The feature's project (taken from the feature when left out)"),
    parentTaskId: parentTaskIdSchema.nullish(),
    ...taskFields,
  })
  .superRefine((body, context) => {
    if (body.parentTaskId) return;
    if (!body.featureId) context.addIssue({ code: 'custom', path: ['featureId'], message: 'Feature is required' });
    if (!body.categoryId) context.addIssue({ code: 'custom', path: ['categoryId'], message: 'Category is required' });
  });
export type CreateTaskBody = z.input<typeof createTaskBodySchema>;
export type CreateTaskData = z.output<typeof createTaskBodySchema>;

/**
 * Fields left out keep their values. What only the server writes (_id, createdBy, createdAt,
 * updatedAt, isOverdue, abilities, history, role) may come back with it and is ignored.
 */
export const updateTaskBodySchema = z.object({
  title: titleSchema.optional(),
  categoryId: nullableReferenceSchema('Category is required').describe(
    'One of your TASK categories (or the current one); null only while the task has none',
  ),
  featureId: referenceSchema().optional().describe("Another of the project's features"),
  projectId: referenceSchema().optional().describe("Accepted for the spec's clients; must be the task's project"),
  parentTaskId: referenceSchema('Parent task must be a task id')
    .nullish()
    .describe("Set at creation only (decision 033): accepted when it is the task's current parent (or null on a top-level task), refused otherwise"),
  version: versionSchema,
  ...taskFields,
});
export type UpdateTaskBody = z.input<typeof updateTaskBodySchema>;
export type UpdateTaskData = z.output<typeof updateTaskBodySchema>;

/**
 * The task form, every field as its input holds it (the Create Task modal and the detail's edit
 * mode): hours and the due date give null when empty, tags are comma-separated text, an empty
 * assignee is nobody. The create modal leaves actual hours out.
 */
export const taskFormSchema = z.object({
  title: titleSchema,
  description: descriptionTextSchema,
  status: taskStatusSchema,
  priority: taskPrioritySchema,
  categoryId: z.string().min(1, 'Category is required'),
  assigneeId: z.string().transform((value) => value || null),
  dueDate: dueDateTextSchema,
  estimatedHours: hoursTextSchema('Estimated hours'),
  actualHours: hoursTextSchema('Actual hours'),
  tags: tagsTextSchema,
  blockedReason: z.string().trim().max(1000, 'Blocked reason must be at most 1000 characters'),
});
export type TaskForm = z.input<typeof taskFormSchema>;
export type TaskFormData = z.output<typeof taskFormSchema>;

/**
 * The detail's edit mode: a task whose category was deleted has none and may keep saving
 * without one (docs/api.md), so the category is not required there; the select offers no
 * empty choice once a task has a category.
 */
export const taskEditFormSchema = taskFormSchema.extend({ categoryId: z.string() });

export const taskSortFields = ['createdAt', 'updatedAt', 'title', 'dueDate', 'priority', 'status'] as const;
export type TaskSortField = (typeof taskSortFields)[number];

const taskFilters = {
  search: searchQuerySchema.describe('Matches title, description and tags, case-insensitively'),
  status: taskStatusFilterSchema.optional(),
  priority: taskPrioritySchema.optional(),
  sortBy: z.enum(taskSortFields, { error: `sortBy must be one of ${taskSortFields.join(', ')}` }),
};

const hideSubtasksSchema = queryBooleanSchema.optional().describe('true: only top-level tasks, no subtasks ("Hide subtasks")');

export const listTasksQuerySchema = z.object({
  featureId: idSchema.describe('The feature whose tasks to list'),
  page: pageQuerySchema,
  limit: queryIntSchema('limit', 1, 100).default(10).describe('Page size, 1 to 100 (default 10)'),
  ...taskFilters,
  sortBy: taskFilters.sortBy.default('createdAt'),
  sortOrder: sortOrderSchema.default('desc'),
  hideSubtasks: hideSubtasksSchema,
});
export type ListTasksQuery = z.input<typeof listTasksQuerySchema>;
export type ListTasksData = z.output<typeof listTasksQuerySchema>;

/** Assigned tasks a page when a page is asked for without a limit. */
export const ASSIGNED_PAGE_LIMIT_DEFAULT = 1000;

/**
 * Assigned tasks: with neither page nor limit, every one (the spec's clients send none); with
 * either, that one page. By due date ascending by default.
 */
export const listAssignedTasksQuerySchema = z.object({
  page: optionalPageQuerySchema,
  limit: queryIntSchema('limit', 1, 1000)
    .optional()
    .describe(`Page size, 1 to 1000 (default ${ASSIGNED_PAGE_LIMIT_DEFAULT} once page is sent); with neither page nor limit, every assigned task`),
  ...taskFilters,
  sortBy: taskFilters.sortBy.default('dueDate'),
  sortOrder: sortOrderSchema.default('asc'),
  hideDone: queryBooleanSchema
    .optional()
    .describe('true: leave out COMPLETED and CANCELLED tasks (unless a status filter is sent) and answer how many were left out in hiddenDone'),
});
export type ListAssignedTasksQuery = z.input<typeof listAssignedTasksQuerySchema>;
export type ListAssignedTasksData = z.output<typeof listAssignedTasksQuerySchema>;

export const taskParamsSchema = z.object({ taskId: idSchema });

/** A task named by its id or by its key ("WEB-42", any case). */
export const taskRefParamsSchema = z.object({
  taskId: z
    .string()
    .refine((value) => idSchema.safeParse(value).success || isTaskKey(value), 'Must be a task id or a task key such as WEB-42')
    .describe('The task: its id (UUID) or its key (WEB-42, any case)'),
});
export const taskQuerySchema = z.object({ projectId: idSchema.optional().describe("Must be the task's project when sent") });

export const taskStatisticsSchema = z
  .object({
    total: z.number(),
    todo: z.number().describe('TODO and REOPEN'),
    inProgress: z.number().describe('IN_PROGRESS and DEV_COMPLETED'),
    inReview: z.number(),
    completed: z.number(),
    block: z.number().describe('BLOCKED'),
    cancelled: z.number(),
  })
  .describe("Counts over the whole feature, whatever the filters and page");

export const tasksResponseSchema = z.object({
  success: z.literal(true),
  total: z.number().describe('Tasks matching the filters'),
  data: z.object({
    tasks: z.array(taskSchema),
    statistics: taskStatisticsSchema,
    pagination: z.object({
      currentPage: z.number(),
      pages: z.number(),
      count: z.number().describe('Tasks on this page'),
    }),
  }),
  message: z.string(),
});
export type TasksResponse = z.infer<typeof tasksResponseSchema>;

export const assignedTasksResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(taskSchema),
  total: z.number().describe('Assigned tasks matching the filters'),
  pagination: pagePaginationSchema,
  hiddenDone: z
    .number()
    .optional()
    .describe('Only with hideDone=true: the COMPLETED and CANCELLED tasks matching the other filters, left out of this answer'),
  message: z.string(),
});
export type AssignedTasksResponse = z.infer<typeof assignedTasksResponseSchema>;

export const taskResponseSchema = messageResponseSchema.extend({ data: taskDetailSchema });
export type TaskResponse = z.infer<typeof taskResponseSchema>;

/**
 * The answer of a save (PUT /tasks/{id}): the task as saved, with only the history entries the
 * save added (issue 15: a save does not read the whole history again; the client holds it).
 */
export const taskSavedResponseSchema = messageResponseSchema.extend({
  data: taskDetailSchema.extend({
    history: z
      .array(taskHistoryEntrySchema)
      .describe('The entries this save added, newest first (none when it changed nothing); GET /tasks/{taskId} answers the whole history'),
  }),
});

/** How many cards of each column the board answers unless asked for another number. */
export const BOARD_PAGE_SIZE = 100;
/** The most cards of a column one board answer may carry. */
export const BOARD_PAGE_MAX = 500;

const boardCursorSchema = z
  .string()
  .transform((text, context) => {
    const cursor = decodeBoardCursor(text);
    if (!cursor) {
      context.addIssue({ code: 'custom', message: 'after must be a nextCursor of a board answer' });
      return z.NEVER;
    }
    return cursor;
  })
  .describe("A column's nextCursor: the cards after it (needs status)");

export const boardQuerySchema = z
  .object({
    featureId: idSchema.describe('The feature whose board to read'),
    search: searchQuerySchema.describe('Only the cards whose title, description or tags match (as the task list searches)'),
    priority: taskPrioritySchema.optional().describe('Only the cards of this priority'),
    status: taskStatusInputSchema.optional().describe('Only this column (BLOCK is accepted as BLOCKED); needed with after'),
    after: boardCursorSchema.optional(),
    limit: queryIntSchema('limit', 1, BOARD_PAGE_MAX)
      .default(BOARD_PAGE_SIZE)
      .describe(`Cards per column, 1 to ${BOARD_PAGE_MAX} (default ${BOARD_PAGE_SIZE})`),
    hideSubtasks: hideSubtasksSchema,
  })
  .superRefine((query, context) => {
    if (query.after && !query.status) context.addIssue({ code: 'custom', path: ['status'], message: 'status is required with after' });
  });
export type BoardQuery = z.input<typeof boardQuerySchema>;
export type BoardQueryData = z.output<typeof boardQuerySchema>;

/** A card of the board: just what a card shows and what a move needs (its column gives its status). */
export const boardTaskSchema = z
  .object({
    _id: z.string(),
    number: taskNumberSchema,
    key: taskKeySchema,
    title: z.string(),
    priority: taskPrioritySchema,
    assigneeId: z.object({ _id: z.string(), fullName: z.string(), avatar: z.string().nullable() }).nullable(),
    dueDate: z.string().nullable().describe('ISO timestamp of the due day at UTC midnight, or null'),
    isOverdue: z.boolean(),
    tags: z.array(z.string()),
    boardRank: z.string().describe('Its place: cards of a column sort by this key, compared byte by byte'),
    version: z.number(),
    blockedBy: blockedBySchema,
    ...parentSubtaskFields,
  })
  .describe('Board card');
export type BoardTask = z.infer<typeof boardTaskSchema>;

export const boardColumnSchema = z
  .object({
    status: taskStatusSchema,
    total: z.number().describe('Cards in the column (those the search and priority match)'),
    tasks: z.array(boardTaskSchema).describe('In board order (rank, then id): the first `limit` of the column, or of those after the cursor'),
    nextCursor: z
      .string()
      .nullable()
      .describe('Send it back as `after` (with this `status`) for the cards that follow; null when none follow'),
  })
  .describe('Board column');
export type BoardColumn = z.infer<typeof boardColumnSchema>;

export const boardResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    columns: z.array(boardColumnSchema).describe('Every status in order, or the one `status` asks for'),
    statistics: taskStatisticsSchema.describe('Of the whole feature, whatever the search'),
  }),
  total: z.number().describe('Tasks of the feature the search and priority match, in every column'),
  message: z.string(),
});
export type BoardResponse = z.infer<typeof boardResponseSchema>;

const neighbourSchema = (description: string) => referenceSchema('Must be a task id').nullable().optional().describe(description);

/**
 * A board move: into `status` (its column; BLOCK is accepted as BLOCKED), between the card above
 * it (`afterId`) and the card below it (`beforeId`), both tasks of the same feature. Neither:
 * the column's end (`afterId` alone) or start (`beforeId` alone) is given by one of them; with
 * none the task keeps its place.
 */
export const moveTaskBodySchema = z.object({
  status: taskStatusInputSchema.optional().describe('The column it goes to (its status); left out: it stays in its column'),
  afterId: neighbourSchema('The card it now follows (the one above it), or null/absent at the top'),
  beforeId: neighbourSchema('The card it now precedes (the one below it), or null/absent at the bottom'),
  version: versionSchema,
});
export type MoveTaskBody = z.input<typeof moveTaskBodySchema>;
export type MoveTaskData = z.output<typeof moveTaskBodySchema>;

export const movedTaskSchema = z
  .object({
    _id: z.string(),
    status: taskStatusSchema,
    boardRank: z.string(),
    version: z.number().describe('New when the status changed; the same after a move within a column'),
  })
  .describe('The moved task');
export type MovedTask = z.infer<typeof movedTaskSchema>;

export const moveTaskResponseSchema = messageResponseSchema.extend({ data: movedTaskSchema });
export type MoveTaskResponse = z.infer<typeof moveTaskResponseSchema>;

/**
 * DELETE /tasks/{id}: what becomes of the task's subtasks (decision 033). `keep` (the default,
 * so the spec's DELETE without it deletes only the task, as ever) leaves them as top-level
 * tasks; `delete` deletes them with it.
 */
export const deleteTaskQuerySchema = z.object({
  subtasks: z
    .enum(['keep', 'delete'], { error: 'subtasks must be keep or delete' })
    .default('keep')
    .describe("Its subtasks: keep (default) leaves them as top-level tasks, delete deletes them too"),
});
export type DeleteTaskQuery = z.input<typeof deleteTaskQuerySchema>;

/** A parent's subtasks, in their order (GET /tasks/{taskId}/subtasks). */
export const subtasksResponseSchema = messageResponseSchema.extend({
  data: z.array(taskSchema).describe("In the parent's order"),
});
export type SubtasksResponse = z.infer<typeof subtasksResponseSchema>;

/** The new order of a parent's subtasks: every one of them, once (PUT /tasks/{taskId}/subtasks/order). */
export const reorderSubtasksBodySchema = z.object({
  subtaskIds: z
    .array(idSchema, { error: 'subtaskIds must be a list of task ids' })
    .max(1000, 'subtaskIds must hold at most 1000 ids')
    .refine((ids) => new Set(ids).size === ids.length, 'subtaskIds must not repeat a task')
    .describe("Every subtask of the task, once, in the new order"),
});
export type ReorderSubtasksBody = z.input<typeof reorderSubtasksBodySchema>;

export const reorderSubtasksResponseSchema = messageResponseSchema.extend({
  data: z.object({ subtaskIds: z.array(z.string()).describe('The subtasks in their new order') }),
});
