import type { SearchResult } from '@tasklane/contract';
import type { SearchRow } from './search.repo.js';
import { pickField, snippetOf } from './search.snippet.js';

const segment = (id: string) => encodeURIComponent(id);

/**
 * The web app's page that shows the row (apps/web/src/config/paths.ts): a task's detail page (a
 * comment's: its task's), a feature's task list, a project's page, a workspace's projects, and
 * the todos dashboard opening the todo (it has no page of its own: `?todo=` opens its dialog).
 */
export function searchUrl(row: SearchRow): string {
  const project = `/dashboard/projects/${segment(row.projectId ?? '')}`;
  switch (row.type) {
    case 'task':
      return `${project}/features/${segment(row.featureId ?? '')}/task/${segment(row.id)}`;
    case 'comment':
      return `${project}/features/${segment(row.featureId ?? '')}/task/${segment(row.taskId ?? '')}`;
    case 'feature':
      return `${project}/features/${segment(row.id)}/task`;
    case 'project':
      return `/dashboard/projects/${segment(row.id)}`;
    case 'workspace':
      return `/dashboard/${segment(row.id)}`;
    case 'todo':
      return `/?todo=${segment(row.id)}`;
  }
}

export function presentSearchResult(row: SearchRow, terms: readonly string[]): SearchResult {
  // A comment's snippet is the comment; anything else shows the field its terms matched best.
  const field = row.type === 'comment' ? row.body : pickField([row.title, row.tags, row.body], terms);
  return {
    type: row.type,
    _id: row.id,
    title: row.title,
    snippet: snippetOf(field, terms),
    url: searchUrl(row),
    ...(row.projectId && row.projectName !== null && row.type !== 'project' ? { project: { _id: row.projectId, name: row.projectName } } : {}),
    ...(row.featureId && row.featureTitle !== null && row.type !== 'feature' ? { feature: { _id: row.featureId, title: row.featureTitle } } : {}),
  };
}
