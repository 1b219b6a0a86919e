import { z } from 'zod';
import { memberRoles, priorities, projectStatuses } from './enums.js';
import { hexColorSchema, idSchema, nullableReferenceSchema, referenceSchema, versionSchema } from './common.js';
import { messageResponseSchema } from './errors.js';
import { PROJECT_KEY_MESSAGE, PROJECT_KEY_PATTERN } from './rules/task-keys.js';

export const projectStatusSchema = z.enum(projectStatuses, {
  error: `Status must be one of ${projectStatuses.join(', ')}`,
});
export const projectPrioritySchema = z.enum(priorities, { error: 'Priority must be one of LOW, MEDIUM, HIGH, URGENT' });
export const memberRoleSchema = z.enum(memberRoles, { error: 'Role must be one of ADMIN, MODERATOR, MEMBER, VIEWER' });

export const memberUserSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
});

export const projectMemberSchema = z
  .object({ _id: z.string(), role: memberRoleSchema, userId: memberUserSchema, joinedAt: z.string() })
  .describe('Project member');
export type ProjectMember = z.infer<typeof projectMemberSchema>;

export const projectAbilitiesSchema = z
  .object({
    canEdit: z.boolean(),
    canDelete: z.boolean(),
    canManageMembers: z.boolean(),
    canManageFeatures: z.boolean(),
    canEditTasks: z.boolean(),
    canChangeKey: z.boolean().describe("ADMIN only: may change the project's key"),
    canManageWebhooks: z.boolean().describe("ADMIN only: may see and manage the project's webhooks"),
  })
  .describe("What the caller's role lets them do; the server enforces the same rules");
export type ProjectAbilities = z.infer<typeof projectAbilitiesSchema>;

export const projectSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    key: z.string().describe('2 to 6 capital letters, unique on this server; its tasks are named KEY-<number>'),
    description: z.string(),
    status: projectStatusSchema,
    priority: projectPrioritySchema,
    logo: z.string().nullable(),
    coverImage: z.string().nullable(),
    category: z.object({ _id: z.string() }).nullable(),
    workspaceId: z.object({ _id: z.string(), name: z.string() }),
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    members: z.array(projectMemberSchema),
    statistics: z.object({ totalMembers: z.number(), completedTasks: z.number(), totalTasks: z.number() }),
    progress: z.number().describe('Rounded percent of completed tasks, 0 without tasks'),
    settings: z.object({
      color: z.string(),
      isPublic: z.boolean(),
      allowMemberInvites: z.boolean(),
      requireApproval: z.boolean(),
    }),
    role: memberRoleSchema.describe("The caller's effective role (the workspace owner counts as ADMIN)"),
    abilities: projectAbilitiesSchema,
    version: z.number().describe('Starts at 1, incremented by every edit of the project; send it back with PUT'),
  })
  .describe('Project');
export type Project = z.infer<typeof projectSchema>;

export const httpUrlSchema = z
  .string()
  .trim()
  .max(2000, 'URL must be at most 2000 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Must be an http(s) URL');

/** Empty text and null both mean "none"; left out means "unchanged" (on update). */
const optionalUrlSchema = z
  .union([z.literal(''), httpUrlSchema, z.null()])
  .optional()
  .transform((value) => (value === undefined ? undefined : value ? value : null));

export const projectNameSchema = z
  .string({ error: 'Project name is required' })
  .trim()
  .min(1, 'Project name is required')
  .max(100, 'Project name must be at most 100 characters');

/** A project's key as a body sends it: trimmed and upper-cased, then 2 to 6 letters A–Z. */
export const projectKeySchema = z
  .string({ error: PROJECT_KEY_MESSAGE })
  .trim()
  .toUpperCase()
  .regex(PROJECT_KEY_PATTERN, PROJECT_KEY_MESSAGE);

/**
 * The project form's key field: empty sends no key (a new project then gets one proposed by the
 * server from its name), else as projectKeySchema.
 */
export const projectKeyFieldSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((key) => key === '' || PROJECT_KEY_PATTERN.test(key), PROJECT_KEY_MESSAGE)
  .transform((key) => key || undefined);

const settingsSchema = z.object({
  color: hexColorSchema.optional(),
  isPublic: z.boolean().optional(),
  allowMemberInvites: z.boolean().optional(),
  requireApproval: z.boolean().optional(),
});

const categoryRefSchema = nullableReferenceSchema().describe('One of your PROJECT categories (its id, or the object a read gave), or null');

const projectFields = {
  name: projectNameSchema,
  description: z
    .string()
    .trim()
    .max(5000, 'Description must be at most 5000 characters')
    .nullish()
    .transform((value) => (value === undefined ? undefined : (value ?? ''))),
  status: projectStatusSchema.optional(),
  priority: projectPrioritySchema.optional(),
  logo: optionalUrlSchema,
  coverImage: optionalUrlSchema,
  category: categoryRefSchema,
  settings: settingsSchema.optional(),
};

export const createProjectBodySchema = z.object({
  ...projectFields,
  key: projectKeySchema
    .optional()
    .describe("2 to 6 letters A–Z, unique on this server (upper-cased); left out: proposed from the name (its initials, or a one-word name's first three letters), another free one when that is taken"),
  workspaceId: referenceSchema().describe('The workspace: its id, or the object a read gave'),
});
export type CreateProjectBody = z.input<typeof createProjectBodySchema>;
export type CreateProjectData = z.output<typeof createProjectBodySchema>;

/**
 * Fields left out of an update keep their current values. What a read adds (workspaceId, members,
 * statistics, progress, role, abilities, dates) may come back with it and is ignored.
 */
export const updateProjectBodySchema = z.object({
  ...projectFields,
  key: projectKeySchema
    .optional()
    .describe("A new key (ADMIN only; sending the current one is no change). The tasks' keys follow it; their old keys no longer resolve"),
  isActive: z.boolean().optional(),
  version: versionSchema,
});
export type UpdateProjectBody = z.input<typeof updateProjectBodySchema>;
export type UpdateProjectData = z.output<typeof updateProjectBodySchema>;

export const projectParamsSchema = z.object({ projectId: idSchema });
export const memberParamsSchema = z.object({ projectId: idSchema, userId: idSchema });
export const updateProjectQuerySchema = z.object({ workspaceId: idSchema.optional() });

export const addMemberBodySchema = z.object({
  userId: referenceSchema().describe("The user: their id, or the object a read gave (a member's userId)"),
  role: memberRoleSchema.default('MEMBER'),
});
export type AddMemberBody = z.input<typeof addMemberBodySchema>;

export const updateMemberBodySchema = z.object({ role: memberRoleSchema });
export type UpdateMemberBody = z.input<typeof updateMemberBodySchema>;

export const projectResponseSchema = messageResponseSchema.extend({ data: projectSchema });
export type ProjectResponse = z.infer<typeof projectResponseSchema>;

export const workspaceProjectsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ total: z.number(), projects: z.array(projectSchema) }),
});
export type WorkspaceProjectsResponse = z.infer<typeof workspaceProjectsResponseSchema>;

export const projectsListResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(projectSchema),
});
export type ProjectsListResponse = z.infer<typeof projectsListResponseSchema>;

export const membersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(projectMemberSchema),
});
export type MembersResponse = z.infer<typeof membersResponseSchema>;

export const memberResponseSchema = messageResponseSchema.extend({ data: projectMemberSchema });
export type MemberResponse = z.infer<typeof memberResponseSchema>;
