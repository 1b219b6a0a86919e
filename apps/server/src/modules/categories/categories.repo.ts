import type { CategoryType, CreateCategoryData } from '@tasklane/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories } from '../../db/schema.js';
import type { Actor } from '../context.js';
import { eventOf } from '../events/events.repo.js';

const columns = {
  id: categories.id,
  ownerId: categories.ownerId,
  name: categories.name,
  slug: categories.slug,
  type: categories.type,
  color: categories.color,
  workspaceId: categories.workspaceId,
  createdAt: categories.createdAt,
};

export type CategoryRow = {
  id: string;
  ownerId: string;
  name: string;
  slug: string;
  type: CategoryType;
  color: string;
  workspaceId: string | null;
  createdAt: Date;
};

export async function listCategories(db: Db, ownerId: string, type?: CategoryType): Promise<CategoryRow[]> {
  return db
    .select(columns)
    .from(categories)
    .where(type ? and(eq(categories.ownerId, ownerId), eq(categories.type, type)) : eq(categories.ownerId, ownerId))
    .orderBy(asc(categories.name), asc(categories.id));
}

export async function findOwnedCategory(db: Db, ownerId: string, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.ownerId, ownerId)))
    .limit(1);
  return row;
}

/** Creates the actor's category and its event, in one statement. */
export async function insertCategory(db: Db, actor: Actor, data: CreateCategoryData): Promise<CategoryRow> {
  const inserted = db.$with('inserted').as(
    db
      .insert(categories)
      .values({ ownerId: actor.id, name: data.name, slug: data.slug, type: data.type, color: data.color.toUpperCase() })
      .returning(columns),
  );
  const event = eventOf(db, actor, { type: 'category.created', entityId: sql`${inserted.id}`, ownerId: actor.id }, inserted);
  const [row] = await db.with(inserted, event).select().from(inserted);
  return row as CategoryRow;
}

/**
 * Deletes the actor's category and records its event; todos that used it keep living without
 * one (FK set null).
 */
export async function deleteOwnedCategory(db: Db, actor: Actor, id: string): Promise<boolean> {
  const deleted = db.$with('deleted').as(
    db
      .delete(categories)
      .where(and(eq(categories.id, id), eq(categories.ownerId, actor.id)))
      .returning({ id: categories.id }),
  );
  const event = eventOf(db, actor, { type: 'category.deleted', entityId: sql`${deleted.id}`, ownerId: actor.id }, deleted);
  const rows = await db.with(deleted, event).select().from(deleted);
  return rows.length > 0;
}
