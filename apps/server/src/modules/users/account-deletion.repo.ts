import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  categories,
  loginChallenges,
  passwordResetTokens,
  projectMembers,
  projects,
  recoveryCodes,
  sessions,
  todos,
  users,
} from '../../db/schema.js';

/** The name every deleted account shows wherever it wrote something (tasks, comments, history). */
export const DELETED_USER_NAME = 'Deleted user';

/**
 * The projects where the user is the only ADMIN while others are members: deleting the account
 * would leave them without anyone to manage them.
 */
export async function findProjectsLastAdminOf(db: Db, userId: string): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(
      and(
        eq(projectMembers.userId, userId),
        eq(projectMembers.role, 'ADMIN'),
        sql`not exists (select 1 from ${projectMembers} other where other.project_id = "project_members"."project_id" and other.user_id <> ${userId} and other.role = 'ADMIN')`,
        sql`exists (select 1 from ${projectMembers} other where other.project_id = "project_members"."project_id" and other.user_id <> ${userId})`,
      ),
    )
    .orderBy(asc(projects.name));
}

/**
 * Deletes an account in one statement, keeping its row so what it wrote stays attributed: the
 * row is scrubbed (name "Deleted user", a unique placeholder username and an email that cannot
 * receive mail or sign in, a password hash no password matches, no avatar, no second factor, no
 * administration); its sessions, todos, categories, memberships, recovery codes, reset tokens and
 * sign-in challenges go. Answers the ended sessions' ids and the avatar file to remove, or
 * undefined when there is no such (undeleted) account.
 */
export async function scrubAccount(db: Db, userId: string) {
  const placeholder = `deleted-${userId.replace(/-/g, '')}`;
  const previous = db.$with('previous').as(
    db.select({ id: users.id, avatarKey: users.avatarKey }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))),
  );
  const endedSessions = db.$with('ended_sessions').as(db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }));
  const deletedTodos = db.$with('deleted_todos').as(db.delete(todos).where(eq(todos.ownerId, userId)).returning({ id: todos.id }));
  const deletedCategories = db.$with('deleted_categories').as(
    db.delete(categories).where(eq(categories.ownerId, userId)).returning({ id: categories.id }),
  );
  const deletedMemberships = db.$with('deleted_memberships').as(
    db.delete(projectMembers).where(eq(projectMembers.userId, userId)).returning({ id: projectMembers.id }),
  );
  const deletedCodes = db.$with('deleted_codes').as(db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).returning({ id: recoveryCodes.id }));
  const deletedResets = db.$with('deleted_resets').as(
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).returning({ id: passwordResetTokens.id }),
  );
  const deletedChallenges = db.$with('deleted_challenges').as(
    db.delete(loginChallenges).where(eq(loginChallenges.userId, userId)).returning({ id: loginChallenges.id }),
  );
  const scrubbed = db.$with('scrubbed').as(
    db
      .update(users)
      .set({
        fullName: DELETED_USER_NAME,
        username: placeholder,
        // .invalid can never be a real address (RFC 2606), so it cannot be registered or reset.
        email: `${placeholder}@deleted.invalid`,
        // Not an argon2 hash: no password verifies against it.
        passwordHash: '!deleted',
        avatar: null,
        avatarKey: null,
        avatarContentType: null,
        isAdmin: false,
        totpSecret: null,
        totpEnabledAt: null,
        totpPendingSecret: null,
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id }),
  );
  const [row] = await db
    .with(previous, endedSessions, deletedTodos, deletedCategories, deletedMemberships, deletedCodes, deletedResets, deletedChallenges, scrubbed)
    .select({
      avatarKey: previous.avatarKey,
      endedSessions: sql<string[]>`coalesce((select array_agg(${endedSessions.id}) from ${endedSessions}), '{}')`,
    })
    .from(previous)
    .innerJoin(scrubbed, eq(scrubbed.id, previous.id));
  return row ? { avatarKey: row.avatarKey, endedSessions: row.endedSessions } : undefined;
}

