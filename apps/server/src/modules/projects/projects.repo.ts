import type { CreateProjectData, MemberRole, ProjectStatus, Priority, UpdateProjectData } from '@tasklane/contract';
import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRow } from '../../db/insert-select.js';
import { projectMembers, projects, tasks, users, workspaces } from '../../db/schema.js';
import type { Actor } from '../context.js';
import { eventOf } from '../events/events.repo.js';
import type { SqlParam } from '../../db/prepared.js';

export type ProjectRow = {
  id: string;
  workspaceId: string;
  workspaceName: string;
  workspaceOwnerId: string;
  name: string;
  key: string;
  description: string;
  status: ProjectStatus;
  priority: Priority;
  logo: string | null;
  coverImage: string | null;
  categoryId: string | null;
  isActive: boolean;
  color: string;
  isPublic: boolean;
  allowMemberInvites: boolean;
  requireApproval: boolean;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  /** The caller's membership role, null when they are not a member. */
  membershipRole: MemberRole | null;
  totalTasks: number;
  completedTasks: number;
  /** Oldest first, read in the project's own query. */
  members: MemberRow[];
};

export type MemberRow = {
  id: string;
  projectId: string;
  role: MemberRole;
  createdAt: Date;
  user: { id: string; fullName: string; email: string; username: string; avatar: string | null };
};

/** The user's membership role in the project whose id is `projectId` (a column), null when none. */
export function membershipRoleOf(projectId: SQLWrapper, userId: SqlParam) {
  return sql<MemberRole | null>`(select ${projectMembers.role} from ${projectMembers}
    where ${projectMembers.projectId} = ${projectId} and ${projectMembers.userId} = ${userId})`;
}

/**
 * Whether the project whose id is `projectId` (a column) is one the user can open: they are a
 * member, or they own its workspace (decision 047).
 * - The projects are read once per statement, as a set PostgreSQL hashes (a few dozen ids for a
 *   busy person), instead of a membership lookup and a join to the workspace per row: a page of
 *   the heavy user's 5,000 assigned tasks spent most of its time there.
 * - `is true` keeps it a hashed filter. As a bare `in (...)` the planner may turn it into a join
 *   that runs one index scan of the person's tasks per project (59 of them for the heavy user),
 *   which cost as much as the lookups it replaced.
 */
export function inOpenProject(projectId: SQLWrapper, userId: SqlParam): SQL {
  return sql`(${projectId} in (select open_member.project_id from project_members open_member where open_member.user_id = ${userId}
    union all select open_project.id from projects open_project join workspaces open_workspace on open_workspace.id = open_project.workspace_id
    where open_workspace.owner_id = ${userId})) is true`;
}

export type ProjectAccessRow = { id: string; name: string; workspaceOwnerId: string; membershipRole: MemberRole | null };

/** Just what deciding access to a project needs, in one query. */
export async function findProjectAccess(db: Db, projectId: string, userId: string): Promise<ProjectAccessRow | undefined> {
  const [row] = await db
    .select({
      id: projects.id,
      name: projects.name,
      workspaceOwnerId: workspaces.ownerId,
      membershipRole: membershipRoleOf(projects.id, userId),
    })
    .from(projects)
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row;
}

/** A member as the project's query hands it over: JSON, its time as text. */
type MemberJson = Omit<MemberRow, 'createdAt'> & { createdAt: string };

/**
 * The project's members with their users, oldest first, as one JSON array in the project's query.
 * Each member's user is read by its primary key: joined, the planner hashed every user for each
 * project's few members, half of the heavy user's project list (decision 047).
 */
const membersJson = sql<MemberJson[]>`coalesce((
  select json_agg(json_build_object(
    'id', pm.id, 'projectId', pm.project_id, 'role', pm.role, 'createdAt', pm.created_at,
    'user', (select json_build_object('id', u.id, 'fullName', u.full_name, 'email', u.email, 'username', u.username, 'avatar', u.avatar)
      from ${users} u where u.id = pm.user_id)
  ) order by pm.created_at asc, pm.id asc)
  from ${projectMembers} pm
  where pm.project_id = ${projects.id}
), '[]'::json)`;

function withMembers<T extends { members: MemberJson[] }>(row: T): Omit<T, 'members'> & { members: MemberRow[] } {
  return { ...row, members: row.members.map((member) => ({ ...member, createdAt: new Date(member.createdAt) })) };
}

const projectColumns = (userId: string) => ({
  id: projects.id,
  workspaceId: projects.workspaceId,
  workspaceName: workspaces.name,
  workspaceOwnerId: workspaces.ownerId,
  name: projects.name,
  key: projects.key,
  description: projects.description,
  status: projects.status,
  priority: projects.priority,
  logo: projects.logo,
  coverImage: projects.coverImage,
  categoryId: projects.categoryId,
  isActive: projects.isActive,
  color: projects.color,
  isPublic: projects.isPublic,
  allowMemberInvites: projects.allowMemberInvites,
  requireApproval: projects.requireApproval,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  version: projects.version,
  membershipRole: membershipRoleOf(projects.id, userId),
  // Counted by index-only scans of tasks(project_id, status), within the same statement.
  totalTasks: sql<number>`(select count(*)::int from ${tasks} where ${tasks.projectId} = ${projects.id})`.mapWith(Number),
  completedTasks: sql<number>`(select count(*)::int from ${tasks}
    where ${tasks.projectId} = ${projects.id} and ${tasks.status} = 'COMPLETED')`.mapWith(Number),
  members: membersJson,
});

/** One project with the caller's membership and every member, or nothing. */
export async function findProject(db: Db, projectId: string, userId: string): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select(projectColumns(userId))
    .from(projects)
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row && withMembers(row);
}

