import type { CreateFeatureData, FeatureStatus, ListFeaturesData, MemberRole, Priority } from '@tasklane/contract';
import { featureStatuses, priorities } from '@tasklane/contract';
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern, orderTerm, rankOf } from '../../db/list-helpers.js';
import { features, projects, workspaces } from '../../db/schema.js';
import { membershipRoleOf } from '../projects/projects.repo.js';

export type FeatureRow = {
  id: string;
  projectId: string;
  title: string;
  description: string;
  status: FeatureStatus;
  priority: Priority;
  dueDate: string | null;
  estimatedHours: number | null;
  actualHours: number | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

/** A feature with what deciding access to it needs. */
export type FeatureAccessRow = FeatureRow & { projectName: string; workspaceOwnerId: string; membershipRole: MemberRole | null };

const columns = {
  id: features.id,
  projectId: features.projectId,
  title: features.title,
  description: features.description,
  status: features.status,
  priority: features.priority,
  dueDate: features.dueDate,
  estimatedHours: features.estimatedHours,
  actualHours: features.actualHours,
  version: features.version,
  createdAt: features.createdAt,
  updatedAt: features.updatedAt,
};

export async function findFeature(db: Db, featureId: string, userId: string): Promise<FeatureAccessRow | undefined> {
  const [row] = await db
    .select({
      ...columns,
      projectName: projects.name,
      workspaceOwnerId: workspaces.ownerId,
      membershipRole: membershipRoleOf(features.projectId, userId),
    })
    .from(features)
    .innerJoin(projects, eq(projects.id, features.projectId))
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(features.id, featureId))
    .limit(1);
  return row;
}

const sortExpressions = {
  createdAt: features.createdAt,
  updatedAt: features.updatedAt,
  title: sql`lower(${features.title})`,
  dueDate: features.dueDate,
  priority: rankOf(features.priority, priorities),
  status: rankOf(features.status, featureStatuses),
} as const;

function listConditions(projectId: string, query: ListFeaturesData): SQL {
  const conditions: SQL[] = [eq(features.projectId, projectId)];
  if (query.status) conditions.push(eq(features.status, query.status));
  if (query.priority) conditions.push(eq(features.priority, query.priority));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(features.title, pattern), ilike(features.description, pattern))!);
  }
  return and(...conditions)!;
}

/**
 * One page of a project's features, filtered, sorted and counted in the database. The count
 * rides along as a window function; only a page past the end needs a second query for it.
 */
export async function listFeatures(db: Db, projectId: string, query: ListFeaturesData) {
  const where = listConditions(projectId, query);
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(features)
    .where(where)
    .orderBy(
      orderTerm(sortExpressions[query.sortBy], query.sortOrder, { nullsLast: query.sortBy === 'dueDate' }),
      orderTerm(features.createdAt, 'desc'),
      orderTerm(features.id, 'asc'),
    )
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  if (rows.length > 0 || query.page === 1) {
    return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
  }
  const [count] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(features).where(where);
  return { rows: [], total: count?.total ?? 0 };
}

export type FeatureValues = Partial<Omit<CreateFeatureData, 'projectId'>>;

export async function insertFeature(db: Db, projectId: string, createdBy: string, values: FeatureValues): Promise<FeatureRow> {
  const [row] = await db
    .insert(features)
    .values({ ...values, title: values.title!, projectId, createdBy })
    .returning(columns);
  return row!;
}

/** Applies the changes and bumps the version; nothing when `expectedVersion` is stale or the feature gone. */
export async function updateFeature(
  db: Db,
  featureId: string,
  values: FeatureValues,
  expectedVersion?: number,
): Promise<FeatureRow | undefined> {
  const [row] = await db
    .update(features)
    .set({ ...values, version: sql`${features.version} + 1`, updatedAt: sql`now()` })
    .where(
      expectedVersion === undefined
        ? eq(features.id, featureId)
        : and(eq(features.id, featureId), eq(features.version, expectedVersion)),
    )
    .returning(columns);
  return row;
}

/** Deletes the feature; its tasks, their comments and history cascade in the same statement. */
export async function deleteFeature(db: Db, featureId: string): Promise<boolean> {
  const rows = await db.delete(features).where(eq(features.id, featureId)).returning({ id: features.id });
  return rows.length > 0;
}
