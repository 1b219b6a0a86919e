import type { Category } from '@tasklane/contract';
import type { CategoryRow } from './categories.repo.js';

export function presentCategory(row: CategoryRow): Category {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    color: row.color,
    workspaceId: row.workspaceId,
    createdAt: row.createdAt.toISOString(),
  };
}