/** A workspace's projects: all of them for its owner, else those the user is a member of. */
export async function listWorkspaceProjects(db: Db, workspaceId: string, userId: string, isOwner: boolean): Promise<ProjectRow[]> {
  const membership = sql`exists (select 1 from ${projectMembers}
    where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${userId})`;
  const rows = await db
    .select(projectColumns(userId))
    .from(projects)
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(isOwner ? eq(projects.workspaceId, workspaceId) : and(eq(projects.workspaceId, workspaceId), membership))
    .orderBy(desc(projects.createdAt), asc(projects.id));
  return rows.map(withMembers);
}

/** Every project the user is a member of, most recently updated first. */
export async function listMemberProjects(db: Db, userId: string): Promise<ProjectRow[]> {
  const rows = await db
    .select(projectColumns(userId))
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(desc(projects.updatedAt), asc(projects.id));
  return rows.map(withMembers);
}

function projectValues(data: CreateProjectData | UpdateProjectData) {
  return {
    name: data.name,
    ...(data.description !== undefined ? { description: data.description } : {}),
    ...(data.status ? { status: data.status } : {}),
    ...(data.priority ? { priority: data.priority } : {}),
    ...(data.logo !== undefined ? { logo: data.logo } : {}),
    ...(data.coverImage !== undefined ? { coverImage: data.coverImage } : {}),
    ...(data.category !== undefined ? { categoryId: data.category } : {}),
    ...(data.settings?.color ? { color: data.settings.color.toUpperCase() } : {}),
    ...(data.settings?.isPublic !== undefined ? { isPublic: data.settings.isPublic } : {}),
    ...(data.settings?.allowMemberInvites !== undefined ? { allowMemberInvites: data.settings.allowMemberInvites } : {}),
    ...(data.settings?.requireApproval !== undefined ? { requireApproval: data.settings.requireApproval } : {}),
  };
}

/** The event of a project write, from the CTE `source` that returned its id, workspace and version. */
const projectEvent = (
  db: Db,
  actor: Actor,
  type: 'project.created' | 'project.updated' | 'project.deleted',
  source: { id: SQLWrapper; workspaceId: SQLWrapper; version: SQLWrapper } & SQLWrapper,
) =>
  eventOf(
    db,
    actor,
    {
      type,
      entityId: sql`${source.id}`,
      projectId: sql`${source.id}`,
      workspaceId: sql`${source.workspaceId}`,
      version: type === 'project.deleted' ? null : sql`${source.version}`,
    },
    source,
  );

const eventColumns = { id: projects.id, workspaceId: projects.workspaceId, version: projects.version };

/** The unique index that keeps two projects from sharing a key. */
export const PROJECT_KEY_INDEX = 'projects_key_unique';

/**
 * The first of `candidates` (in order) that no project holds, inside the insert's statement;
 * null when every one is taken (the insert then fails on the key's NOT NULL).
 */
function firstFreeKey(candidates: string[]) {
  return sql<string>`(select k.c from jsonb_array_elements_text(${JSON.stringify(candidates)}::jsonb) with ordinality as k(c, i)
    where not exists (select 1 from ${projects} p where p.key = k.c) order by k.i limit 1)`;
}

/**
 * The project, its creator's ADMIN membership and its event, in one statement (so all or
 * nothing). Its key is `key` when given, else the first free one of `candidates`.
 */
export async function insertProjectWithAdmin(db: Db, actor: Actor, data: CreateProjectData, candidates: string[]): Promise<string> {
  const key = data.key ?? firstFreeKey(candidates);
  const inserted = db
    .$with('inserted')
    .as(
      db
        .insert(projects)
        .values({ ...projectValues(data), key, workspaceId: data.workspaceId, createdBy: actor.id })
        .returning(eventColumns),
    );
  const [row] = await db
    .with(inserted, projectEvent(db, actor, 'project.created', inserted))
    .insert(projectMembers)
    .select(
      selectRow(
        projectMembers,
        { id: sql`gen_random_uuid()`, projectId: sql`${inserted.id}`, userId: sql`${actor.id}::uuid`, role: sql`'ADMIN'`, createdAt: sql`now()` },
        inserted,
      ),
    )
    .returning({ projectId: projectMembers.projectId });
  return row!.projectId;
}

/** Applies the edit, bumps the version and records its event; false when `expectedVersion` is given and stale. */
export async function updateProject(
  db: Db,
  actor: Actor,
  projectId: string,
  data: UpdateProjectData,
  expectedVersion?: number,
): Promise<boolean> {
  const updated = db.$with('updated').as(
    db
      .update(projects)
      .set({
        ...projectValues(data),
        ...(data.key !== undefined ? { key: data.key } : {}),
        ...(data.isActive !== undefined ? { isActive: data.isActive } : {}),
        version: sql`${projects.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        expectedVersion === undefined
          ? eq(projects.id, projectId)
          : and(eq(projects.id, projectId), eq(projects.version, expectedVersion)),
      )
      .returning(eventColumns),
  );
  const rows = await db.with(updated, projectEvent(db, actor, 'project.updated', updated)).select({ id: updated.id }).from(updated);
  return rows.length > 0;
}

/** Deletes the project (memberships, features, tasks, their comments and history cascade) and records its event. */
export async function deleteProject(db: Db, actor: Actor, projectId: string): Promise<boolean> {
  const deleted = db.$with('deleted').as(db.delete(projects).where(eq(projects.id, projectId)).returning(eventColumns));
  const rows = await db.with(deleted, projectEvent(db, actor, 'project.deleted', deleted)).select({ id: deleted.id }).from(deleted);
  return rows.length > 0;
}
