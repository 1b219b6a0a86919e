import { z } from 'zod';
import { categoryColors, categoryTypes } from './enums.js';
import { hexColorSchema, idSchema } from './common.js';
import { messageResponseSchema } from './errors.js';

/** The form of section 5's generator: lower-case words of letters and digits joined by single hyphens. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const categoryTypeSchema = z.enum(categoryTypes, { error: 'Type must be one of TASK, PROJECT, BLOG, TODO' });

export const categorySchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    slug: z.string(),
    type: categoryTypeSchema,
    color: z.string(),
    workspaceId: z.string().nullable(),
    createdAt: z.string(),
  })
  .describe('Category');
export type Category = z.infer<typeof categorySchema>;

export const createCategoryBodySchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(50, 'Name must be at most 50 characters'),
  slug: z
    .string({ error: 'Slug is required' })
    .trim()
    .min(1, 'Slug is required')
    .max(60, 'Slug must be at most 60 characters')
    .regex(slugPattern, 'Slug may only contain lower-case letters, numbers and single hyphens'),
  type: categoryTypeSchema.default('TODO'),
  color: hexColorSchema.default(categoryColors[0]),
  workspaceId: z
    .null({ error: 'Workspace categories are not available yet: send workspaceId null' })
    .optional()
    .describe('Always null for now: categories belong to the user who made them'),
});
export type CreateCategoryBody = z.input<typeof createCategoryBodySchema>;
export type CreateCategoryData = z.output<typeof createCategoryBodySchema>;

export const listCategoriesQuerySchema = z.object({
  type: categoryTypeSchema.optional().describe('Only categories of this type'),
});
export type ListCategoriesQuery = z.input<typeof listCategoriesQuerySchema>;

export const categoryParamsSchema = z.object({ id: idSchema });

export const categoriesResponseSchema = z.object({
  success: z.literal(true),
  categories: z.array(categorySchema),
});
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

export const createCategoryResponseSchema = messageResponseSchema.extend({ data: categorySchema });
export type CreateCategoryResponse = z.infer<typeof createCategoryResponseSchema>;
