import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type CreateProjectBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';
import { projectChange } from './project-cache';

export async function createProject(body: CreateProjectBody) {
  const response = await callApi(operations.projects.create, { body });
  return response.data;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    // The new project joins its workspace's list and, as its ADMIN, the caller's own projects.
    onSuccess: (project) => markStale(queryClient, [projectChange('project.created', project)]),
  });
}
