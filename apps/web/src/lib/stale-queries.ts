import { hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEvent, User } from '@tasklane/contract';
import { queryKeys } from './query-keys';

/**
 * A change: a live event as the server streams it (someone else's change), or the same shape
 * built by this tab's own mutation. Only what names the change matters here.
 */
export type Change = { type: LiveEvent['type'] | AccountChangeType } & Pick<LiveEvent, 'entityId'> &
  Partial<Pick<LiveEvent, 'projectId' | 'workspaceId' | 'featureId' | 'taskId' | 'userId'>>;

/**
 * Changes of the signed-in account itself (issue 16: its two-factor sign-in): only this tab's
 * own mutations make them (no live event names an account), and they touch GET /users/me.
 */
export type AccountChangeType = 'account.updated';

/**
 * One cached answer (or prefix of answers) a change makes stale; `tasksOf`: the details of the
 * cached tasks that belong to a project or feature (they carry its name and the caller's role,
 * but are keyed by task id alone), and everything under them.
 */
export type Stale =
  | { queryKey: QueryKey; exact?: boolean }
  | { tasksOf: { projectId: string } | { featureId: string } }
  /** Issue 19: the cached tasks related to this one (their relations list it, or it blocks them): they show its status. */
  | { relatedTo: string };

/** The change a mutation of a task (or of something of it) made. */
export function taskChange(
  type: Extract<Change['type'], `task.${string}` | `attachment.${string}`>,
  task: { _id: string; projectId: { _id: string }; featureId: { _id: string } },
): Change {
  return { type, entityId: task._id, taskId: task._id, projectId: task.projectId._id, featureId: task.featureId._id };
}

/** The change a mutation of a feature made. */
export function featureChange(type: Extract<Change['type'], `feature.${string}`>, feature: { _id: string; projectId: { _id: string } }): Change {
  return { type, entityId: feature._id, featureId: feature._id, projectId: feature.projectId._id };
}

/**
 * What a change makes stale, and nothing more: the one map both this tab's mutations and live
 * events go through, so the two cannot disagree. `currentUserId` decides what a membership
 * change of one's own touches.
 */
export function staleQueriesFor(change: Change, currentUserId: string | undefined): Stale[] {
  const stale = staleAnswersOf(change, currentUserId);
  // The calendar (issue 19) shows assigned tasks, a project's tasks and todos: whatever makes
  // those stale makes it stale too.
  const withCalendar = stale.some(showsOnCalendar) ? [...stale, { queryKey: queryKeys.calendars() }] : stale;
  return touchesToday(change, currentUserId) ? [...withCalendar, { queryKey: queryKeys.today() }] : withCalendar;
}

const calendarSources = [queryKeys.assignedTasks(), queryKeys.todos()];
const showsOnCalendar = (stale: Stale) =>
  'tasksOf' in stale ||
  ('queryKey' in stale && calendarSources.some((prefix) => prefix.every((part, index) => stale.queryKey[index] === part)));

/**
 * The changes that may change My day (decision 037): the caller's todos, the tasks that may be
 * assigned to them, the projects they sit in (whose names show, or whose loss takes them away),
 * the caller's own memberships (below), and a deleted category (todos show theirs).
 */
const todayChanges = new Set<Change['type']>([
  'todo.created',
  'todo.updated',
  'todo.deleted',
  'task.created',
  'task.updated',
  'task.moved',
  'task.deleted',
  'project.updated',
  'project.deleted',
  'feature.deleted',
  'workspace.deleted',
  'category.deleted',
]);

function touchesToday(change: Change, currentUserId: string | undefined): boolean {
  if (change.type.startsWith('member.')) return !!change.userId && change.userId === currentUserId;
  return todayChanges.has(change.type);
}

