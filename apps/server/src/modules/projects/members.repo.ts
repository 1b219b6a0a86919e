import type { MemberRole } from '@tasklane/contract';
import { and, asc, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRow } from '../../db/insert-select.js';
import { projectMembers, projects, users } from '../../db/schema.js';
import type { Actor } from '../context.js';
import { eventOf, workspaceOfProject } from '../events/events.repo.js';
import { type MemberRow } from './projects.repo.js';

/** The event of a membership change, from the CTE `source` that returned the membership (none: no event). */
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

const memberUser = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  username: users.username,
  avatar: users.avatar,
};

/** A project's members with their users, oldest first. */
export async function listMembers(db: Db, projectId: string): Promise<MemberRow[]> {
  return db
    .select({
      id: projectMembers.id,
      projectId: projectMembers.projectId,
      role: projectMembers.role,
      createdAt: projectMembers.createdAt,
      user: memberUser,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(projectMembers.createdAt), asc(projectMembers.id));
}

export type AddedMember = { outcome: 'added'; member: MemberRow } | { outcome: 'no-such-user' } | { outcome: 'already-member' };

/**
 * Adds the user (if they exist) to the project, touches the project and records the event, in one statement.
 * The unique index decides, so two simultaneous adds make one membership.
 */
export async function insertMember(db: Db, actor: Actor, projectId: string, userId: string, role: MemberRole): Promise<AddedMember> {
  const target = db.$with('target').as(db.select(memberUser).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))));
  const added = db.$with('added').as(
    db
      .insert(projectMembers)
      .select(
        selectRow(
          projectMembers,
          { id: sql`gen_random_uuid()`, projectId: sql`${projectId}::uuid`, userId: sql`${target.id}`, role: sql`${role}`, createdAt: sql`now()` },
          target,
        ),
      )
      .onConflictDoNothing({ target: [projectMembers.projectId, projectMembers.userId] })
      .returning({
        id: projectMembers.id,
        projectId: projectMembers.projectId,
        userId: projectMembers.userId,
        role: projectMembers.role,
        createdAt: projectMembers.createdAt,
      }),
  );
  const touched = db.$with('touched').as(
    db
      .update(projects)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(projects.id, projectId), sql`exists (select 1 from ${added})`))
      .returning({ id: projects.id }),
  );
  const [row] = await db
    .with(target, added, touched, memberEvent(db, actor, 'member.added', added))
    .select({
      user: { id: target.id, fullName: target.fullName, email: target.email, username: target.username, avatar: target.avatar },
      id: added.id,
      role: added.role,
      createdAt: added.createdAt,
    })
    .from(target)
    .leftJoin(added, sql`true`);
  if (!row) return { outcome: 'no-such-user' };
  if (!row.id || !row.role || !row.createdAt) return { outcome: 'already-member' };
  return { outcome: 'added', member: { id: row.id, projectId, role: row.role, createdAt: row.createdAt, user: row.user } };
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

/** The member's role (undefined when not a member) and the project's admin count, in one query. */
export async function findMemberRoleAndAdmins(db: Db, projectId: string, userId: string) {
  // The subqueries name the project by its id: a lone table's columns render unqualified,
  // and projects.id would bind to project_members.id inside them.
  const [row] = await db
    .select({
      role: sql<MemberRole | null>`(select ${projectMembers.role} from ${projectMembers}
        where ${projectMembers.projectId} = ${projectId} and ${projectMembers.userId} = ${userId})`,
      admins: sql<number>`(select count(*)::int from ${projectMembers}
        where ${projectMembers.projectId} = ${projectId} and ${projectMembers.role} = 'ADMIN')`.mapWith(Number),
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return { role: row?.role ?? undefined, admins: row?.admins ?? 0 };
}

/** Removes the membership, touches the project and records the event, in one statement. */
export async function deleteMember(db: Db, actor: Actor, projectId: string, userId: string) {
  const deleted = db.$with('deleted').as(
    db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
      .returning({ id: projectMembers.id, projectId: projectMembers.projectId, userId: projectMembers.userId }),
  );
  await db
    .with(deleted, memberEvent(db, actor, 'member.removed', deleted))
    .update(projects)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(projects.id, projectId), sql`exists (select 1 from ${deleted})`));
}

/** Sets the member's role, records the event and answers the member as it now stands, in one statement. */
export async function setMemberRole(db: Db, actor: Actor, projectId: string, userId: string, role: MemberRole): Promise<MemberRow | undefined> {
  const updated = db.$with('updated').as(
    db
      .update(projectMembers)
      .set({ role })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
      .returning({
        id: projectMembers.id,
        projectId: projectMembers.projectId,
        userId: projectMembers.userId,
        role: projectMembers.role,
        createdAt: projectMembers.createdAt,
      }),
  );
  const [row] = await db
    .with(updated, memberEvent(db, actor, 'member.updated', updated))
    .select({ id: updated.id, projectId: updated.projectId, role: updated.role, createdAt: updated.createdAt, user: memberUser })
    .from(updated)
    .innerJoin(users, eq(users.id, updated.userId));
  return row;
}
