import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type UpdateProjectBody } from '@tasklane/contract';
import { callApi, isApiError } from '@/lib/api-client';
import { replaceCachedProject, projectChange, projectKeys } from './project-cache';
import { markStale } from '@/lib/stale-queries';

export interface UpdateProjectInput {
  projectId: string;
  workspaceId: string;
  body: UpdateProjectBody;
}

export async function updateProject({ projectId, workspaceId, body }: UpdateProjectInput) {
  const response = await callApi(operations.projects.update, { params: { projectId }, query: { workspaceId }, body });
  return response.data;
}

/**
 * A saved project replaces its cached copies. A 409 (changed by someone else) or 404 refetches
 * the answers that hold it, so an open edit form receives the latest version.
 */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess(project) {
      replaceCachedProject(queryClient, project);
      // Its name is also in what sits under it, in its tasks and on /tasks.
      return markStale(queryClient, [projectChange('project.updated', project)], { fresh: projectKeys(project) });
    },
    onError(error, { projectId, workspaceId }) {
      if (!isApiError(error) || (error.status !== 409 && error.status !== 404)) return;
      for (const queryKey of projectKeys({ _id: projectId, workspaceId: { _id: workspaceId } })) {
        void queryClient.invalidateQueries({ queryKey, exact: true });
      }
    },
  });
}
