import type { QueryClient } from '@tanstack/react-query';
import type { Project } from '@tasklane/contract';
import { queryKeys } from '@/lib/query-keys';

/**
 * The cached answers that hold a given project: its workspace's list, the caller's own list and
 * its detail. Mutations update or invalidate exactly these.
 */
export function projectKeys(project: Pick<Project, '_id' | 'workspaceId'>) {
  return [queryKeys.workspaceProjects(project.workspaceId._id), queryKeys.myProjects(), queryKeys.project(project._id)];
}

/** Puts the server's answer for a changed project into every cached list that holds it. */
export function replaceCachedProject(queryClient: QueryClient, project: Project) {
  const replace = (projects: Project[] | undefined) => projects?.map((item) => (item._id === project._id ? project : item));
  queryClient.setQueryData<Project[]>(queryKeys.workspaceProjects(project.workspaceId._id), replace);
  queryClient.setQueryData<Project[]>(queryKeys.myProjects(), replace);
  queryClient.setQueryData<Project>(queryKeys.project(project._id), (cached) => (cached ? project : cached));
}

/** Drops a deleted project from the cached lists and forgets everything cached under it. */
export function removeCachedProject(queryClient: QueryClient, project: Pick<Project, '_id' | 'workspaceId'>) {
  const drop = (projects: Project[] | undefined) => projects?.filter((item) => item._id !== project._id);
  queryClient.setQueryData<Project[]>(queryKeys.workspaceProjects(project.workspaceId._id), drop);
  queryClient.setQueryData<Project[]>(queryKeys.myProjects(), drop);
  queryClient.removeQueries({ queryKey: queryKeys.project(project._id) });
}

/**
 * A membership changed: the member lists, counts (and perhaps the caller's role) of the project,
 * and the caller's directory (the people they share a project with).
 */
export function invalidateProjectMembers(queryClient: QueryClient, project: Pick<Project, '_id' | 'workspaceId'>) {
  return Promise.all(
    [...projectKeys(project), queryKeys.sharedUsers()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
