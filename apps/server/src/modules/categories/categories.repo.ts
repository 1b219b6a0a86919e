import type { CategoryType, CreateCategoryData } from '@tasklane/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories } from '../../db/schema.js';

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

export async function insertCategory(db: Db, ownerId: string, data: CreateCategoryData): Promise<CategoryRow> {
  const [row] = await db
    .insert(categories)
    .values({ ownerId, name: data.name, slug: data.slug, type: data.type, color: data.color.toUpperCase() })
    .returning(columns);
  return row!;
}

/** Deletes the owner's category; todos that used it keep living without one (FK set null). */
export async function deleteOwnedCategory(db: Db, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(categories)
    .where(and(eq(categories.id, id), eq(categories.ownerId, ownerId)))
    .returning({ id: categories.id });
  return rows.length > 0;
}
