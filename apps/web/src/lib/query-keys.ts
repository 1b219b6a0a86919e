/**
 * The query-key tree of the answers that more than one feature changes. A feature never imports
 * another, yet renaming a workspace changes the workspace name inside project answers, and
 * adding a task changes its project's progress: both sides build their keys here so that a
 * mutation invalidates exactly the keys it affects.
 *
 *   ['workspaces']                                     the workspaces list
 *   ['workspaces', id, 'projects']                     one workspace's projects (the workspace page)
 *   ['projects', 'mine']                               the caller's own projects (/projects)
 *   ['projects', 'detail', id]                         one project (and, under it, what belongs to it)
 *   ['projects', 'detail', id, 'members']              its members (assignee pickers)
 *   ['projects', 'detail', id, 'features', 'list', q]  a page of its features
 *   ['projects', 'detail', id, 'features', 'detail', featureId]            one feature
 *   ['projects', 'detail', id, 'features', 'detail', featureId, 'tasks', 'list', q]  a page of its tasks
 *   ['projects', 'detail', id, 'features', 'detail', featureId, 'tasks', 'detail', taskId]  one task
 *   ['projects', 'detail', id, 'features', 'detail', featureId, 'tasks', 'board']  its board (every task as a card)
 *   [...that task, 'attachments']                      its attachments and the upload limits
 *   ['attachments', 'limits']                          the upload limits alone (Create Task's file picker)
 *   ['tasks', 'assigned']                              the caller's assigned tasks (/tasks)
 *   ['comments', taskId]                               a task's comments
 *   ['categories', 'list', 'TASK']                     the caller's TASK categories (task forms)
 *   ['users', 'shared']                                the people the caller shares a workspace or project with (member pickers)
 *   ['users', 'lookup', { email } | { username }]      one user found by exact email or username
 *
 * Everything of a project sits under its key, so deleting the project forgets all of it, and a
 * membership change (which may change the caller's role) refreshes all of it. Invalidate the
 * project itself with `exact: true` when only its numbers changed.
 */
export const queryKeys = {
  workspaces: () => ['workspaces'] as const,
  /** Prefix of everything cached for one workspace. */
  workspace: (workspaceId: string) => ['workspaces', workspaceId] as const,
  workspaceProjects: (workspaceId: string) => ['workspaces', workspaceId, 'projects'] as const,
  /** Prefix of every project answer outside a workspace's list. */
  projects: () => ['projects'] as const,
  myProjects: () => ['projects', 'mine'] as const,
  project: (projectId: string) => ['projects', 'detail', projectId] as const,
  projectMembers: (projectId: string) => ['projects', 'detail', projectId, 'members'] as const,
  /** Prefix of every page of a project's features. */
  featureLists: (projectId: string) => ['projects', 'detail', projectId, 'features', 'list'] as const,
  featureList: <Q extends object>(projectId: string, query: Q) => ['projects', 'detail', projectId, 'features', 'list', query] as const,
  /** One feature, and (under it) its tasks. */
  feature: (projectId: string, featureId: string) => ['projects', 'detail', projectId, 'features', 'detail', featureId] as const,
  /** Prefix of everything cached for a feature's tasks: its lists and its tasks' details. */
  featureTasks: (projectId: string, featureId: string) =>
    ['projects', 'detail', projectId, 'features', 'detail', featureId, 'tasks'] as const,
  /** Prefix of every page of a feature's tasks (and their statistics). */
  taskLists: (projectId: string, featureId: string) =>
    ['projects', 'detail', projectId, 'features', 'detail', featureId, 'tasks', 'list'] as const,
  taskList: <Q extends object>(projectId: string, featureId: string, query: Q) =>
    ['projects', 'detail', projectId, 'features', 'detail', featureId, 'tasks', 'list', query] as const,
  task: (projectId: string, featureId: string, taskId: string) =>
    ['projects', 'detail', projectId, 'features', 'detail', featureId, 'tasks', 'detail', taskId] as const,
  /** A feature's board: every task of it as a card, in board order. */
  taskBoard: (projectId: string, featureId: string) =>
    ['projects', 'detail', projectId, 'features', 'detail', featureId, 'tasks', 'board'] as const,
  /** Under the task: deleting the task forgets them, refetching it (a 409) refetches them. */
  taskAttachments: (projectId: string, featureId: string, taskId: string) =>
    ['projects', 'detail', projectId, 'features', 'detail', featureId, 'tasks', 'detail', taskId, 'attachments'] as const,
  attachmentLimits: () => ['attachments', 'limits'] as const,
  assignedTasks: () => ['tasks', 'assigned'] as const,
  comments: (taskId: string) => ['comments', taskId] as const,
  /** Shared with the categories screen's 'Tasks' filter (the same call and answer). */
  taskCategories: () => ['categories', 'list', 'TASK'] as const,
  /** The caller's directory: changes with any membership change of theirs or their colleagues'. */
  sharedUsers: () => ['users', 'shared'] as const,
  userLookup: (lookup: { email: string } | { username: string }) => ['users', 'lookup', lookup] as const,
  /** Prefix of the todos feature's keys (its lists). */
  todos: () => ['todos'] as const,
  /** Prefix of every category list (the categories screen, the todo and task forms). */
  categories: () => ['categories'] as const,
};