function staleAnswersOf(change: Change, currentUserId: string | undefined): Stale[] {
  const projectId = change.projectId ?? '';
  const featureId = change.featureId ?? '';
  const workspaceId = change.workspaceId ?? '';
  const taskId = change.taskId ?? change.entityId;
  // A task's numbers (statistics, progress) on the project view and on /projects: the project's
  // own answer, not everything under its key.
  const projectNumbers: Stale[] = [{ queryKey: queryKeys.project(projectId), exact: true }, { queryKey: queryKeys.myProjects() }];
  // The project's name and the caller's role are in every answer under it and in its tasks.
  const projectAnswers: Stale[] = [
    { queryKey: queryKeys.project(projectId) },
    { queryKey: queryKeys.workspaceProjects(workspaceId) },
    { queryKey: queryKeys.myProjects() },
    { tasksOf: { projectId } },
  ];
  const featureTasks: Stale[] = [
    { queryKey: queryKeys.taskLists(projectId, featureId) },
    { queryKey: queryKeys.taskBoards(projectId, featureId) },
  ];
  const assigned: Stale = { queryKey: queryKeys.assignedTasks() };
  // The feature's tasks held in detail: a subtask's change is its parent's progress (decision 033).
  const subtaskParents: Stale = { tasksOf: { featureId } };
  switch (change.type) {
    case 'account.updated':
      return [{ queryKey: queryKeys.me() }];
    case 'todo.created':
    case 'todo.updated':
    case 'todo.deleted':
      return [{ queryKey: queryKeys.todos() }];
    case 'category.created':
      return [{ queryKey: queryKeys.categories() }];
    case 'category.deleted':
      // Todos show their category's name and colour.
      return [{ queryKey: queryKeys.categories() }, { queryKey: queryKeys.todos() }];
    case 'workspace.created':
      // A new workspace has no projects yet.
      return [{ queryKey: queryKeys.workspaces(), exact: true }];
    case 'workspace.updated':
      // Project answers carry their workspace's name.
      return [{ queryKey: queryKeys.workspaces(), exact: true }, { queryKey: queryKeys.workspace(workspaceId) }, { queryKey: queryKeys.projects() }];
    case 'workspace.deleted':
      // Its projects, their tasks (some perhaps the caller's) go with it.
      return [
        { queryKey: queryKeys.workspaces(), exact: true },
        { queryKey: queryKeys.workspace(workspaceId) },
        { queryKey: queryKeys.projects() },
        { queryKey: queryKeys.taskDetails() },
        assigned,
      ];
    case 'project.created':
      return [{ queryKey: queryKeys.workspaceProjects(workspaceId) }, { queryKey: queryKeys.myProjects() }];
    case 'project.updated':
    case 'project.deleted':
      // Its name is in every feature and task answer under it, and on /tasks.
      return [...projectAnswers, assigned];
    case 'member.added':
    case 'member.updated':
    case 'member.removed': {
      // Members, counts, the people the caller shares projects with, and (when it is the
      // caller's own) the role behind every ability under the project, their workspaces and /tasks.
      const isMine = !!change.userId && change.userId === currentUserId;
      return [
        ...projectAnswers,
        { queryKey: queryKeys.sharedUsers() },
        ...(isMine ? [{ queryKey: queryKeys.workspaces() }, assigned] : []),
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
        { tasksOf: { featureId } },
        assigned,
      ];
    case 'feature.deleted':
      // Its tasks go with it.
      return [
        { queryKey: queryKeys.featureLists(projectId) },
        { queryKey: queryKeys.feature(projectId, featureId) },
        { tasksOf: { featureId } },
        ...projectNumbers,
        assigned,
      ];
    case 'task.created':
      // A subtask's parent (decision 033) is a task of the same feature: its progress, history and subtasks.
      return [...featureTasks, subtaskParents, ...projectNumbers, assigned];
    case 'task.updated':
    case 'task.moved':
    case 'task.deleted':
      return [
        ...featureTasks,
        { queryKey: queryKeys.task(taskId) },
        subtaskParents,
        ...projectNumbers,
        assigned,
        ...(change.type === 'task.deleted' ? [{ queryKey: queryKeys.comments(taskId) }] : []),
        { relatedTo: taskId },
      ];
    case 'relation.added':
    case 'relation.removed':
      // One event per task of the relation: its relations and history (under its key), and its
      // "Blocked by" badge on lists, boards and /tasks.
      return [{ queryKey: queryKeys.task(taskId) }, ...featureTasks, assigned];
    case 'comment.created':
      // Commenting makes the commenter watch the task (unless they chose not to).
      return [{ queryKey: queryKeys.comments(taskId) }, { queryKey: queryKeys.taskWatch(taskId), exact: true }];
    case 'comment.updated':
    case 'comment.deleted':
      return [{ queryKey: queryKeys.comments(taskId) }];
    case 'notification.created':
    case 'notification.read':
      // Only the recipient hears them: the bell's count, its panel and /inbox.
      return [{ queryKey: queryKeys.notifications() }];
    case 'attachment.added':
    case 'attachment.removed':
      // The task holds its attachments (and under its key, their list) and their history
      // entries; lists, cards and /tasks their count.
      return [{ queryKey: queryKeys.task(taskId) }, ...featureTasks, assigned];
  }
}

type TaskOwners = { projectId?: { _id: string }; featureId?: { _id: string } } | null | undefined;

/** The cached task a key under ['tasks', 'detail', taskId] belongs to. */
const cachedTask = (queryClient: QueryClient, key: QueryKey) =>
  typeof key[2] === 'string' ? queryClient.getQueryData<TaskOwners>(queryKeys.task(key[2])) : undefined;

/**
 * A task edit moving the task to another feature names the new one; the feature it left (as
 * this tab last saw it) has lost it: its lists and board are stale too.
 */
function withFormerFeature(queryClient: QueryClient, change: Change): Change[] {
  if (change.type !== 'task.updated' && change.type !== 'task.moved') return [change];
  const former = queryClient.getQueryData<TaskOwners>(queryKeys.task(change.taskId ?? change.entityId))?.featureId?._id;
  return former && change.featureId && former !== change.featureId ? [change, { ...change, featureId: former }] : [change];
}

const isUnder = (key: QueryKey, prefix: QueryKey) => prefix.every((part, index) => key[index] === part);

export interface MarkStaleOptions {
  /** Whose own membership changes matter; by default the signed-in user in the cache. */
  currentUserId?: string;
  /** Answers this tab has just put in the cache from the server's reply: left as they are. */
  fresh?: readonly QueryKey[];
  /** Answers under this key are marked stale without a refetch: the screen showing them is being left (a refetch would 404). */
  leaving?: QueryKey;
}

/**
 * Marks what the changes make stale (refetching what is on screen), each answer once: the one
 * way this tab's mutations and live events refresh the cache. Optimistic updates and answers
 * put in place from the server's reply happen before, in the mutations themselves.
 */
export function markStale(queryClient: QueryClient, changes: readonly Change[], options: MarkStaleOptions = {}) {
  const currentUserId = options.currentUserId ?? queryClient.getQueryData<User | null>(queryKeys.me())?._id;
  const fresh = new Set((options.fresh ?? []).map((key) => hashKey(key)));
  const { leaving } = options;
  const seen = new Set<string>();
  const refreshes: Array<Promise<unknown>> = [];
  for (const change of changes.flatMap((item) => withFormerFeature(queryClient, item))) {
    for (const stale of staleQueriesFor(change, currentUserId)) {
      const id = JSON.stringify(stale);
      if (seen.has(id)) continue;
      seen.add(id);
      const filters = toFilters(queryClient, stale);
      const matches = (query: Query) => !fresh.has(query.queryHash) && (filters.predicate?.(query) ?? true);
      if (!leaving) {
        refreshes.push(queryClient.invalidateQueries({ ...filters, predicate: matches }));
        continue;
      }
      refreshes.push(
        queryClient.invalidateQueries({ ...filters, predicate: (query) => matches(query) && !isUnder(query.queryKey, leaving) }),
        queryClient.invalidateQueries({ ...filters, refetchType: 'none', predicate: (query) => matches(query) && isUnder(query.queryKey, leaving) }),
      );
    }
  }
  return Promise.all(refreshes);
}

/** Whether the cached task under `key` is related to `taskId`: its relations list it, or it is one of its blockers. */
function isRelatedTo(queryClient: QueryClient, key: QueryKey, taskId: string) {
  if (typeof key[2] !== 'string' || key[2] === taskId) return false;
  const relations = queryClient.getQueryData<Array<{ task: { _id: string } }>>(queryKeys.taskRelations(key[2]));
  const blockers = queryClient.getQueryData<{ blockedBy?: Array<{ _id: string }> }>(queryKeys.task(key[2]))?.blockedBy;
  return (relations?.some((relation) => relation.task._id === taskId) ?? false) || (blockers?.some((blocker) => blocker._id === taskId) ?? false);
}

function toFilters(queryClient: QueryClient, stale: Stale): { queryKey: QueryKey; exact?: boolean; predicate?: (query: Query) => boolean } {
  if ('queryKey' in stale) return stale;
  if ('relatedTo' in stale) return { queryKey: queryKeys.taskDetails(), predicate: (query) => isRelatedTo(queryClient, query.queryKey, stale.relatedTo) };
  const { tasksOf } = stale;
  const belongs = (task: TaskOwners) =>
    'projectId' in tasksOf ? task?.projectId?._id === tasksOf.projectId : task?.featureId?._id === tasksOf.featureId;
  return { queryKey: queryKeys.taskDetails(), predicate: (query) => belongs(cachedTask(queryClient, query.queryKey)) };
}
