import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@tasklane/contract';
import { queryKeys } from './query-keys';

/** One cached answer (or prefix of answers) an event makes stale. */
export type Stale = { queryKey: QueryKey; exact?: boolean } | { taskId: string; projectId: string };

/**
 * The cached answers a change touches, and nothing more (the key tree is in query-keys.ts).
 * `currentUserId` decides what a membership change of one's own touches.
 */
export function staleAnswersFor(event: LiveEvent, currentUserId: string | undefined): Stale[] {
  const projectId = event.projectId ?? '';
  const featureId = event.featureId ?? '';
  const workspaceId = event.workspaceId ?? '';
  // A task's numbers (statistics, progress) on the project view and on /projects.
  const projectNumbers: Stale[] = [{ queryKey: queryKeys.project(projectId), exact: true }, { queryKey: queryKeys.myProjects() }];
  const projectAnswers: Stale[] = [
    { queryKey: queryKeys.project(projectId) },
    { queryKey: queryKeys.workspaceProjects(workspaceId) },
    { queryKey: queryKeys.myProjects() },
  ];
  const taskLists: Stale[] = [
    { queryKey: queryKeys.taskLists(projectId, featureId) },
    { queryKey: queryKeys.taskBoard(projectId, featureId) },
  ];
  switch (event.type) {
    case 'todo.created':
    case 'todo.updated':
    case 'todo.deleted':
      return [{ queryKey: queryKeys.todos() }];
    case 'category.created':
    case 'category.deleted':
      // Todos show their category's name and colour.
      return [{ queryKey: queryKeys.categories() }, { queryKey: queryKeys.todos() }];
    case 'workspace.created':
      return [{ queryKey: queryKeys.workspaces() }];
    case 'workspace.updated':
    case 'workspace.deleted':
      // Project answers carry their workspace's name; a deleted one takes its projects along.
      return [
        { queryKey: queryKeys.workspaces() },
        { queryKey: queryKeys.workspace(workspaceId) },
        { queryKey: queryKeys.projects() },
        ...(event.type === 'workspace.deleted' ? [{ queryKey: queryKeys.assignedTasks() }] : []),
      ];
    case 'project.created':
      return [{ queryKey: queryKeys.workspaceProjects(workspaceId) }, { queryKey: queryKeys.myProjects() }];
    case 'project.updated':
    case 'project.deleted':
      // Its name is in every feature and task answer under it, and on /tasks.
      return [...projectAnswers, { queryKey: queryKeys.assignedTasks() }];
    case 'member.added':
    case 'member.updated':
    case 'member.removed': {
      // Members, the people the caller shares projects with, and (when it is the caller's own)
      // the role behind every ability under the project.
      const mine = event.userId !== null && event.userId === currentUserId;
      return [
        ...projectAnswers,
        { queryKey: queryKeys.sharedUsers() },
        ...(mine ? [{ queryKey: queryKeys.workspaces() }, { queryKey: queryKeys.assignedTasks() }] : []),
      ];
    }
    case 'feature.created':
      return [{ queryKey: queryKeys.featureLists(projectId) }];
    case 'feature.updated':
      // Its title is in its tasks' answers (lists and details, not the board's cards) and on /tasks.
      return [
        { queryKey: queryKeys.featureLists(projectId) },
        { queryKey: queryKeys.feature(projectId, featureId), exact: true },
        { queryKey: queryKeys.taskLists(projectId, featureId) },
        { queryKey: [...queryKeys.feature(projectId, featureId), 'tasks', 'detail'] },
        { queryKey: queryKeys.assignedTasks() },
      ];
    case 'feature.deleted':
      return [
        { queryKey: queryKeys.featureLists(projectId) },
        { queryKey: queryKeys.feature(projectId, featureId) },
        ...projectNumbers,
        { queryKey: queryKeys.assignedTasks() },
      ];
    case 'task.created':
      return [...taskLists, ...projectNumbers, { queryKey: queryKeys.assignedTasks() }];
    case 'task.updated':
    case 'task.moved':
    case 'task.deleted':
      return [
        ...taskLists,
        { taskId: event.taskId ?? event.entityId, projectId },
        ...projectNumbers,
        { queryKey: queryKeys.assignedTasks() },
        ...(event.type === 'task.deleted' ? [{ queryKey: queryKeys.comments(event.entityId) }] : []),
      ];
    case 'comment.created':
      return [{ queryKey: queryKeys.comments(event.taskId ?? '') }];
    case 'attachment.added':
    case 'attachment.removed':
      // The task's answers hold its attachments (under its key) and their history entries.
      return [{ taskId: event.taskId ?? '', projectId }, ...taskLists];
  }
}

/**
 * A task's own answer, whichever feature's route it was opened under (its key names the
 * feature of the route: a task moved to another feature is still cached under the old one).
 */
const isTaskDetail = (key: QueryKey, projectId: string, taskId: string) =>
  key[0] === 'projects' && key[1] === 'detail' && key[2] === projectId && key[6] === 'tasks' && key[7] === 'detail' && key[8] === taskId;

/** Marks what the events touch as stale (refetching what is on screen), each answer once. */
export function applyLiveEvents(queryClient: QueryClient, events: LiveEvent[], currentUserId: string | undefined) {
  const seen = new Set<string>();
  const refreshes: Array<Promise<unknown>> = [];
  for (const event of events) {
    for (const stale of staleAnswersFor(event, currentUserId)) {
      const id = JSON.stringify(stale);
      if (seen.has(id)) continue;
      seen.add(id);
      if ('taskId' in stale) {
        refreshes.push(queryClient.invalidateQueries({ predicate: (query) => isTaskDetail(query.queryKey, stale.projectId, stale.taskId) }));
      } else {
        refreshes.push(queryClient.invalidateQueries({ queryKey: stale.queryKey, exact: stale.exact }));
      }
    }
  }
  return Promise.all(refreshes);
}
