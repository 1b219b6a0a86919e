import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type Project } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { removeCachedProject, projectChange, projectKeys } from './project-cache';
import { markStale } from '@/lib/stale-queries';

export function deleteProject(project: Pick<Project, '_id' | 'workspaceId'>) {
  return callApi(operations.projects.delete, { params: { projectId: project._id } });
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
