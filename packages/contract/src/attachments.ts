import { z } from 'zod';
import { idSchema } from './common.js';
import { messageResponseSchema } from './errors.js';
import { attachmentSchema } from './tasks.js';

/** The multipart field that carries the files of an upload. */
export const ATTACHMENT_FILES_FIELD = 'files';
/** The optional text field describing an upload. */
export const ATTACHMENT_DESCRIPTION_FIELD = 'description';
export const MAX_ATTACHMENT_DESCRIPTION_LENGTH = 1000;

export const attachmentParamsSchema = z.object({ taskId: idSchema, attachmentId: idSchema });

/** The description of an upload: trimmed, empty means none. */
export const attachmentDescriptionSchema = z
  .string()
  .trim()
  .max(MAX_ATTACHMENT_DESCRIPTION_LENGTH, `Description must be at most ${MAX_ATTACHMENT_DESCRIPTION_LENGTH} characters`)
  // PostgreSQL text cannot hold NUL.
  .refine((value) => !value.includes('\u0000'), 'Description may not contain NUL characters')
  .transform((value) => (value === '' ? null : value));

export const attachmentLimitsSchema = z
  .object({
    maxFileSize: z.number().describe('Bytes one file may have'),
    maxFiles: z.number().describe('Files one upload may carry'),
  })
  .describe("This server's upload limits (UPLOAD_MAX_FILE_MB, UPLOAD_MAX_FILES)");
export type AttachmentLimits = z.infer<typeof attachmentLimitsSchema>;

/** What POST answers: every attachment of the task after the upload. */
export const attachmentsResponseSchema = messageResponseSchema.extend({
  data: z.array(attachmentSchema).describe("The task's attachments, oldest first"),
});
export type AttachmentsResponse = z.infer<typeof attachmentsResponseSchema>;

/** What GET answers: the attachments and the limits an upload must keep to. */
export const attachmentListResponseSchema = attachmentsResponseSchema.extend({ limits: attachmentLimitsSchema });
export type AttachmentListResponse = z.infer<typeof attachmentListResponseSchema>;

/** GET /attachments/limits: the limits alone, for a form that picks files before its task exists. */
export const attachmentLimitsResponseSchema = messageResponseSchema.extend({ data: attachmentLimitsSchema });
export type AttachmentLimitsResponse = z.infer<typeof attachmentLimitsResponseSchema>;

/** The multipart body of an upload, for the API reference (the server reads the stream itself). */
export const uploadAttachmentsBodyDoc = {
  type: 'object',
  required: [ATTACHMENT_FILES_FIELD],
  properties: {
    [ATTACHMENT_FILES_FIELD]: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      description: 'One or more files (repeat the field), each non-empty and within the size limit',
    },
    [ATTACHMENT_DESCRIPTION_FIELD]: {
      type: 'string',
      maxLength: MAX_ATTACHMENT_DESCRIPTION_LENGTH,
      description: 'Optional; recorded with the upload and in the task history',
    },
  },
} as const;

/** A size in bytes as people read it: 512 B, 2.5 KB, 25 MB (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}
