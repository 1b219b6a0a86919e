import { z } from 'zod';
import { idSchema } from './common.js';
import { taskStatuses } from './enums.js';
import { messageResponseSchema } from './errors.js';
import { isTaskKey } from './rules/task-keys.js';

/**
 * Relations between two tasks of one project (issue 19, decision 034). BLOCKS is directed (its
 * inverse reads "blocked by"), DUPLICATES too ("duplicated by"); RELATES_TO reads the same both ways.
 */
export const taskRelationTypes = ['BLOCKS', 'RELATES_TO', 'DUPLICATES'] as const;
export type TaskRelationType = (typeof taskRelationTypes)[number];

/** What a body may say: a stored type, or an inverse (stored as the other task's BLOCKS or DUPLICATES). */
export const taskRelationInputTypes = [...taskRelationTypes, 'BLOCKED_BY', 'DUPLICATED_BY'] as const;
export type TaskRelationInputType = (typeof taskRelationInputTypes)[number];

export const taskRelationDirections = ['outgoing', 'incoming'] as const;
export type TaskRelationDirection = (typeof taskRelationDirections)[number];

/** Statuses in which a task no longer blocks another. */
export const finishedTaskStatuses = ['COMPLETED', 'CANCELLED'] as const;

/** A task that blocks another and is not finished yet: the "Blocked by WEB-12" badge. */
export const blockerSchema = z
  .object({
    _id: z.string(),
    key: z.string().describe('Its key, such as WEB-12'),
    title: z.string(),
  })
  .describe('An unfinished task blocking this one');
export type Blocker = z.infer<typeof blockerSchema>;

export const blockedBySchema = z
  .array(blockerSchema)
  .describe('The unfinished tasks (neither COMPLETED nor CANCELLED) that block this one, by number; empty when none');

/** A task named in a body or a path: its id, or its key ("WEB-12", any case). */
export const taskIdOrKeySchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => idSchema.safeParse(value).success || isTaskKey(value), message)
    .describe('A task id (UUID) or a task key such as WEB-12 (any case)');

export const createTaskRelationBodySchema = z.object({
  type: z
    .enum(taskRelationInputTypes, { error: `type must be one of ${taskRelationInputTypes.join(', ')}` })
    .describe(
      'BLOCKS: this task blocks the other; BLOCKED_BY: the other blocks this one (stored as its BLOCKS); RELATES_TO; DUPLICATES: this task duplicates the other; DUPLICATED_BY: the other duplicates this one',
    ),
  taskId: taskIdOrKeySchema('taskId must be a task id or a task key such as WEB-12').describe(
    'The other task: its id or its key (WEB-12); a task of the same project you can see',
  ),
});
export type CreateTaskRelationBody = z.input<typeof createTaskRelationBodySchema>;
export type CreateTaskRelationData = z.output<typeof createTaskRelationBodySchema>;

export const taskRelationParamsSchema = z.object({
  taskId: taskIdOrKeySchema('Must be a task id or a task key such as WEB-42').describe('The task: its id (UUID) or its key (WEB-42, any case)'),
  relationId: idSchema,
});

export const taskRelationSchema = z
  .object({
    _id: z.string(),
    type: z.enum(taskRelationTypes),
    direction: z
      .enum(taskRelationDirections)
      .describe('outgoing: this task is the subject (it BLOCKS / DUPLICATES the other); incoming: the other task is (this one is blocked by / duplicated by it). RELATES_TO reads the same both ways'),
    task: z
      .object({
        _id: z.string(),
        key: z.string(),
        title: z.string(),
        status: z.enum(taskStatuses),
        featureId: z.string().describe("The other task's feature (its page is under it)"),
      })
      .describe('The other task'),
    createdAt: z.string(),
  })
  .describe("A relation, from the asked task's point of view");
export type TaskRelation = z.infer<typeof taskRelationSchema>;

export const taskRelationsResponseSchema = messageResponseSchema.extend({
  data: z.array(taskRelationSchema).describe('Oldest first'),
});
export type TaskRelationsResponse = z.infer<typeof taskRelationsResponseSchema>;

export const taskRelationResponseSchema = messageResponseSchema.extend({ data: taskRelationSchema });
export type TaskRelationResponse = z.infer<typeof taskRelationResponseSchema>;

/** How a relation reads from one of its tasks: "Blocks", "Blocked by", "Relates to", "Duplicates", "Duplicated by". */
export function relationLabel(type: TaskRelationType, direction: TaskRelationDirection): string {
  if (type === 'RELATES_TO') return 'Relates to';
  if (type === 'BLOCKS') return direction === 'outgoing' ? 'Blocks' : 'Blocked by';
  return direction === 'outgoing' ? 'Duplicates' : 'Duplicated by';
}
