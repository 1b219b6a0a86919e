import { z } from 'zod';
import { priorities, taskStatuses } from './enums.js';
import { taskRelationDirections, taskRelationTypes } from './relations.js';

const statusSchema = z.enum(taskStatuses);
const prioritySchema = z.enum(priorities);

/** Who made a change, populated; null once that user no longer exists. */
export const historyUserSchema = z
  .object({ _id: z.string(), fullName: z.string(), email: z.string(), avatar: z.string().nullable() })
  .nullable();

/** A person named in a change (an assignee), as they were called at the time. */
export const historyPersonSchema = z.object({ _id: z.string(), fullName: z.string() }).nullable();
export type HistoryPerson = z.infer<typeof historyPersonSchema>;

/** A relation added or removed (issue 19), as it read from this task's side, the other task as it was then. */
const relationDetailsSchema = z.object({
  relationId: z.string(),
  type: z.enum(taskRelationTypes),
  direction: z.enum(taskRelationDirections).describe('outgoing: this task BLOCKS / DUPLICATES the other; incoming: the other one does'),
  task: z.object({ _id: z.string(), key: z.string(), title: z.string() }).describe('The other task'),
});
/** A subtask named in its parent's history (decision 033), as it was at the time. */
const subtaskRefSchema = z.object({ _id: z.string(), key: z.string().describe('Such as WEB-42'), title: z.string() });

const fromTo = <T extends z.ZodType>(schema: T) => z.object({ from: schema, to: schema });

/** Each action's details; UPDATED holds one { from, to } per other field that changed. */
export const historyDetailsSchemas = {
  CREATED: z.object({ status: statusSchema, priority: prioritySchema }),
  STATUS_CHANGED: fromTo(statusSchema),
  PRIORITY_CHANGED: fromTo(prioritySchema),
  DUE_DATE_CHANGED: fromTo(z.string().nullable().describe('ISO timestamp of the due day, or null')),
  ASSIGNEE_CHANGED: fromTo(historyPersonSchema),
  ESTIMATED_HOURS_CHANGED: fromTo(z.number().nullable()),
  ACTUAL_HOURS_CHANGED: fromTo(z.number().nullable()),
  BLOCKED: z.object({ from: statusSchema, reason: z.string().nullable() }),
  UNBLOCKED: z.object({ to: statusSchema, reason: z.string().nullable().describe('The reason it had been blocked for') }),
  UPDATED: z
    .record(z.string(), fromTo(z.unknown()))
    .describe('Keys: title, description, tags, categoryId ({ _id, name }), featureId ({ _id, title }), blockedReason'),
  ATTACHMENT_ADDED: z.object({
    added: z
      .array(z.object({ _id: z.string(), name: z.string(), size: z.number().describe('Bytes') }))
      .describe('The files one upload added, in the order they were sent'),
    description: z.string().nullable().describe("The upload's description, or null"),
  }),
  ATTACHMENT_REMOVED: z.object({
    attachmentId: z.string(),
    attachmentName: z.string().describe('The name the attachment had'),
  }),
  RELATION_ADDED: relationDetailsSchema,
  RELATION_REMOVED: relationDetailsSchema,
  SUBTASK_ADDED: z.object({ subtask: subtaskRefSchema.describe('The subtask created under this task') }),
  SUBTASK_REMOVED: z.object({ subtask: subtaskRefSchema.describe('The subtask deleted from under this task, as it was') }),
} as const;

type DetailsSchemas = typeof historyDetailsSchemas;
export type HistoryDetails = { [A in keyof DetailsSchemas]: z.infer<DetailsSchemas[A]> };

const entryBase = {
  _id: z.string(),
  timestamp: z.string().describe('ISO timestamp of the change'),
  userId: historyUserSchema,
};

const entry = <A extends keyof DetailsSchemas>(action: A) =>
  z.object({ ...entryBase, action: z.literal(action), details: historyDetailsSchemas[action] });

export const taskHistoryEntrySchema = z
  .discriminatedUnion('action', [
    entry('CREATED'),
    entry('STATUS_CHANGED'),
    entry('PRIORITY_CHANGED'),
    entry('DUE_DATE_CHANGED'),
    entry('ASSIGNEE_CHANGED'),
    entry('ESTIMATED_HOURS_CHANGED'),
    entry('ACTUAL_HOURS_CHANGED'),
    entry('BLOCKED'),
    entry('UNBLOCKED'),
    entry('UPDATED'),
    entry('ATTACHMENT_ADDED'),
    entry('ATTACHMENT_REMOVED'),
    entry('RELATION_ADDED'),
    entry('RELATION_REMOVED'),
    entry('SUBTASK_ADDED'),
    entry('SUBTASK_REMOVED'),
  ])
  .describe('One change to a task, written by the server');
export type TaskHistoryEntry = z.infer<typeof taskHistoryEntrySchema>;

/** A change about to be recorded: an action and its details. */
export type HistoryChange = { [A in keyof DetailsSchemas]: { action: A; details: HistoryDetails[A] } }[keyof DetailsSchemas];
