import { z } from 'zod';
import { priorities, todoStatuses } from './enums.js';
import {
  calendarDateSchema,
  dueDateTextSchema,
  idSchema,
  optionalPageQuerySchema,
  pagePaginationSchema,
  queryBooleanSchema,
  queryIntSchema,
  referenceSchema,
  tagsSchema,
  tagsTextSchema,
} from './common.js';
import { categorySchema } from './categories.js';
import { messageResponseSchema } from './errors.js';
import { parseRecurrence } from './rules/recurrence.js';

export const todoStatusSchema = z.enum(todoStatuses, {
  error: 'Status must be one of PENDING, IN_PROGRESS, COMPLETED, CANCELLED',
});
export const prioritySchema = z.enum(priorities, { error: 'Priority must be one of LOW, MEDIUM, HIGH, URGENT' });

export const todoCategorySchema = z.object({ _id: z.string(), name: z.string(), color: z.string(), slug: z.string() });

export const todoSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    priority: prioritySchema,
    status: todoStatusSchema,
    dueDate: z.string().nullable().describe('ISO timestamp of the due day at UTC midnight, or null'),
    category: todoCategorySchema.nullable().describe('null once its category was deleted'),
    tags: z.array(z.string()),
    completedAt: z.string().nullable().describe('Set by the server when the status becomes COMPLETED'),
    isToday: z.boolean().describe("On today's focus list"),
    recurrence: z
      .string()
      .nullable()
      .describe('How the todo repeats: an RFC 5545 RRULE such as FREQ=WEEKLY;BYDAY=MO, or null. Completing it creates the next one'),
    recurrenceTimeZone: z
      .string()
      .nullable()
      .describe("The IANA time zone the rule was set in (the person's, UTC when they have none); null when it does not repeat"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('Todo');
export type Todo = z.infer<typeof todoSchema>;

const selectCategory = 'Please select a category';

/**
 * A todo's repeat rule (issue 19, decision 036): RRULE text, checked and upper-cased (a leading
 * `RRULE:` dropped), or null for none. An empty string means none too.
 */
export const recurrenceSchema = z
  .string({ error: 'Repeat must be an RRULE such as FREQ=WEEKLY;BYDAY=MO, or null' })
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const parsed = parseRecurrence(value);
    if (parsed.ok) return parsed.rule;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  })
  .describe('RFC 5545 RRULE (FREQ DAILY, WEEKLY, MONTHLY or YEARLY; INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS, WKST), or null');

/** The category select of the todo form: its value is the id. */
const todoCategoryIdSchema = z.string({ error: selectCategory }).min(1, selectCategory).uuid(selectCategory);

/** In a body, the category as a read answers it (`{ _id, name, color, slug }`) is accepted too. */
const todoCategoryReferenceSchema = referenceSchema(selectCategory).describe('One of your categories: its id, or the object a read gave');

/**
 * Create and full update take the same body. What only the server writes (_id, completedAt,
 * createdAt, updatedAt) may come back with it, as read, and is ignored.
 */
export const todoBodySchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(2000, 'Description must be at most 2000 characters')
    .nullish()
    .transform((value) => value ?? ''),
  priority: prioritySchema.default('MEDIUM'),
  status: todoStatusSchema.default('PENDING'),
  dueDate: calendarDateSchema.nullish().transform((value) => value ?? null),
  category: todoCategoryReferenceSchema,
  tags: tagsSchema.default([]),
  isToday: z.boolean({ error: 'isToday must be true or false' }).default(false),
  recurrence: recurrenceSchema
    .optional()
    .transform((value) => value ?? null)
    .describe('How the todo repeats (RRULE such as FREQ=WEEKLY;BYDAY=MO), or null. A repeating todo without a due date is due on its first date from today'),
});
export type TodoBody = z.input<typeof todoBodySchema>;
export type TodoData = z.output<typeof todoBodySchema>;

/**
 * The todo form (create and edit): tags typed as comma-separated text (trimmed, empty items
 * dropped) and the due date from a date input ('' for none). Its output is the request body.
 */
export const todoFormSchema = todoBodySchema.extend({
  dueDate: dueDateTextSchema,
  category: todoCategoryIdSchema,
  // Reported on the field itself (not on one item) so that the form shows it under the input.
  tags: tagsTextSchema,
});
export type TodoForm = z.input<typeof todoFormSchema>;
export type TodoFormData = z.output<typeof todoFormSchema>;

