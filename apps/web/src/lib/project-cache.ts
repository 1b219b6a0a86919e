import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * A project's task numbers changed (a task created, deleted, completed or reopened; a feature
 * and its tasks deleted): its statistics and progress, on the project view and on /projects.
 * Only the project's own answer, not everything cached under its key.
 */
export function refreshProjectNumbers(queryClient: QueryClient, projectId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId), exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.myProjects() }),
  ]);
}
