/**
 * The app's one query-key tree: every cached answer's key is built here, by every feature (a
 * feature never imports another, yet renaming a workspace changes the workspace name inside
 * project answers, and adding a task changes its project's progress). What a change makes stale
 * is decided in stale-queries.ts, over these keys.
 *
 *   ['session', 'me']                                  the signed-in user (kept across sign-out resets)
 *   ['auth', 'options']                                what the sign-in screens offer (password reset by email or not)
 *   ['workspaces']                                     the workspaces list
 *   ['workspaces', id, 'projects']                     one workspace's projects (the workspace page)
 *   ['projects', 'mine']                               the caller's own projects (/projects)
 *   ['projects', 'detail', id]                         one project (and, under it, what belongs to it)
 *   ['projects', 'detail', id, 'members']              its members (assignee pickers)
 *   ['projects', 'detail', id, 'webhooks']             its webhooks (project ADMINs; issue 20)
 *   ['projects', 'detail', id, 'webhooks', webhookId, 'deliveries']  a webhook's newest deliveries
 *   ['projects', 'detail', id, 'features', 'list', q]  a page of its features
 *   ['projects', 'detail', id, 'features', 'detail', featureId]            one feature
 *   ['projects', 'detail', id, 'features', 'detail', featureId, 'tasks', 'list', q]  a page of its tasks
 *   ['projects', 'detail', id, 'features', 'detail', featureId, 'tasks', 'board', q]  its board (every task, or those the search q matches, as cards)
 *   ['tasks', 'detail', taskId]                        one task with its history, whichever route shows it
 *   ['tasks', 'key', key]                              the task a key (WEB-42) names, as /t/{key} resolves it
 *   ['tasks', 'detail', taskId, 'attachments']         its attachments and the upload limits
 *   ['tasks', 'assigned', 'page', q]                   a page of the caller's assigned tasks (/tasks; `q` is what is sent)
 *   ['tasks', 'assigned', 'count']                     how many tasks are assigned to the caller in all
 *   ['attachments', 'limits']                          the upload limits alone (Create Task's file picker)
 *   ['comments', taskId]                               a task's comments
 *   ['todos', 'list', q]                               every todo of a filter (the simple list; `q` is what is sent)
 *   ['todos', 'pages', q]                              the dashboard's pages of todos for the filters `q` (an infinite query)
 *   ['todos', 'detail', todoId]                        one todo, read when a link opens it (`/?todo=`: a search result, a reminder)
 *   ['categories', 'list', 'all' | type]               categories (the todo and task forms read 'TODO' and 'TASK')
 *   ['categories', 'default-todo']                     the caller's default todo category (quick add, Settings)
 *   ['users', 'shared']                                the people the caller shares a workspace or project with (member pickers)
 *   ['users', 'lookup', { email } | { username }]      one user found by exact email or username
 *   ['admin', 'users', q]                              a page of the instance's accounts (the admin screen; `q` is what is sent)
 *   ['admin', 'settings']                              who may register
 *   ['admin', 'invites']                               the invites
 *   ['admin', 'instance']                              the instance's facts
 *   ['notifications', 'list', q]                       a page of the caller's notifications (the bell's panel, /inbox)
 *   ['notifications', 'unread-count']                  how many are unread (the bell)
 *   ['tasks', 'detail', taskId, 'watch']               whether the caller watches the task
 *   ['tasks', 'detail', taskId, 'relations']           its relations to other tasks (issue 19)
 *   ['registration', invite]                           who may register, for the register page (and what its invite is worth)
 *   ['unsubscribe', token]                             what an email's unsubscribe link turns off (the /unsubscribe page)
 *   ['search', q]                                      what GET /search finds for `q` (the command palette; short-lived, never marked stale)
 *   ['calendar', q]                                    the calendar's range `q` (GET /calendar: from, to, projectId, kinds, today)
 *   ['calendar-feed']                                  the caller's private calendar feed URL (Settings)
 *   ['today']                                          My day: the caller's todos and assigned tasks for today (the dashboard's Today view, the navigation's count)
 *   ['search', q, 'task']                              the tasks GET /search?types=task finds for `q` (a relation's task picker; the same)
 *   ['imports', importId]                              an import job (GET /imports/{id}): its progress bar polls it
 *
 * Lists of a project sit under its key, so deleting the project forgets them, and a membership
 * change (which may change the caller's role) refreshes them. A task's detail is keyed by its id
 * alone: the same answer whichever feature's route opened it, and a mutation needs only the task.
 */