/**
 * The full todo for PUT. A todo whose category was deleted may be saved without one
 * (category null) until a category is chosen; it can never be given a null category.
 */
export const updateTodoBodySchema = todoBodySchema.extend({
  category: todoCategoryReferenceSchema.nullable(),
  recurrence: recurrenceSchema
    .optional()
    .describe('How the todo repeats (RRULE), null to stop repeating (the todos made so far stay); left out, it is kept as it is'),
});
export type UpdateTodoBody = z.input<typeof updateTodoBodySchema>;
export type UpdateTodoData = z.output<typeof updateTodoBodySchema>;

/** Todos a page when the dashboard (or a client) asks for pages: page or limit sent. */
export const TODO_PAGE_LIMIT_DEFAULT = 10;

export const listTodosQuerySchema = z.object({
  page: optionalPageQuerySchema,
  limit: queryIntSchema('limit', 1, 100)
    .optional()
    .describe(`Page size, 1 to 100 (default ${TODO_PAGE_LIMIT_DEFAULT} once page is sent); with neither page nor limit, every todo`),
  status: todoStatusSchema.optional(),
  priority: prioritySchema.optional(),
  category: idSchema.optional().describe('Category id'),
  isToday: queryBooleanSchema.optional(),
  date: z.enum(['today', 'other'], { error: 'date must be today or other' }).optional().describe('Due today, or not'),
  today: calendarDateSchema
    .optional()
    .describe("The client's local date (YYYY-MM-DD) for the date filter; defaults to the server's UTC date"),
  hideDone: queryBooleanSchema
    .optional()
    .describe('true: leave out COMPLETED and CANCELLED todos (unless a status filter is sent) and answer how many were left out in hiddenDone'),
});
export type ListTodosQuery = z.input<typeof listTodosQuerySchema>;
export type ListTodosData = z.output<typeof listTodosQuerySchema>;

export const todoParamsSchema = z.object({ todoId: idSchema });

export const todosResponseSchema = z.object({
  success: z.literal(true),
  todos: z.array(todoSchema),
  data: z.array(todoSchema),
  total: z.number().optional().describe('Only when a page was asked for (page or limit): the todos matching the filters'),
  pagination: pagePaginationSchema.optional().describe('Only when a page was asked for (page or limit)'),
  hiddenDone: z
    .number()
    .optional()
    .describe('Only with hideDone=true: the COMPLETED and CANCELLED todos matching the other filters, left out of this answer'),
  message: z.string(),
});
export type TodosResponse = z.infer<typeof todosResponseSchema>;

export const todoResponseSchema = messageResponseSchema.extend({ todo: todoSchema, data: todoSchema });
export type TodoResponse = z.infer<typeof todoResponseSchema>;

/**
 * Quick add (issue 18, decision 032): the todo body with the category optional. Left out (or
 * null), the todo goes to the caller's default todo category, created on first use ("Inbox").
 * POST /todos still refuses a todo without a category, as the spec says.
 */
export const quickTodoBodySchema = todoBodySchema.extend({
  category: todoCategoryReferenceSchema
    .nullish()
    .transform((value) => value ?? null)
    .describe("One of your categories (its id, or the object a read gave); left out or null: your default todo category"),
});
export type QuickTodoBody = z.input<typeof quickTodoBodySchema>;
export type QuickTodoData = z.output<typeof quickTodoBodySchema>;

const selectDefaultCategory = 'Please select one of your todo categories';

/** The default todo category chosen in Settings: one of the caller's TODO categories. */
export const defaultTodoCategoryBodySchema = z.object({
  categoryId: referenceSchema(selectDefaultCategory).describe('One of your TODO categories: its id, or the object a read gave'),
});
export type DefaultTodoCategoryBody = z.input<typeof defaultTodoCategoryBodySchema>;

export const defaultTodoCategoryResponseSchema = messageResponseSchema.extend({
  data: categorySchema
    .nullable()
    .describe('Where quick add puts a todo without a category; null until chosen or first used (quick add then creates "Inbox")'),
});
export type DefaultTodoCategoryResponse = z.infer<typeof defaultTodoCategoryResponseSchema>;
