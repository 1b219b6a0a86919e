import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectResponseSchema, type UpdateProjectBody } from '@tasklane/contract';
import { api, isApiError } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';
import { projectChange, projectKeys, replaceCachedProject } from './project-cache';

export interface UpdateProjectInput {
  projectId: string;
  workspaceId: string;
  body: UpdateProjectBody;
}

export async function updateProject({ projectId, workspaceId, body }: UpdateProjectInput) {
  const query = new URLSearchParams({ workspaceId });
  const response = await api.put(`/api/v1/projects/${encodeURIComponent(projectId)}?${query}`, body, projectResponseSchema);
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
