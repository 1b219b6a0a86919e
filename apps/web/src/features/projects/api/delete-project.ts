import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type Project } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';
import { projectChange, projectKeys, removeCachedProject } from './project-cache';

export function deleteProject(project: Pick<Project, '_id' | 'workspaceId'>) {
  return api.delete(`/api/v1/projects/${encodeURIComponent(project._id)}`, messageResponseSchema);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess(_response, project) {
      removeCachedProject(queryClient, project);
      return markStale(queryClient, [projectChange('project.deleted', project)], { fresh: projectKeys(project) });
    },
  });
}
