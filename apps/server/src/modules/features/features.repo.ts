import type { CreateFeatureData, FeatureStatus, ListFeaturesData, MemberRole, Priority } from '@tasklane/contract';
import { featureStatuses, priorities } from '@tasklane/contract';
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderTerm, rankOf, searchCondition } from '../../db/list-helpers.js';
import { features, projects, workspaces } from '../../db/schema.js';
import type { Actor } from '../context.js';
import { eventOf, workspaceOfProject } from '../events/events.repo.js';
import { membershipRoleOf } from '../projects/projects.repo.js';
import { preparedStatement } from '../../db/prepared.js';

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
  defaultCategoryId: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

/** A feature with what deciding access to it needs. */
export type FeatureAccessRow = FeatureRow & {
  projectName: string;
  /** Its project's key, which its tasks' keys start with. */
  projectKey: string;
  workspaceOwnerId: string;
  membershipRole: MemberRole | null;
};

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
  defaultCategoryId: features.defaultCategoryId,
  version: features.version,
  createdAt: features.createdAt,
  updatedAt: features.updatedAt,
};

// Every feature route and the feature's task table start with this read: built once.
const featureAccessStatement = preparedStatement((db) =>
  db
    .select({
      ...columns,
      projectName: projects.name,
      projectKey: projects.key,
      workspaceOwnerId: workspaces.ownerId,
      membershipRole: membershipRoleOf(features.projectId, sql.placeholder('userId')),
    })
    .from(features)
    .innerJoin(projects, eq(projects.id, features.projectId))
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(features.id, sql.placeholder('featureId')))
    .limit(1)
    .prepare('feature_access'),
);

export async function findFeature(db: Db, featureId: string, userId: string): Promise<FeatureAccessRow | undefined> {
  const [row] = await featureAccessStatement(db).execute({ featureId, userId });
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
  const search = searchCondition(query.search, [features.title, features.description]);
  if (search) conditions.push(search);
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

/** The event of a feature write, from the CTE `source` that returned its id, project and version. */
const featureEvent = (
  db: Db,
  actor: Actor,
  type: 'feature.created' | 'feature.updated' | 'feature.deleted',
  source: { id: SQLWrapper; projectId: SQLWrapper; version: SQLWrapper } & SQLWrapper,
) =>
  eventOf(
    db,
    actor,
    {
      type,
      entityId: sql`${source.id}`,
      featureId: sql`${source.id}`,
      projectId: sql`${source.projectId}`,
      workspaceId: workspaceOfProject(sql`${source.projectId}`),
      version: type === 'feature.deleted' ? null : sql`${source.version}`,
    },
    source,
  );

export async function insertFeature(db: Db, actor: Actor, projectId: string, values: FeatureValues): Promise<FeatureRow> {
  const inserted = db.$with('inserted').as(
    db
      .insert(features)
      // statement_timestamp(), not now(): features made in one transaction (an import's lists)
      // keep their order of creation.
      .values({ ...values, title: values.title!, projectId, createdBy: actor.id, createdAt: sql`statement_timestamp()`, updatedAt: sql`statement_timestamp()` })
      .returning(columns),
  );
  const [row] = await db.with(inserted, featureEvent(db, actor, 'feature.created', inserted)).select().from(inserted);
  return row as FeatureRow;
}

/** Applies the changes and bumps the version; nothing when `expectedVersion` is stale or the feature gone. */
export async function updateFeature(
  db: Db,
  actor: Actor,
  featureId: string,
  values: FeatureValues,
  expectedVersion?: number,
): Promise<FeatureRow | undefined> {
  const updated = db.$with('updated').as(
    db
      .update(features)
      .set({ ...values, version: sql`${features.version} + 1`, updatedAt: sql`now()` })
      .where(
        expectedVersion === undefined
          ? eq(features.id, featureId)
          : and(eq(features.id, featureId), eq(features.version, expectedVersion)),
      )
      .returning(columns),
  );
  const [row] = await db.with(updated, featureEvent(db, actor, 'feature.updated', updated)).select().from(updated);
  return row as FeatureRow | undefined;
}

/** Deletes the feature (its tasks, their comments and history cascade) and records its event, in one statement. */
export async function deleteFeature(db: Db, actor: Actor, featureId: string): Promise<boolean> {
  const deleted = db.$with('deleted').as(
    db.delete(features).where(eq(features.id, featureId)).returning({ id: features.id, projectId: features.projectId, version: features.version }),
  );
  const rows = await db.with(deleted, featureEvent(db, actor, 'feature.deleted', deleted)).select().from(deleted);
  return rows.length > 0;
}
