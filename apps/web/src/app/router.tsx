import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath, type RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { paths } from '@/config/paths';
import { RequireAuth } from './guards/require-auth';
import { AppShell } from './shell/app-shell';

/** A page's module: the page, and what its first screen needs in the cache before it renders. */
export interface PageModule {
  default: ComponentType;
  /** Fills the cache with the queries the page's first render asks for (app/first-screen.ts). */
  prefetchFirstScreen?: (client: QueryClient, search: URLSearchParams) => Promise<void>;
}

/** A lazily loaded page, and the function that loads it (once: to start early; see below). */
function lazyPage(load: () => Promise<PageModule>) {
  let loading: Promise<PageModule> | undefined;
  const loadOnce = () => (loading ??= load());
  return { Page: lazy(loadOnce), load: loadOnce };
}

const login = lazyPage(() => import('@/features/auth/pages/login-page'));
const register = lazyPage(() => import('@/features/auth/pages/register-page'));
const forgotPassword = lazyPage(() => import('@/features/auth/pages/forgot-password-page'));
const resetPassword = lazyPage(() => import('@/features/auth/pages/reset-password-page'));
const unsubscribe = lazyPage(() => import('@/features/auth/pages/unsubscribe-page'));
const todos = lazyPage(() => import('@/features/todos/pages/todos-page'));
const simpleList = lazyPage(() => import('@/features/todos/pages/simple-list-page'));
const categories = lazyPage(() => import('@/features/categories/pages/categories-page'));
const workspaces = lazyPage(() => import('@/features/workspaces/pages/workspaces-page'));
const workspaceProjects = lazyPage(() => import('./routes/workspace-projects-route'));
const ownProjects = lazyPage(() => import('@/features/projects/pages/own-projects-page'));
const project = lazyPage(() => import('./routes/project-route'));
const assignedTasks = lazyPage(() => import('@/features/tasks/pages/assigned-tasks-page'));
const featureTasks = lazyPage(() => import('./routes/feature-tasks-route'));
const taskDetail = lazyPage(() => import('./routes/task-detail-route'));
const taskByKey = lazyPage(() => import('@/features/tasks/pages/task-by-key-page'));
const settings = lazyPage(() => import('./routes/settings-route'));
const admin = lazyPage(() => import('./routes/admin-route'));
const inbox = lazyPage(() => import('@/features/notifications/pages/inbox-page'));
const calendar = lazyPage(() => import('./routes/calendar-route'));
const NotFoundPage = lazy(() => import('./not-found-page'));
const LoginPage = login.Page;
const RegisterPage = register.Page;
const ForgotPasswordPage = forgotPassword.Page;
const ResetPasswordPage = resetPassword.Page;
const UnsubscribePage = unsubscribe.Page;
const TodosPage = todos.Page;
const SimpleListPage = simpleList.Page;
const CategoriesPage = categories.Page;
const WorkspacesPage = workspaces.Page;
const WorkspaceProjectsPage = workspaceProjects.Page;
const OwnProjectsPage = ownProjects.Page;
const ProjectPage = project.Page;
const AssignedTasksPage = assignedTasks.Page;
const FeatureTaskListPage = featureTasks.Page;
const TaskDetailPage = taskDetail.Page;
const TaskByKeyPage = taskByKey.Page;
const SettingsPage = settings.Page;
const AdminRoutePage = admin.Page;
const InboxPage = inbox.Page;
const CalendarRoutePage = calendar.Page;

/**
 * The signed-in pages by route. The page a visitor opens starts loading at once, alongside the
 * session check, instead of after it: on a slow network that is one round trip less before the
 * first screen of content (issue 8, Lighthouse).
 */
const guardedPages = [
  [paths.home.path, todos],
  [paths.categories.path, categories],
  [paths.workspaces.path, workspaces],
  [paths.projects.path, ownProjects],
  [paths.tasks.path, assignedTasks],
  [paths.workspace.path, workspaceProjects],
  [paths.project.path, project],
  [paths.featureTasks.path, featureTasks],
  [paths.task.path, taskDetail],
  [paths.taskByKey.path, taskByKey],
  [paths.settings.path, settings],
  [paths.admin.path, admin],
  [paths.inbox.path, inbox],
  [paths.calendar.path, calendar],
] as const;

/** The page of `pages` at this address, its code requested at once. */
function openedOf<T extends readonly (readonly [string, { load: () => Promise<PageModule> }])[]>(pages: T) {
  const page = pages.find(([path]) => matchPath(path, window.location.pathname))?.[1];
  if (page) void page.load();
  return page;
}

const opened = openedOf(guardedPages);

/** The signed-in page the visitor opened, if any: app/first-screen.ts waits for its code and data. */
export const openedPage = opened;

/** The signed-out pages: the one opened also loads at once, and the first render waits for its code (first-screen.ts). */
const signedOutPages = [
  [paths.login.path, login],
  [paths.register.path, register],
  [paths.forgotPassword.path, forgotPassword],
  [paths.resetPassword.path, resetPassword],
] as const;

/** The signed-out page the visitor opened, if any (its HTML may hold its first screen already: lib/static-screen.ts). */
export const openedSignedOutPage = opened ? undefined : openedOf(signedOutPages);

/** A page outside the shell, loaded lazily with the full-page 'Loading...' fallback. */
function standalone(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Page />
    </Suspense>
  );
}

/**
 * The app's routes, rendered by `useRoutes` inside a `BrowserRouter` (app.tsx). The app uses
 * none of a data router's features (loaders, actions, fetchers, blockers), whose code was half of
 * React Router's 90 KB in every page's start (decision 017, sixth pass).
 */
export const appRoutes: RouteObject[] = [
  { path: paths.login.path, element: standalone(LoginPage) },
  { path: paths.register.path, element: standalone(RegisterPage) },
  { path: paths.forgotPassword.path, element: standalone(ForgotPasswordPage) },
  { path: paths.resetPassword.path, element: standalone(ResetPasswordPage) },
  // Opened from an email, signed in or not: its token is the authority.
  { path: paths.unsubscribe.path, element: standalone(UnsubscribePage) },
  {
    // Not guarded (SPEC 2): the shell greets a visitor without a session by the fallback name.
    element: <AppShell />,
    children: [{ path: paths.list.path, element: <SimpleListPage /> }],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppShell />,
        children: [
          { path: paths.home.path, element: <TodosPage /> },
          { path: paths.categories.path, element: <CategoriesPage /> },
          { path: paths.workspaces.path, element: <WorkspacesPage /> },
          { path: paths.projects.path, element: <OwnProjectsPage /> },
          { path: paths.tasks.path, element: <AssignedTasksPage /> },
          { path: paths.workspace.path, element: <WorkspaceProjectsPage /> },
          { path: paths.project.path, element: <ProjectPage /> },
          { path: paths.featureTasks.path, element: <FeatureTaskListPage /> },
          { path: paths.task.path, element: <TaskDetailPage /> },
          { path: paths.taskByKey.path, element: <TaskByKeyPage /> },
          { path: paths.settings.path, element: <SettingsPage /> },
          { path: paths.admin.path, element: <AdminRoutePage /> },
          { path: paths.inbox.path, element: <InboxPage /> },
          { path: paths.calendar.path, element: <CalendarRoutePage /> },
        ],
      },
    ],
  },
  { path: '*', element: standalone(NotFoundPage) },
];
