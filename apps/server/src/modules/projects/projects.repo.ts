import type { CreateProjectData, MemberRole, ProjectStatus, Priority, UpdateProjectData } from '@tasklane/contract';
import { and, asc, desc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projectMembers, projects, tasks, users, workspaces } from '../../db/schema.js';
import type { Actor } from '../context.js';
import { eventOf, workspaceOfProject } from '../events/events.repo.js';

export type ProjectRow = {
  id: string;
  workspaceId: string;
  workspaceName: string;
  workspaceOwnerId: string;
  name: string;
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
};

export type MemberRow = {
  id: string;
  projectId: string;
  role: MemberRole;
  createdAt: Date;
  user: { id: string; fullName: string; email: string; username: string; avatar: string | null };
};

/** The user's membership role in the project whose id is `projectId` (a column), null when none. */
export function membershipRoleOf(projectId: SQLWrapper, userId: string) {
  return sql<MemberRole | null>`(select ${projectMembers.role} from ${projectMembers}
    where ${projectMembers.projectId} = ${projectId} and ${projectMembers.userId} = ${userId})`;
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

const projectColumns = (userId: string) => ({
  id: projects.id,
  workspaceId: projects.workspaceId,
  workspaceName: workspaces.name,
  workspaceOwnerId: workspaces.ownerId,
  name: projects.name,
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
});

/** One project with the caller's membership, or nothing. */
export async function findProject(db: Db, projectId: string, userId: string): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select(projectColumns(userId))
    .from(projects)
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row;
}

/** A workspace's projects: all of them for its owner, else those the user is a member of. */
export async function listWorkspaceProjects(db: Db, workspaceId: string, userId: string, isOwner: boolean) {
  const membership = sql`exists (select 1 from ${projectMembers}
    where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${userId})`;
  return db
    .select(projectColumns(userId))
    .from(projects)
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(isOwner ? eq(projects.workspaceId, workspaceId) : and(eq(projects.workspaceId, workspaceId), membership))
    .orderBy(desc(projects.createdAt), asc(projects.id));
}

/** Every project the user is a member of, most recently updated first. */
export async function listMemberProjects(db: Db, userId: string): Promise<ProjectRow[]> {
  return db
    .select(projectColumns(userId))
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(desc(projects.updatedAt), asc(projects.id));
}

/** Members of several projects at once (no query per project). */
export async function listMembers(db: Db, projectIds: string[]): Promise<MemberRow[]> {
  if (projectIds.length === 0) return [];
  return db
    .select({
      id: projectMembers.id,
      projectId: projectMembers.projectId,
      role: projectMembers.role,
      createdAt: projectMembers.createdAt,
      user: {
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        username: users.username,
        avatar: users.avatar,
      },
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(inArray(projectMembers.projectId, projectIds))
    .orderBy(asc(projectMembers.createdAt), asc(projectMembers.id));
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

/** The project, its event and its creator's ADMIN membership, in one transaction. */
export async function insertProjectWithAdmin(db: Db, actor: Actor, data: CreateProjectData): Promise<string> {
  return db.transaction(async (tx) => {
    const inserted = tx.$with('inserted').as(
      tx
        .insert(projects)
        .values({ ...projectValues(data), workspaceId: data.workspaceId, createdBy: actor.id })
        .returning(eventColumns),
    );
    const [row] = await tx
      .with(inserted, projectEvent(tx as unknown as Db, actor, 'project.created', inserted))
      .select({ id: inserted.id })
      .from(inserted);
    await tx.insert(projectMembers).values({ projectId: row!.id, userId: actor.id, role: 'ADMIN' });
    return row!.id;
  });
}

/** Applies the edit and bumps the version; false when `expectedVersion` is given and stale. */
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

/** The event of a membership change, from the CTE `source` that returned the membership. */
const memberEvent = (
  db: Db,
  actor: Actor,
  type: 'member.added' | 'member.updated' | 'member.removed',
  source: { id: SQLWrapper; projectId: SQLWrapper; userId: SQLWrapper } & SQLWrapper,
) =>
  eventOf(
    db,
    actor,
    {
      type,
      entityId: sql`${source.id}`,
      projectId: sql`${source.projectId}`,
      workspaceId: workspaceOfProject(sql`${source.projectId}`),
      subjectId: sql`${source.userId}`,
    },
    source,
  );

const memberEventColumns = { id: projectMembers.id, projectId: projectMembers.projectId, userId: projectMembers.userId };

export async function insertMember(db: Db, actor: Actor, projectId: string, userId: string, role: MemberRole): Promise<boolean> {
  const inserted = db.$with('inserted').as(
    db
      .insert(projectMembers)
      .values({ projectId, userId, role })
      .onConflictDoNothing({ target: [projectMembers.projectId, projectMembers.userId] })
      .returning(memberEventColumns),
  );
  const rows = await db.with(inserted, memberEvent(db, actor, 'member.added', inserted)).select({ id: inserted.id }).from(inserted);
  return rows.length > 0;
}

/**
 * Runs a membership change while holding the project's row lock, so two concurrent
 * changes cannot both remove "another" admin and leave the project with none.
 */
export async function withProjectLock<T>(db: Db, projectId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${projects} where ${projects.id} = ${projectId} for update`);
    return work(tx as unknown as Db);
  });
}

export async function findMemberRole(db: Db, projectId: string, userId: string): Promise<MemberRole | undefined> {
  const [row] = await db
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .limit(1);
  return row?.role;
}

export async function countAdmins(db: Db, projectId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.role, 'ADMIN')));
  return row?.count ?? 0;
}

export async function deleteMember(db: Db, actor: Actor, projectId: string, userId: string) {
  const deleted = db.$with('deleted').as(
    db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
      .returning(memberEventColumns),
  );
  await db.with(deleted, memberEvent(db, actor, 'member.removed', deleted)).select({ id: deleted.id }).from(deleted);
}

export async function setMemberRole(db: Db, actor: Actor, projectId: string, userId: string, role: MemberRole) {
  const updated = db.$with('updated').as(
    db
      .update(projectMembers)
      .set({ role })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
      .returning(memberEventColumns),
  );
  await db.with(updated, memberEvent(db, actor, 'member.updated', updated)).select({ id: updated.id }).from(updated);
}

export async function touchProject(db: Db, projectId: string) {
  await db.update(projects).set({ updatedAt: sql`now()` }).where(eq(projects.id, projectId));
}
