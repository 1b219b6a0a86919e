import type { CategoryType, TaskStatus } from '@tasklane/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { categories, features, projectMembers, projects, tasks, users } from '../../../db/schema.js';
import type { Actor } from '../../context.js';
import { eventOf } from '../../events/events.repo.js';

/**
 * The actor's category of this type and slug, created when they have none (with its event): the
 * unique (owner, type, slug) index makes an existing one come back instead of a second one.
 */
export async function ensureCategory(db: Db, actor: Actor, category: { name: string; slug: string; type: CategoryType; color: string }): Promise<string> {
  const created = db.$with('created').as(
    db
      .insert(categories)
      .values({ ownerId: actor.id, ...category })
      .onConflictDoUpdate({ target: [categories.ownerId, categories.type, categories.slug], set: { name: sql`${categories.name}` } })
      .returning({ id: categories.id, isNew: sql<boolean>`(xmax = 0)`.as('is_new') }),
  );
  const fresh = db.$with('fresh').as(db.select().from(created).where(sql`${created.isNew}`));
  const event = eventOf(db, actor, { type: 'category.created', entityId: sql`${fresh.id}`, ownerId: actor.id }, fresh);
  const [row] = await db.with(created, fresh, event).select({ id: created.id }).from(created);
  return row!.id;
}

export type KnownUser = { id: string; email: string; username: string };

/** The live accounts with one of these emails (stored lower-cased) or usernames (any case). */
export async function findUsersByEmailOrUsername(db: Db, emails: string[], usernames: string[]): Promise<KnownUser[]> {
  if (emails.length === 0 && usernames.length === 0) return [];
  const lowerEmails = JSON.stringify(emails.map((email) => email.toLowerCase()));
  const lowerNames = JSON.stringify(usernames.map((name) => name.toLowerCase()));
  return db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        sql`(${users.email} in (select jsonb_array_elements_text(${lowerEmails}::jsonb))
          or lower(${users.username}) in (select jsonb_array_elements_text(${lowerNames}::jsonb)))`,
      ),
    );
}

/** The last board rank of a feature's column (null when empty): imported cards go after it, in file order. */
export async function findLastRank(db: Db, featureId: string, status: TaskStatus): Promise<string | null> {
  const [row] = await db
    .select({ rank: sql<string | null>`max(${tasks.boardRank})` })
    .from(tasks)
    .where(and(eq(tasks.featureId, featureId), eq(tasks.status, status)));
  return row?.rank ?? null;
}

/** A project's features by title, for matching a CSV's feature names. */
export async function listFeatureTitles(db: Db, projectId: string): Promise<{ id: string; title: string }[]> {
  return db.select({ id: features.id, title: features.title }).from(features).where(eq(features.projectId, projectId));
}

/** Whether the project belongs to the workspace. */
export async function isProjectInWorkspace(db: Db, projectId: string, workspaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.workspaceId, workspaceId)))
    .limit(1);
  return row !== undefined;
}

/** Which of these users are members of the project. */
export async function findMemberIds(db: Db, projectId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.userId, userIds)));
  return new Set(rows.map((row) => row.userId));
}
