import { DEFAULT_CATEGORY_MESSAGE, type CreateFeatureData, type ListFeaturesData, type MemberRole, type UpdateFeatureData } from '@tasklane/contract';
import { pageCount } from '../../db/list-helpers.js';
import { mappingForeignKeys } from '../../db/errors.js';
import { foreignKeyName } from '../../db/foreign-keys.js';
import { features } from '../../db/schema.js';
import { badRequest, conflict, notFoundOrNotYours } from '../../http/errors.js';
import { findOwnedCategory } from '../categories/categories.repo.js';
import { deleteWithAttachmentFiles } from '../attachments/attachment-cleanup.js';
import type { Actor, ServiceContext } from '../context.js';
import { requireProjectRole, requireRole, requireVisible } from '../projects/project-access.js';
import { minimumRoleFor } from '../projects/projects.policy.js';
import type { UserRow } from '../users/users.repo.js';
import { presentFeature } from './features.presenter.js';
import * as repo from './features.repo.js';

const STALE_FEATURE = 'This feature was changed by someone else. Reload to see the latest version.';
const MANAGE_ONLY = 'Only admins and moderators can manage features';

const defaultCategoryError = () => badRequest(DEFAULT_CATEGORY_MESSAGE, [{ field: 'defaultCategoryId', message: DEFAULT_CATEGORY_MESSAGE }]);
const defaultCategoryKey = foreignKeyName(features, features.defaultCategoryId);

/** A default category being set must be one of the caller's TASK categories (decision 032). */
async function requireOwnTaskCategory(ctx: ServiceContext, user: Actor, categoryId: string | null | undefined) {
  if (!categoryId) return;
  const category = await findOwnedCategory(ctx.db, user.id, categoryId);
  if (category?.type !== 'TASK') throw defaultCategoryError();
}

/** The category was checked, then deleted before the write: the same answer as a missing one. */
function writingWithDefaultCategory<T>(work: () => Promise<T>): Promise<T> {
  return mappingForeignKeys({ [defaultCategoryKey]: defaultCategoryError }, work);
}

function requireManager(role: MemberRole) {
  requireRole(role, minimumRoleFor.canManageFeatures, MANAGE_ONLY);
}

export async function listFeatures(ctx: ServiceContext, user: UserRow, query: ListFeaturesData) {
  const access = await requireProjectRole(ctx, user, query.projectId);
  const { rows, total } = await repo.listFeatures(ctx.db, access.projectId, query);
  const project = { id: access.projectId, name: access.projectName };
  return {
    data: rows.map((row) => presentFeature(row, project)),
    total,
    pagination: { total: pageCount(total, query.limit), page: query.page, limit: query.limit },
  };
}

export async function createFeature(ctx: ServiceContext, user: Actor, data: CreateFeatureData) {
  const access = await requireProjectRole(ctx, user, data.projectId, minimumRoleFor.canManageFeatures, MANAGE_ONLY);
  const { projectId, ...values } = data;
  await requireOwnTaskCategory(ctx, user, values.defaultCategoryId);
  const row = await writingWithDefaultCategory(() => repo.insertFeature(ctx.db, user, projectId, values));
  return presentFeature(row, { id: access.projectId, name: access.projectName });
}

/**
 * The feature and the caller's role; 404 for anyone who may not see it, and when the
 * caller names a project (projectId) that is not the feature's.
 */
async function requireFeatureAccess(ctx: ServiceContext, user: UserRow, featureId: string, projectId?: string) {
  return requireVisible(user, await repo.findFeature(ctx.db, featureId, user.id), 'Feature', projectId);
}

/** One feature, for its task list's title (an addition to the spec); members of its project. */
export async function getFeature(ctx: ServiceContext, user: UserRow, featureId: string, projectId?: string) {
  const { row } = await requireFeatureAccess(ctx, user, featureId, projectId);
  return presentFeature(row, { id: row.projectId, name: row.projectName });
}

/** The fields of `data` whose values differ from the feature's. */
function changedValues(row: repo.FeatureRow, data: UpdateFeatureData): repo.FeatureValues {
  const { projectId: _projectId, version: _version, ...fields } = data;
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== row[key as keyof repo.FeatureRow]) changes[key] = value;
  }
  return changes as repo.FeatureValues;
}

export async function updateFeature(ctx: ServiceContext, user: Actor, featureId: string, data: UpdateFeatureData) {
  const { row, role } = await requireFeatureAccess(ctx, user, featureId, data.projectId);
  requireManager(role);
  if (data.version !== undefined && data.version !== row.version) throw conflict(STALE_FEATURE);
  const project = { id: row.projectId, name: row.projectName };
  const changes = changedValues(row, data);
  // A save that changes nothing writes nothing (and keeps the version).
  if (Object.keys(changes).length === 0) return presentFeature(row, project);
  // Only a new default is checked: a member may send back the one another member chose.
  await requireOwnTaskCategory(ctx, user, changes.defaultCategoryId);
  const updated = await writingWithDefaultCategory(() => repo.updateFeature(ctx.db, user, featureId, changes, data.version));
  if (!updated) throw data.version === undefined ? notFoundOrNotYours('Feature') : conflict(STALE_FEATURE);
  return presentFeature(updated, project);
}

export async function deleteFeature(ctx: ServiceContext, user: Actor, featureId: string, projectId?: string) {
  const { role } = await requireFeatureAccess(ctx, user, featureId, projectId);
  requireManager(role);
  const isDeleted = await deleteWithAttachmentFiles(ctx, { featureId }, (tx) => repo.deleteFeature(tx, user, featureId));
  if (!isDeleted) throw notFoundOrNotYours('Feature');
}
