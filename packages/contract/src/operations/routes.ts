/**
 * Every API operation's method and path, by name: the zod-free half of the operation contract.
 * The first screen's calls read their route from here so that its bundle stays free of zod;
 * `operations` (./index.ts) adds each one's schemas, and the type checker holds the two to the
 * same names. Paths use Fastify's `:param` syntax and are absolute (the /api/v1 prefix included).
 */
export const API_PREFIX = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface OperationRoute {
  readonly method: HttpMethod;
  readonly path: string;
}

export const operationRoutes = {
  health: {
    check: { method: 'GET', path: '/api/v1/health' },
  },
  auth: {
    register: { method: 'POST', path: '/api/v1/auth/register' },
    login: { method: 'POST', path: '/api/v1/auth/login' },
    logout: { method: 'POST', path: '/api/v1/auth/logout' },
    registration: { method: 'GET', path: '/api/v1/auth/registration' },
    options: { method: 'GET', path: '/api/v1/auth/options' },
    forgotPassword: { method: 'POST', path: '/api/v1/auth/forgot-password' },
    resetPassword: { method: 'POST', path: '/api/v1/auth/reset-password' },
  },
  twoFactor: {
    enrol: { method: 'POST', path: '/api/v1/users/me/2fa' },
    confirm: { method: 'POST', path: '/api/v1/users/me/2fa/confirm' },
    disable: { method: 'DELETE', path: '/api/v1/users/me/2fa' },
    completeLogin: { method: 'POST', path: '/api/v1/auth/login/2fa' },
  },
  users: {
    me: { method: 'GET', path: '/api/v1/users/me' },
    list: { method: 'GET', path: '/api/v1/users' },
  },
  account: {
    updateProfile: { method: 'PUT', path: '/api/v1/users/me' },
    uploadAvatar: { method: 'PUT', path: '/api/v1/users/me/avatar' },
    deleteAvatar: { method: 'DELETE', path: '/api/v1/users/me/avatar' },
    avatar: { method: 'GET', path: '/api/v1/users/:id/avatar' },
    changePassword: { method: 'PUT', path: '/api/v1/users/me/password' },
    listSessions: { method: 'GET', path: '/api/v1/users/me/sessions' },
    endSession: { method: 'DELETE', path: '/api/v1/users/me/sessions/:id' },
    endOtherSessions: { method: 'DELETE', path: '/api/v1/users/me/sessions' },
    exportData: { method: 'GET', path: '/api/v1/users/me/export' },
    deleteAccount: { method: 'DELETE', path: '/api/v1/users/me' },
  },
  apiTokens: {
    list: { method: 'GET', path: '/api/v1/users/me/tokens' },
    create: { method: 'POST', path: '/api/v1/users/me/tokens' },
    revoke: { method: 'DELETE', path: '/api/v1/users/me/tokens/:id' },
  },
  categories: {
    listAll: { method: 'GET', path: '/api/v1/categories/all' },
    list: { method: 'GET', path: '/api/v1/categories' },
    create: { method: 'POST', path: '/api/v1/categories' },
    delete: { method: 'DELETE', path: '/api/v1/categories/:id' },
  },
  todos: {
    list: { method: 'GET', path: '/api/v1/todos' },
    create: { method: 'POST', path: '/api/v1/todos' },
    quickAdd: { method: 'POST', path: '/api/v1/todos/quick' },
    defaultCategory: { method: 'GET', path: '/api/v1/todos/default-category' },
    setDefaultCategory: { method: 'PUT', path: '/api/v1/todos/default-category' },
    get: { method: 'GET', path: '/api/v1/todos/:todoId' },
    update: { method: 'PUT', path: '/api/v1/todos/:todoId' },
    delete: { method: 'DELETE', path: '/api/v1/todos/:todoId' },
  },
  workspaces: {
    list: { method: 'GET', path: '/api/v1/workspaces' },
    create: { method: 'POST', path: '/api/v1/workspaces' },
    update: { method: 'PUT', path: '/api/v1/workspaces/:id' },
    delete: { method: 'DELETE', path: '/api/v1/workspaces/:id' },
    listProjects: { method: 'GET', path: '/api/v1/workspaces/:id/projects' },
  },
  projects: {
    listMine: { method: 'GET', path: '/api/v1/users/projects' },
    create: { method: 'POST', path: '/api/v1/projects' },
    get: { method: 'GET', path: '/api/v1/projects/:projectId' },
    update: { method: 'PUT', path: '/api/v1/projects/:projectId' },
    delete: { method: 'DELETE', path: '/api/v1/projects/:projectId' },
    export: { method: 'GET', path: '/api/v1/projects/:projectId/export' },
  },
  members: {
    list: { method: 'GET', path: '/api/v1/projects/:projectId/members' },
    add: { method: 'POST', path: '/api/v1/projects/:projectId/members' },
    updateRole: { method: 'PUT', path: '/api/v1/projects/:projectId/members/:userId' },
    remove: { method: 'DELETE', path: '/api/v1/projects/:projectId/members/:userId' },
  },
  features: {
    list: { method: 'GET', path: '/api/v1/features' },
    get: { method: 'GET', path: '/api/v1/features/:id' },
    create: { method: 'POST', path: '/api/v1/features' },
    update: { method: 'PUT', path: '/api/v1/features/:id' },
    delete: { method: 'DELETE', path: '/api/v1/features/:id' },
  },
  tasks: {
    list: { method: 'GET', path: '/api/v1/tasks' },
    board: { method: 'GET', path: '/api/v1/tasks/board' },
    move: { method: 'POST', path: '/api/v1/tasks/:taskId/move' },
    get: { method: 'GET', path: '/api/v1/tasks/:taskId' },
    create: { method: 'POST', path: '/api/v1/tasks' },
    update: { method: 'PUT', path: '/api/v1/tasks/:taskId' },
    delete: { method: 'DELETE', path: '/api/v1/tasks/:taskId' },
    listAssigned: { method: 'GET', path: '/api/v1/users/tasks' },
  },
  subtasks: {
    list: { method: 'GET', path: '/api/v1/tasks/:taskId/subtasks' },
    reorder: { method: 'PUT', path: '/api/v1/tasks/:taskId/subtasks/order' },
  },
  comments: {
    list: { method: 'GET', path: '/api/v1/tasks/:taskId/comments' },
    create: { method: 'POST', path: '/api/v1/tasks/:taskId/comments' },
    update: { method: 'PUT', path: '/api/v1/tasks/:taskId/comments/:commentId' },
    delete: { method: 'DELETE', path: '/api/v1/tasks/:taskId/comments/:commentId' },
  },
  relations: {
    list: { method: 'GET', path: '/api/v1/tasks/:taskId/relations' },
    create: { method: 'POST', path: '/api/v1/tasks/:taskId/relations' },
    delete: { method: 'DELETE', path: '/api/v1/tasks/:taskId/relations/:relationId' },
  },
  watching: {
    get: { method: 'GET', path: '/api/v1/tasks/:taskId/watch' },
    watch: { method: 'PUT', path: '/api/v1/tasks/:taskId/watch' },
    unwatch: { method: 'DELETE', path: '/api/v1/tasks/:taskId/watch' },
  },
  search: {
    everything: { method: 'GET', path: '/api/v1/search' },
  },
  calendar: {
    range: { method: 'GET', path: '/api/v1/calendar' },
  },
  notifications: {
    list: { method: 'GET', path: '/api/v1/notifications' },
    unreadCount: { method: 'GET', path: '/api/v1/notifications/unread-count' },
    markRead: { method: 'PUT', path: '/api/v1/notifications/:notificationId/read' },
    markAllRead: { method: 'PUT', path: '/api/v1/notifications/read-all' },
  },
  notificationSettings: {
    get: { method: 'GET', path: '/api/v1/users/me/notification-settings' },
    update: { method: 'PUT', path: '/api/v1/users/me/notification-settings' },
    unsubscribeInfo: { method: 'GET', path: '/api/v1/notifications/unsubscribe' },
    unsubscribe: { method: 'POST', path: '/api/v1/notifications/unsubscribe' },
  },
  attachments: {
    limits: { method: 'GET', path: '/api/v1/attachments/limits' },
    list: { method: 'GET', path: '/api/v1/tasks/:taskId/attachments' },
    upload: { method: 'POST', path: '/api/v1/tasks/:taskId/attachments' },
    download: { method: 'GET', path: '/api/v1/tasks/:taskId/attachments/:attachmentId' },
    delete: { method: 'DELETE', path: '/api/v1/tasks/:taskId/attachments/:attachmentId' },
  },
  events: {
    stream: { method: 'GET', path: '/api/v1/events' },
  },
  admin: {
    listUsers: { method: 'GET', path: '/api/v1/admin/users' },
    updateUser: { method: 'PUT', path: '/api/v1/admin/users/:id' },
    deleteUser: { method: 'DELETE', path: '/api/v1/admin/users/:id' },
    createResetLink: { method: 'POST', path: '/api/v1/admin/users/:id/reset-link' },
    getSettings: { method: 'GET', path: '/api/v1/admin/settings' },
    updateSettings: { method: 'PUT', path: '/api/v1/admin/settings' },
    listInvites: { method: 'GET', path: '/api/v1/admin/invites' },
    createInvite: { method: 'POST', path: '/api/v1/admin/invites' },
    revokeInvite: { method: 'DELETE', path: '/api/v1/admin/invites/:id' },
    instance: { method: 'GET', path: '/api/v1/admin/instance' },
  },
  calendarFeed: {
    get: { method: 'GET', path: '/api/v1/users/me/calendar-feed' },
    reset: { method: 'POST', path: '/api/v1/users/me/calendar-feed/reset' },
    feed: { method: 'GET', path: '/api/v1/calendar/:file' },
  },
  today: {
    get: { method: 'GET', path: '/api/v1/users/me/today' },
  },
  imports: {
    startWorkspace: { method: 'POST', path: '/api/v1/workspaces/:id/imports' },
    startTodos: { method: 'POST', path: '/api/v1/todos/imports' },
    get: { method: 'GET', path: '/api/v1/imports/:importId' },
  },
  webhooks: {
    list: { method: 'GET', path: '/api/v1/projects/:projectId/webhooks' },
    create: { method: 'POST', path: '/api/v1/projects/:projectId/webhooks' },
    update: { method: 'PUT', path: '/api/v1/projects/:projectId/webhooks/:webhookId' },
    delete: { method: 'DELETE', path: '/api/v1/projects/:projectId/webhooks/:webhookId' },
    test: { method: 'POST', path: '/api/v1/projects/:projectId/webhooks/:webhookId/test' },
    rotateSecret: { method: 'POST', path: '/api/v1/projects/:projectId/webhooks/:webhookId/rotate-secret' },
    listDeliveries: { method: 'GET', path: '/api/v1/projects/:projectId/webhooks/:webhookId/deliveries' },
    redeliver: { method: 'POST', path: '/api/v1/projects/:projectId/webhooks/:webhookId/deliveries/:deliveryId/redeliver' },
  },
} as const satisfies Record<string, Record<string, OperationRoute>>;

export type OperationRoutes = typeof operationRoutes;

/** The names `:param` segments of a path give, as an object type: '/tasks/:taskId' -> { taskId: string }. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? { [K in Param]: string } & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? { [K in Param]: string }
    : Record<never, never>;

/**
 * A route's path with its params filled in, each one URI-encoded (an id can never reach another
 * path). Throws when a param is missing, so a typo cannot call `/tasks/undefined`.
 */
export function buildPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path param "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A query object as a query string ('' or '?a=1&b=2'): undefined, null and '' values left out,
 * arrays as repeated keys.
 */
export function buildQueryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
