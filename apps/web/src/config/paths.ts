/** Every client route: `path` for the router, `href(...)` to link to it. No URL literals elsewhere. */
const segment = (value: string) => encodeURIComponent(value);

export const paths = {
  home: { path: '/', href: () => '/' },
  login: { path: '/login', href: () => '/login' },
  register: { path: '/register', href: () => '/register' },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  /** The page a reset link opens (`?token=...`, made by the server). */
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  /** The page a notification email's unsubscribe link opens (`?token=...`, made by the server). */
  unsubscribe: { path: '/unsubscribe', href: () => '/unsubscribe' },
  list: { path: '/list', href: () => '/list' },
  /** With a type, the categories screen opens on that type's tab (and Add Category offers it first). */
  categories: { path: '/categories', href: (type?: 'TASK' | 'PROJECT' | 'BLOG' | 'TODO') => (type ? `/categories?type=${type}` : '/categories') },
  workspaces: { path: '/workspaces', href: () => '/workspaces' },
  projects: { path: '/projects', href: () => '/projects' },
  tasks: { path: '/tasks', href: () => '/tasks' },
  /** The calendar of tasks and todos by due date (issue 19). */
  calendar: { path: '/calendar', href: () => '/calendar' },
  /** The account's own settings (issue 16). */
  settings: { path: '/settings', href: () => '/settings' },
  /** The notifications inbox (issue 17). */
  inbox: { path: '/inbox', href: () => '/inbox' },
  /** The instance administrator's screen (issue 16). */
  admin: { path: '/admin', href: () => '/admin' },
  workspace: {
    path: '/dashboard/:workspaceId',
    href: (workspaceId: string) => `/dashboard/${segment(workspaceId)}`,
  },
  project: {
    path: '/dashboard/projects/:projectId',
    href: (projectId: string) => `/dashboard/projects/${segment(projectId)}`,
  },
  featureTasks: {
    path: '/dashboard/projects/:projectId/features/:featureId/task',
    href: (projectId: string, featureId: string) =>
      `/dashboard/projects/${segment(projectId)}/features/${segment(featureId)}/task`,
  },
  /** A task by its key (WEB-42): opens the task's page (issue 18); the link a copy button gives. */
  taskByKey: { path: '/t/:key', href: (key: string) => `/t/${segment(key)}` },
  task: {
    path: '/dashboard/projects/:projectId/features/:featureId/task/:taskId',
    href: (projectId: string, featureId: string, taskId: string) =>
      `/dashboard/projects/${segment(projectId)}/features/${segment(featureId)}/task/${segment(taskId)}`,
  },
} as const;
