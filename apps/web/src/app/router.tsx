import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter } from 'react-router';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { paths } from '@/config/paths';
import { RequireAuth } from './guards/require-auth';
import { AppShell } from './shell/app-shell';

const LoginPage = lazy(() => import('@/features/auth/pages/login-page'));
const RegisterPage = lazy(() => import('@/features/auth/pages/register-page'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/pages/forgot-password-page'));
const TodosPage = lazy(() => import('@/features/todos/pages/todos-page'));
const SimpleListPage = lazy(() => import('@/features/todos/pages/simple-list-page'));
const CategoriesPage = lazy(() => import('@/features/categories/pages/categories-page'));
const WorkspacesPage = lazy(() => import('@/features/workspaces/pages/workspaces-page'));
const WorkspaceProjectsPage = lazy(() => import('./routes/workspace-projects-route'));
const OwnProjectsPage = lazy(() => import('@/features/projects/pages/own-projects-page'));
const ProjectPage = lazy(() => import('./routes/project-route'));
const AssignedTasksPage = lazy(() => import('@/features/tasks/pages/assigned-tasks-page'));
const FeatureTaskListPage = lazy(() => import('./routes/feature-tasks-route'));
const TaskDetailPage = lazy(() => import('./routes/task-detail-route'));
const NotFoundPage = lazy(() => import('./not-found-page'));

/** A page outside the shell, loaded lazily with the full-page 'Loading...' fallback. */
function standalone(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Page />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  { path: paths.login.path, element: standalone(LoginPage) },
  { path: paths.register.path, element: standalone(RegisterPage) },
  { path: paths.forgotPassword.path, element: standalone(ForgotPasswordPage) },
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
        ],
      },
    ],
  },
  { path: '*', element: standalone(NotFoundPage) },
]);
