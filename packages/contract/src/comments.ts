import { z } from 'zod';
import { idSchema, pageQuerySchema, queryIntSchema } from './common.js';
import { messageResponseSchema } from './errors.js';

export const commentBodySchema = z.object({
  comment: z
    .string({ error: 'Comment is required' })
    .trim()
    .min(1, 'Comment is required')
    .max(5000, 'Comment must be at most 5000 characters'),
});
export type CommentBody = z.input<typeof commentBodySchema>;

/** PUT and DELETE /tasks/{taskId}/comments/{commentId}: a comment of that task (any other is 404). */
export const commentParamsSchema = z.object({ taskId: idSchema, commentId: idSchema });

export const commentSchema = z
  .object({
    _id: z.string(),
    comment: z.string().describe('Markdown source: the web app renders it, sanitized, with no raw HTML'),
    taskId: z.string(),
    userId: z.object({ _id: z.string(), fullName: z.string(), email: z.string(), avatar: z.string().nullable() }),
    createdAt: z.string(),
    editedAt: z.string().nullable().describe('When its author last edited its text (ISO 8601); null while never edited'),
  })
  .describe('Comment');
export type Comment = z.infer<typeof commentSchema>;

export const listCommentsQuerySchema = z.object({
  page: pageQuerySchema,
  limit: queryIntSchema('limit', 1, 1000).default(1000).describe('Page size, 1 to 1000 (default 1000)'),
});

export const commentsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(commentSchema).describe('Oldest first'),
  total: z.number().describe("All of the task's comments"),
  message: z.string(),
});
export type CommentsResponse = z.infer<typeof commentsResponseSchema>;

export const commentResponseSchema = messageResponseSchema.extend({ data: commentSchema });
export type CommentResponse = z.infer<typeof commentResponseSchema>;
