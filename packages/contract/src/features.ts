import { z } from 'zod';
import { featureStatuses, priorities } from './enums.js';
import {
  descriptionSchema,
  descriptionTextSchema,
  dueDateTextSchema,
  hoursSchema,
  hoursTextSchema,
  idSchema,
  nullableReferenceSchema,
  optionalDueDateSchema,
  pagePaginationSchema,
  pageQuerySchema,
  queryIntSchema,
  referenceSchema,
  searchQuerySchema,
  sortOrderSchema,
  titleSchema,
  versionSchema,
} from './common.js';
import { messageResponseSchema } from './errors.js';

export const featureStatusSchema = z.enum(featureStatuses, {
  error: `Status must be one of ${featureStatuses.join(', ')}`,
});
export const featurePrioritySchema = z.enum(priorities, { error: 'Priority must be one of LOW, MEDIUM, HIGH, URGENT' });

export const featureSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    status: featureStatusSchema,
    priority: featurePrioritySchema,
    dueDate: z.string().nullable().describe('ISO timestamp of the due day at UTC midnight, or null'),
    estimatedHours: z.number().nullable(),
    actualHours: z.number().nullable(),
    projectId: z.object({ _id: z.string(), name: z.string() }),
    defaultCategoryId: z
      .string()
      .nullable()
      .describe("The category the board's inline add gives a new task (a TASK category of whoever set it), or null"),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().describe('Starts at 1, incremented by every update; send it back with PUT'),
  })
  .describe('Feature');
export type Feature = z.infer<typeof featureSchema>;

export const DEFAULT_CATEGORY_MESSAGE = 'Default category must be one of your task categories';

const featureFields = {
  description: descriptionSchema,
  status: featureStatusSchema.optional(),
  priority: featurePrioritySchema.optional(),
  dueDate: optionalDueDateSchema,
  estimatedHours: hoursSchema('Estimated hours'),
  actualHours: hoursSchema('Actual hours'),
  defaultCategoryId: nullableReferenceSchema(DEFAULT_CATEGORY_MESSAGE).describe(
    "The category the board's inline add gives a new task: one of your TASK categories (null or '' for none); left out, unchanged",
  ),
};

export const createFeatureBodySchema = z.object({
  title: titleSchema,
  ...featureFields,
  projectId: referenceSchema().describe('The project the feature belongs to: its id, or the object a read gave'),
});
export type CreateFeatureBody = z.input<typeof createFeatureBodySchema>;
export type CreateFeatureData = z.output<typeof createFeatureBodySchema>;

/**
 * Fields left out keep their values; projectId, when sent, must be the feature's project. What only
 * the server writes (_id, createdAt, updatedAt) may come back with it and is ignored.
 */
export const updateFeatureBodySchema = z.object({
  title: titleSchema.optional(),
  ...featureFields,
  projectId: referenceSchema().optional().describe("Accepted for the spec's clients; must be the feature's project"),
  version: versionSchema,
});
export type UpdateFeatureBody = z.input<typeof updateFeatureBodySchema>;
export type UpdateFeatureData = z.output<typeof updateFeatureBodySchema>;

/**
 * The feature form (create and edit): every field as its input holds it. Empty hours give null:
 * a create leaves them out, an edit sends null only to clear hours the feature had.
 */
export const featureFormSchema = z.object({
  title: titleSchema,
  description: descriptionTextSchema,
  status: featureStatusSchema,
  priority: featurePrioritySchema,
  dueDate: dueDateTextSchema,
  estimatedHours: hoursTextSchema('Estimated hours'),
  actualHours: hoursTextSchema('Actual hours'),
  /** The select's value: a category id, or '' for none. */
  defaultCategoryId: z.string(),
});
export type FeatureForm = z.input<typeof featureFormSchema>;
export type FeatureFormData = z.output<typeof featureFormSchema>;

export const featureSortFields = ['createdAt', 'updatedAt', 'title', 'dueDate', 'priority', 'status'] as const;
export type FeatureSortField = (typeof featureSortFields)[number];

export const listFeaturesQuerySchema = z.object({
  projectId: idSchema.describe('The project whose features to list'),
  page: pageQuerySchema,
  limit: queryIntSchema('limit', 1, 100).default(10).describe('Page size, 1 to 100 (default 10)'),
  search: searchQuerySchema.describe('Matches title and description, case-insensitively'),
  status: featureStatusSchema.optional(),
  priority: featurePrioritySchema.optional(),
  sortBy: z
    .enum(featureSortFields, { error: `sortBy must be one of ${featureSortFields.join(', ')}` })
    .default('createdAt'),
  sortOrder: sortOrderSchema.default('desc'),
});
export type ListFeaturesQuery = z.input<typeof listFeaturesQuerySchema>;
export type ListFeaturesData = z.output<typeof listFeaturesQuerySchema>;

export const featureParamsSchema = z.object({ id: idSchema });

/** GET /features/{id} may name the project (404 when it is not the feature's). */
export const featureQuerySchema = z.object({ projectId: idSchema.optional().describe("Must be the feature's project when sent") });

/** DELETE may carry projectId (the spec sends it "in request config": query or body); never required. */
export const deleteFeatureQuerySchema = z.object({ projectId: idSchema.optional() });
export const deleteFeatureBodySchema = z.object({ projectId: referenceSchema().optional() }).nullish();

export const featuresResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(featureSchema),
  total: z.number().describe('Features matching the filters'),
  pagination: pagePaginationSchema,
  message: z.string(),
});
export type FeaturesResponse = z.infer<typeof featuresResponseSchema>;

export const featureResponseSchema = messageResponseSchema.extend({ data: featureSchema });
export type FeatureResponse = z.infer<typeof featureResponseSchema>;
