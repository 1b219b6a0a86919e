import { and, asc, eq, exists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projectMembers, projects, workspaces } from '../../db/schema.js';

export type WorkspaceRow = { id: string; ownerId: string; name: string; createdAt: Date; updatedAt: Date };

const columns = {
  id: workspaces.id,
  ownerId: workspaces.ownerId,
  name: workspaces.name,
  createdAt: workspaces.createdAt,
  updatedAt: workspaces.updatedAt,
};

const hasProjectMembership = (userId: string) =>
  exists(
    sql`(select 1 from ${projectMembers} inner join ${projects} on ${projects.id} = ${projectMembers.projectId}
         where ${projects.workspaceId} = ${workspaces.id} and ${projectMembers.userId} = ${userId})`,
  );

/** Workspaces the user owns or holds a project membership in, oldest first. */
export async function listVisibleWorkspaces(db: Db, userId: string): Promise<WorkspaceRow[]> {
  return db
    .select(columns)
    .from(workspaces)
    .where(or(eq(workspaces.ownerId, userId), hasProjectMembership(userId)))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
}

export async function findWorkspaceAccess(db: Db, id: string, userId: string) {
  const [row] = await db
    .select({ ...columns, isProjectMember: hasProjectMembership(userId).mapWith(Boolean) })
    .from(workspaces)
    .where(eq(workspaces.id, id))
    .limit(1);
  if (!row) return undefined;
  const { isProjectMember, ...workspace } = row;
  return { workspace, isOwner: workspace.ownerId === userId, isProjectMember: Boolean(isProjectMember) };
}

export async function insertWorkspace(db: Db, ownerId: string, name: string): Promise<WorkspaceRow> {
  const [row] = await db.insert(workspaces).values({ ownerId, name }).returning(columns);
  return row!;
}

export async function renameWorkspace(db: Db, id: string, name: string): Promise<WorkspaceRow | undefined> {
  const [row] = await db
    .update(workspaces)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(workspaces.id, id))
    .returning(columns);
  return row;
}

/** Deletes the workspace; its projects and everything in them go with it (foreign keys cascade). */
export async function deleteWorkspace(db: Db, id: string, ownerId: string): Promise<boolean> {
  const rows = await db
    .delete(workspaces)
    .where(and(eq(workspaces.id, id), eq(workspaces.ownerId, ownerId)))
    .returning({ id: workspaces.id });
  return rows.length > 0;
}
