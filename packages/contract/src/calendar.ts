import { z } from 'zod';
import { calendarDateSchema, idSchema } from './common.js';
import { messageResponseSchema } from './errors.js';
import { taskPrioritySchema, taskStatusSchema } from './tasks.js';
import { prioritySchema, todoCategorySchema, todoSchema, todoStatusSchema } from './todos.js';

/** What the calendar shows (issue 19, decision 035): tasks and todos, by due date. */
export const calendarKinds = ['task', 'todo'] as const;
export type CalendarKind = (typeof calendarKinds)[number];

/** The most days one `GET /calendar` covers, `from` and `to` included: a month view's six weeks, or two whole months. */
export const CALENDAR_RANGE_MAX_DAYS = 62;
/** The most items of each kind one answer holds; more and `truncated` says so. */
export const CALENDAR_ITEMS_MAX = 500;

const kindsMessage = `kinds must be among ${calendarKinds.join(', ')}`;

/** `kinds=task,todo` (or repeated `kinds=task&kinds=todo`): both when left out. */
const kindsQuerySchema = z
  .union([z.string(), z.array(z.string())], { error: kindsMessage })
  .transform((value, ctx) => {
    const names = (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const unknown = names.filter((name) => !(calendarKinds as readonly string[]).includes(name));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `${kindsMessage} (not ${unknown.join(', ')})` });
      return z.NEVER;
    }
    return names.length === 0 ? [...calendarKinds] : [...new Set(names as CalendarKind[])];
  })
  .describe(`Comma-separated kinds among ${calendarKinds.join(', ')}; both when left out`);

const dayMs = 24 * 60 * 60 * 1000;

/** Days from `from` to `to`, both included (dates as YYYY-MM-DD). */
export function calendarRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
}

export const calendarQuerySchema = z
  .object({
    from: calendarDateSchema.describe('The first day (YYYY-MM-DD), included'),
    to: calendarDateSchema.describe(`The last day (YYYY-MM-DD), included: at most ${CALENDAR_RANGE_MAX_DAYS} days from the first, counting both`),
    projectId: idSchema
      .optional()
      .describe("Only this project's tasks, whoever they are assigned to (a project you can see; todos belong to no project, so none come with it); left out: the tasks assigned to you"),
    kinds: kindsQuerySchema.optional(),
    today: calendarDateSchema
      .optional()
      .describe("The client's local date (YYYY-MM-DD) for isOverdue; defaults to the server's UTC date"),
  })
  .superRefine((query, context) => {
    const days = calendarRangeDays(query.from, query.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from' });
    else if (days > CALENDAR_RANGE_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: `The range must be at most ${CALENDAR_RANGE_MAX_DAYS} days` });
    }
  });
export type CalendarQuery = z.input<typeof calendarQuerySchema>;
export type CalendarQueryData = z.output<typeof calendarQuerySchema>;

const dueDateSchema = z.string().describe('ISO timestamp of the due day at UTC midnight');
const overdueSchema = z.boolean().describe('Due day before today (the `today` sent, else UTC) and not done (a task: COMPLETED or CANCELLED; a todo: COMPLETED)');

export const calendarTaskItemSchema = z
  .object({
    kind: z.literal('task'),
    _id: z.string(),
    key: z.string().describe('Such as WEB-42'),
    title: z.string(),
    status: taskStatusSchema,
    priority: taskPrioritySchema,
    dueDate: dueDateSchema,
    isOverdue: overdueSchema,
    categoryId: z.object({ _id: z.string(), name: z.string(), color: z.string() }).nullable().describe('Its category, whose colour the calendar shows'),
    assigneeId: z.object({ _id: z.string(), fullName: z.string() }).nullable(),
    featureId: z.object({ _id: z.string(), title: z.string() }),
    projectId: z.object({ _id: z.string(), name: z.string() }),
    version: z.number().describe('Send it back with PUT /tasks/{id} to move the task to another day'),
    canEdit: z.boolean().describe('Whether your role lets you change it (MEMBER, MODERATOR, ADMIN): move it to another day'),
  })
  .describe('A task on the calendar');
export type CalendarTaskItem = z.infer<typeof calendarTaskItemSchema>;

/** A todo as GET /todos answers it (so that it can be sent back in full with PUT /todos/{id}), plus its kind and isOverdue. */
export const calendarTodoItemSchema = z
  .object({
    kind: z.literal('todo'),
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    status: todoStatusSchema,
    priority: prioritySchema,
    dueDate: dueDateSchema,
    isOverdue: overdueSchema,
    category: todoCategorySchema.nullable().describe('Its category, whose colour the calendar shows; null once deleted'),
    tags: z.array(z.string()),
    completedAt: z.string().nullable(),
    isToday: z.boolean(),
    recurrence: todoSchema.shape.recurrence,
    recurrenceTimeZone: todoSchema.shape.recurrenceTimeZone,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('A todo on the calendar');
export type CalendarTodoItem = z.infer<typeof calendarTodoItemSchema>;

export const calendarItemSchema = z.discriminatedUnion('kind', [calendarTaskItemSchema, calendarTodoItemSchema]);
export type CalendarItem = z.infer<typeof calendarItemSchema>;

export const calendarResponseSchema = messageResponseSchema.extend({
  data: z.object({
    from: z.string().describe('The first day, as asked (YYYY-MM-DD)'),
    to: z.string().describe('The last day, as asked (YYYY-MM-DD)'),
    items: z.array(calendarItemSchema).describe('By due day, then priority (URGENT first), then title'),
    truncated: z
      .boolean()
      .describe(`True when a kind had more than ${CALENDAR_ITEMS_MAX} items in the range: the soonest ${CALENDAR_ITEMS_MAX} of it are answered`),
  }),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;
