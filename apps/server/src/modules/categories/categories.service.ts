import type { CategoryType, CreateCategoryData } from '@tasklane/contract';
import { conflict, notFoundOrNotYours } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Actor, ServiceContext } from '../context.js';
import type { UserRow } from '../users/users.repo.js';
import { presentCategory } from './categories.presenter.js';
import * as repo from './categories.repo.js';

export async function listCategories(ctx: ServiceContext, user: UserRow, type?: CategoryType) {
  return (await repo.listCategories(ctx.db, user.id, type)).map(presentCategory);
}

export async function createCategory(ctx: ServiceContext, user: Actor, data: CreateCategoryData) {
  try {
    return presentCategory(await repo.insertCategory(ctx.db, user, data));
  } catch (error) {
    // The unique index decides, so two simultaneous creations make one category.
    if (isUniqueViolation(error)) {
      throw conflict('A category with this slug already exists', [{ field: 'slug', message: 'A category with this slug already exists' }]);
    }
    throw error;
  }
}

export async function deleteCategory(ctx: ServiceContext, user: Actor, id: string) {
  const isDeleted = await repo.deleteOwnedCategory(ctx.db, user, id);
  if (!isDeleted) throw notFoundOrNotYours('Category');
}
