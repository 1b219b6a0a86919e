import type { Feature } from '@tasklane/contract';
import type { FeatureRow } from './features.repo.js';

/** A calendar day as the API shows it: that day at UTC midnight. */
export function presentDueDate(day: string | null): string | null {
  return day ? `${day}T00:00:00.000Z` : null;
}

export function presentFeature(row: FeatureRow, project: { id: string; name: string }): Feature {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    dueDate: presentDueDate(row.dueDate),
    estimatedHours: row.estimatedHours,
    actualHours: row.actualHours,
    projectId: { _id: project.id, name: project.name },
    defaultCategoryId: row.defaultCategoryId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
