import { and, asc, eq, exists, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projectMembers, projects, workspaces } from '../../db/schema.js';
import type { Actor } from '../context.js';
import { eventOf } from '../events/events.repo.js';

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

/** The event of a workspace write: for its owner and the members of its projects. */
const workspaceEvent = (
  db: Db,
  actor: Actor,
  type: 'workspace.created' | 'workspace.updated' | 'workspace.deleted',
  source: { id: SQLWrapper; ownerId: SQLWrapper } & SQLWrapper,
) => eventOf(db, actor, { type, entityId: sql`${source.id}`, workspaceId: sql`${source.id}`, ownerId: sql`${source.ownerId}` }, source);

export async function insertWorkspace(db: Db, actor: Actor, name: string): Promise<WorkspaceRow> {
  const inserted = db.$with('inserted').as(db.insert(workspaces).values({ ownerId: actor.id, name }).returning(columns));
  const [row] = await db.with(inserted, workspaceEvent(db, actor, 'workspace.created', inserted)).select().from(inserted);
  return row as WorkspaceRow;
}

export async function renameWorkspace(db: Db, actor: Actor, id: string, name: string): Promise<WorkspaceRow | undefined> {
  const updated = db.$with('updated').as(
    db.update(workspaces).set({ name, updatedAt: sql`now()` }).where(eq(workspaces.id, id)).returning(columns),
  );
  const [row] = await db.with(updated, workspaceEvent(db, actor, 'workspace.updated', updated)).select().from(updated);
  return row as WorkspaceRow | undefined;
}

/**
 * Deletes the actor's workspace; its projects and everything in them go with it (foreign keys
 * cascade). One event says so to everyone who could see any of it.
 */
export async function deleteWorkspace(db: Db, actor: Actor, id: string): Promise<boolean> {
  const deleted = db.$with('deleted').as(
    db
      .delete(workspaces)
      .where(and(eq(workspaces.id, id), eq(workspaces.ownerId, actor.id)))
      .returning({ id: workspaces.id, ownerId: workspaces.ownerId }),
  );
  const rows = await db.with(deleted, workspaceEvent(db, actor, 'workspace.deleted', deleted)).select().from(deleted);
  return rows.length > 0;
}