export const queryKeys = {
  /** Every key but this one is dropped or refetched when the session changes. */
  me: () => ['session', 'me'] as const,
  authOptions: () => ['auth', 'options'] as const,
  workspaces: () => ['workspaces'] as const,
  /** Prefix of everything cached for one workspace. */
  workspace: (workspaceId: string) => ['workspaces', workspaceId] as const,
  workspaceProjects: (workspaceId: string) => ['workspaces', workspaceId, 'projects'] as const,
  /** Prefix of every project answer outside a workspace's list. */
  projects: () => ['projects'] as const,
  myProjects: () => ['projects', 'mine'] as const,
  project: (projectId: string) => ['projects', 'detail', projectId] as const,
  projectMembers: (projectId: string) => ['projects', 'detail', projectId, 'members'] as const,
  /** A project's webhooks (issue 20), and under them each one's deliveries. */
  webhooks: (projectId: string) => ['projects', 'detail', projectId, 'webhooks'] as const,
  webhookDeliveries: (projectId: string, webhookId: string) => ['projects', 'detail', projectId, 'webhooks', webhookId, 'deliveries'] as const,
  /** Prefix of every page of a project's features. */
  featureLists: (projectId: string) => ['projects', 'detail', projectId, 'features', 'list'] as const,
  featureList: <Q extends object>(projectId: string, query: Q) => ['projects', 'detail', projectId, 'features', 'list', query] as const,
  /** One feature, and (under it) its task lists and board. */
  feature: (projectId: string, featureId: string) => ['projects', 'detail', projectId, 'features', 'detail', featureId] as const,
  /** Prefix of every page of a feature's tasks (and their statistics). */
  taskLists: (projectId: string, featureId: string) =>
    ['projects', 'detail', projectId, 'features', 'detail', featureId, 'tasks', 'list'] as const,
  taskList: <Q extends object>(projectId: string, featureId: string, query: Q) =>
    ['projects', 'detail', projectId, 'features', 'detail', featureId, 'tasks', 'list', query] as const,
  /** Prefix of a feature's boards (one per search and priority). */
  taskBoards: (projectId: string, featureId: string) =>
    ['projects', 'detail', projectId, 'features', 'detail', featureId, 'tasks', 'board'] as const,
  /** A feature's board: its columns' loaded cards (or those the search and priority match), in board order, and their counts. */
  taskBoard: (projectId: string, featureId: string, query: { search?: string; priority?: string; hideSubtasks?: boolean } = {}) =>
    ['projects', 'detail', projectId, 'features', 'detail', featureId, 'tasks', 'board', query] as const,
  /** Prefix of every task's detail (and what is under it). */
  taskDetails: () => ['tasks', 'detail'] as const,
  task: (taskId: string) => ['tasks', 'detail', taskId] as const,
  /** The task a key names: not under its detail, since a key may name another task once its project's key changes. */
  taskByKey: (key: string) => ['tasks', 'key', key.toUpperCase()] as const,
  /** Under the task: deleting the task forgets them, refreshing it (an edit, a 409) refreshes them. */
  taskAttachments: (taskId: string) => ['tasks', 'detail', taskId, 'attachments'] as const,
  attachmentLimits: () => ['attachments', 'limits'] as const,
  /** Prefix of everything about the caller's assigned tasks (/tasks). */
  assignedTasks: () => ['tasks', 'assigned'] as const,
  assignedTaskPage: <Q extends object>(query: Q) => ['tasks', 'assigned', 'page', query] as const,
  assignedTaskCount: () => ['tasks', 'assigned', 'count'] as const,
  comments: (taskId: string) => ['comments', taskId] as const,
  /** Prefix of every list of todos. */
  todos: () => ['todos'] as const,
  todoLists: () => ['todos', 'list'] as const,
  /** Every todo of the filters `query` (the simple list sends none: `{}`); the answer is a Todo[]. */
  todoList: <Q extends object>(query: Q) => ['todos', 'list', query] as const,
  /** One todo (`GET /todos/{id}`), read when a link opens it (`/?todo=`); under `todos`, so every todo change refreshes it. */
  todoDetail: (todoId: string) => ['todos', 'detail', todoId] as const,
  /** Prefix of the dashboard's paged lists. */
  todoPageLists: () => ['todos', 'pages'] as const,
  /** The dashboard's pages for the filters `query` (an infinite query: `{ pages, pageParams }`). */
  todoPages: <Q extends object>(query: Q) => ['todos', 'pages', query] as const,
  /** Prefix of every category list (the categories screen, the todo and task forms). */
  categories: () => ['categories'] as const,
  categoryLists: () => ['categories', 'list'] as const,
  /** `'all'` or one category type: the categories screen's filter and the forms share them. */
  categoryList: (filter: string) => ['categories', 'list', filter] as const,
  /** The same call, key and answer as the categories screen's 'Tasks' filter. */
  taskCategories: () => ['categories', 'list', 'TASK'] as const,
  /** The same call, key and answer as the categories screen's 'Todo' filter. */
  todoCategories: () => ['categories', 'list', 'TODO'] as const,
  /** Under the categories: a category created or deleted refreshes it (quick add's first use creates one). */
  defaultTodoCategory: () => ['categories', 'default-todo'] as const,
  /** The caller's directory: changes with any membership change of theirs or their colleagues'. */
  sharedUsers: () => ['users', 'shared'] as const,
  userLookup: (lookup: { email: string } | { username: string }) => ['users', 'lookup', lookup] as const,
  /** Prefix of everything the admin screen shows: an administrator's change refetches it all. */
  admin: () => ['admin'] as const,
  adminUsers: <Q extends object>(query: Q) => ['admin', 'users', query] as const,
  adminSettings: () => ['admin', 'settings'] as const,
  adminInvites: () => ['admin', 'invites'] as const,
  adminInstance: () => ['admin', 'instance'] as const,
  registration: (invite: string | null) => ['registration', invite] as const,
  unsubscribe: (token: string) => ['unsubscribe', token] as const,
  /** Prefix of everything about the caller's notifications. */
  notifications: () => ['notifications'] as const,
  notificationList: <Q extends object>(query: Q) => ['notifications', 'list', query] as const,
  unreadNotificationCount: () => ['notifications', 'unread-count'] as const,
  /** Under the task: its detail's refresh refreshes it. */
  taskWatch: (taskId: string) => ['tasks', 'detail', taskId, 'watch'] as const,
  /** Its relations (issue 19), under the task: deleting or refreshing the task does the same to them. */
  taskRelations: (taskId: string) => ['tasks', 'detail', taskId, 'relations'] as const,
  /** Under the task: its subtasks in their order (decision 033); a change of any task of its feature refreshes them. */
  subtasks: (taskId: string) => ['tasks', 'detail', taskId, 'subtasks'] as const,
  /** The palette's search for `q` (issue 18): kept a few seconds, so no change needs to mark it stale. */
  search: (q: string) => ['search', q] as const,
  /** Prefix of every range the calendar read (issue 19): what changes a task or a todo makes them stale. */
  calendars: () => ['calendar'] as const,
  calendar: <Q extends object>(query: Q) => ['calendar', query] as const,
  /** The caller's calendar feed URL (decision 037): only a reset changes it. */
  calendarFeed: () => ['calendar-feed'] as const,
  /** My day (decision 037): any change of a todo or of a task (or of what scopes one) may change it. */
  today: () => ['today'] as const,
  /** A task picker's search for `q` (issue 19: the relations section): tasks only, short-lived like the palette's. */
  taskSearch: (q: string) => ['search', q, 'task'] as const,
  /** An import job's progress and summary (issue 20): polled while it runs, never marked stale. */
  importJob: (importId: string) => ['imports', importId] as const,
};
