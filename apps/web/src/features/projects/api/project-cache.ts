import type { QueryClient } from '@tanstack/react-query';
import type { Project } from '@tasklane/contract';
import { queryKeys } from '@/lib/query-keys';
import type { Change } from '@/lib/stale-queries';

type ProjectRef = { _id: string; workspaceId: { _id: string } };

/** The cached answers that hold a given project: its workspace's list, the caller's own list and its detail. */
export function projectKeys(project: ProjectRef) {
  return [queryKeys.workspaceProjects(project.workspaceId._id), queryKeys.myProjects(), queryKeys.project(project._id)];
}

/** The change a mutation of a project made (what stale-queries.ts maps to the answers it touches). */
export function projectChange(type: Extract<Change['type'], `project.${string}`>, project: ProjectRef): Change {
  return { type, entityId: project._id, projectId: project._id, workspaceId: project.workspaceId._id };
}

/** The change a mutation of a project's membership made; `userId` is the member's. */
export function memberChange(type: Extract<Change['type'], `member.${string}`>, project: ProjectRef, userId: string): Change {
  return { ...projectChange('project.updated', project), type, entityId: userId, userId };
}

/** Puts the server's answer for a changed project into every cached list that holds it. */
export function replaceCachedProject(queryClient: QueryClient, project: Project) {
  const replace = (projects: Project[] | undefined) => projects?.map((item) => (item._id === project._id ? project : item));
  queryClient.setQueryData<Project[]>(queryKeys.workspaceProjects(project.workspaceId._id), replace);
  queryClient.setQueryData<Project[]>(queryKeys.myProjects(), replace);
  queryClient.setQueryData<Project>(queryKeys.project(project._id), (cached) => (cached ? project : cached));
}

/** Drops a deleted project from the cached lists and forgets everything cached under it. */
export function removeCachedProject(queryClient: QueryClient, project: ProjectRef) {
  const drop = (projects: Project[] | undefined) => projects?.filter((item) => item._id !== project._id);
  queryClient.setQueryData<Project[]>(queryKeys.workspaceProjects(project.workspaceId._id), drop);
  queryClient.setQueryData<Project[]>(queryKeys.myProjects(), drop);
  queryClient.removeQueries({ queryKey: queryKeys.project(project._id) });
}
