import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectResponseSchema, type UpdateProjectBody } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { replaceCachedProject } from './project-cache';

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

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (project) => replaceCachedProject(queryClient, project),
  });
}
