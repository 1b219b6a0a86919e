import { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@tasklane/contract';
import { queryKeys } from '../query-keys';

/** The ids the cache below and `liveEvent` share: project P in workspace W, feature F, task T. */
export const ids = { P: 'project-1', W: 'workspace-1', F: 'feature-1', T: 'task-1' } as const;
const { P, W, F, T } = ids;

/** An event as the server streams it (about task T unless `extra` says otherwise). */
export function liveEvent(type: LiveEvent['type'], extra: Partial<LiveEvent> = {}): LiveEvent {
  return {
    id: '7',
    type,
    entityId: T,
    projectId: P,
    workspaceId: W,
    featureId: F,
    taskId: T,
    userId: null,
    version: 2,
    actorId: 'someone',
    origin: null,
    at: '2026-11-23T06:00:00.000Z',
    ...extra,
  };
}

const taskIn = (projectId: string, featureId: string) => ({ projectId: { _id: projectId }, featureId: { _id: featureId } });

/**
 * A cache holding one answer under each key the screens use (and a few of other projects,
 * features and tasks), every one fresh; `stale()` names those marked stale since.
 */
export function filledCache() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const answers: Record<string, [key: readonly unknown[], data: unknown]> = {
    me: [queryKeys.me(), { _id: 'me' }],
    todos: [queryKeys.todoList({}), []],
    todoPages: [queryKeys.todoPages({ status: 'PENDING' }), { pages: [], pageParams: [] }],
    todoCategories: [queryKeys.todoCategories(), []],
    categories: [queryKeys.taskCategories(), []],
    workspaces: [queryKeys.workspaces(), []],
    workspaceProjects: [queryKeys.workspaceProjects(W), []],
    otherWorkspaceProjects: [queryKeys.workspaceProjects('workspace-2'), []],
    project: [queryKeys.project(P), {}],
    members: [queryKeys.projectMembers(P), []],
    otherProject: [queryKeys.project('project-2'), {}],
    features: [queryKeys.featureList(P, {}), {}],
    feature: [queryKeys.feature(P, F), {}],
    tasks: [queryKeys.taskList(P, F, { page: '1' }), {}],
    otherFeatureTasks: [queryKeys.taskList(P, 'feature-2', { page: '1' }), {}],
    board: [queryKeys.taskBoard(P, F), {}],
    task: [queryKeys.task(T), taskIn(P, F)],
    attachments: [queryKeys.taskAttachments(T), {}],
    otherTask: [queryKeys.task('task-2'), taskIn(P, F)],
    otherFeatureTask: [queryKeys.task('task-3'), taskIn(P, 'feature-2')],
    otherProjectTask: [queryKeys.task('task-4'), taskIn('project-2', 'feature-9')],
    limits: [queryKeys.attachmentLimits(), {}],
    comments: [queryKeys.comments(T), {}],
    otherComments: [queryKeys.comments('task-2'), {}],
    assigned: [queryKeys.assignedTaskPage({ page: '1', limit: '30' }), {}],
    myProjects: [queryKeys.myProjects(), []],
    users: [queryKeys.sharedUsers(), []],
    lookup: [queryKeys.userLookup({ email: 'someone@example.com' }), {}],
    today: [queryKeys.today(), {}],
  };
  for (const [key, data] of Object.values(answers)) client.setQueryData(key, data);
  const stale = () =>
    Object.entries(answers)
      .filter(([, [key]]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, stale };
}
