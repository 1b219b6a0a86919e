import type { CategoryType, CreateCategoryData } from '@tasklane/contract';
import { conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { ServiceContext } from '../context.js';
import type { UserRow } from '../users/users.repo.js';
import * as repo from './categories.repo.js';

export function listCategories(ctx: ServiceContext, user: UserRow, type?: CategoryType) {
  return repo.listCategories(ctx.db, user.id, type);
}

export async function createCategory(ctx: ServiceContext, user: UserRow, data: CreateCategoryData) {
  try {
    return await repo.insertCategory(ctx.db, user.id, data);
  } catch (error) {
    // The unique index decides, so two simultaneous creations make one category.
    if (isUniqueViolation(error)) {
      throw conflict('A category with this slug already exists', [{ field: 'slug', message: 'A category with this slug already exists' }]);
    }
    throw error;
  }
}

export async function deleteCategory(ctx: ServiceContext, user: UserRow, id: string) {
  const isDeleted = await repo.deleteOwnedCategory(ctx.db, user.id, id);
  if (!isDeleted) throw notFound('Category not found');
}
