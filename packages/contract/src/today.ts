import { z } from 'zod';
import { taskSchema } from './tasks.js';
import { todoSchema } from './todos.js';

/**
 * Why an item is on the "Today" view (issue 19, My day): OVERDUE (due before today), DUE_TODAY,
 * or FOCUS (a todo marked for today, due later or not at all). "Today" is the person's own, in
 * their time zone.
 */
export const todayReasons = ['OVERDUE', 'DUE_TODAY', 'FOCUS'] as const;
export type TodayReason = (typeof todayReasons)[number];
const todayReasonSchema = z.enum(todayReasons).describe('OVERDUE: due before today; DUE_TODAY: due today; FOCUS: a todo marked for today, due later or not at all');

export const todayTodoItemSchema = z.object({ kind: z.literal('todo'), reason: todayReasonSchema, todo: todoSchema });
export const todayTaskItemSchema = z.object({ kind: z.literal('task'), reason: todayReasonSchema, task: taskSchema });
export const todayItemSchema = z.discriminatedUnion('kind', [todayTodoItemSchema, todayTaskItemSchema]).describe('A todo or an assigned task on the Today view');
export type TodayItem = z.infer<typeof todayItemSchema>;

/** The most items GET /users/me/today lists; `total` counts them all. */
export const TODAY_ITEM_LIMIT = 100;

export const todaySchema = z
  .object({
    date: z.string().describe("Today's date (YYYY-MM-DD) in your time zone"),
    timeZone: z.string().describe('The time zone "today" was taken in: yours, or UTC until you choose one'),
    total: z.number().describe('How many open items are on the view in all (the count the navigation shows)'),
    items: z
      .array(todayItemSchema)
      .describe(`At most ${TODAY_ITEM_LIMIT}: URGENT first, then HIGH, MEDIUM, LOW; within a priority overdue before due today before marked for today, then by due date and title`),
  })
  .describe('My day');
export type Today = z.infer<typeof todaySchema>;

export const todayResponseSchema = z.object({ success: z.literal(true), data: todaySchema, message: z.string() });
export type TodayResponse = z.infer<typeof todayResponseSchema>;
