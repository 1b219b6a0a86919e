import { z } from 'zod';
import { idSchema } from './common.js';
import { messageResponseSchema } from './errors.js';

export const workspaceSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    ownerId: z.string().describe('The user who created the workspace'),
    isOwner: z.boolean().describe('Whether the caller owns it (may rename, delete and add projects)'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('Workspace');
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceNameSchema = z
  .string({ error: 'Workspace name is required' })
  .trim()
  .min(1, 'Workspace name is required')
  .max(100, 'Workspace name must be at most 100 characters');

export const workspaceBodySchema = z.object({ name: workspaceNameSchema });
export type WorkspaceBody = z.input<typeof workspaceBodySchema>;

export const workspaceParamsSchema = z.object({ id: idSchema });

export const workspacesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(workspaceSchema),
});
export type WorkspacesResponse = z.infer<typeof workspacesResponseSchema>;

export const workspaceResponseSchema = messageResponseSchema.extend({ data: workspaceSchema });
export type WorkspaceResponse = z.infer<typeof workspaceResponseSchema>;
