import { useParams } from 'react-router';
import { NotFoundState } from '@/components/domain/not-found-state';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { useFeature } from '@/features/features/api/get-feature';
import { useUpdateFeature } from '@/features/features/api/update-feature';
import { useProjectMembers } from '@/features/projects/api/get-project-members';
import { useProject } from '@/features/projects/api/get-project';
import FeatureTaskListPage from '@/features/tasks/pages/feature-task-list-page';
import { isNotFound } from '@/lib/errors';

/**
 * A feature's task list: the tasks feature's page, given what the projects and features features
 * know (the project's name, the caller's abilities and members; the feature's title) and the
 * signed-in user. All load at once; the page shows what has arrived.
 */
export default function FeatureTasksRoute() {
  const { projectId = '', featureId = '' } = useParams();
  const { user } = useMe();
  const projectQuery = useProject(projectId);
  const featureQuery = useFeature(projectId, featureId);
  const canEditTasks = projectQuery.data?.abilities.canEditTasks === true;
  const membersQuery = useProjectMembers(projectId, { enabled: canEditTasks });
  const updateFeature = useUpdateFeature();
  const feature = featureQuery.data;
  // The board's inline add offers to remember a category as the feature's default (decision 032).
  const rememberDefaultCategory =
    feature && projectQuery.data?.abilities.canManageFeatures
      ? (categoryId: string) =>
          updateFeature.mutateAsync({ feature, body: { defaultCategoryId: categoryId, projectId, version: feature.version } })
      : undefined;

  if (isNotFound(projectQuery.error)) {
    return (
      <NotFoundState
        title="Project not found"
        description="This project does not exist, or you are not a member of it."
        backTo={{ href: paths.projects.href(), label: 'Back to Assigned Projects' }}
      />
    );
  }
  if (isNotFound(featureQuery.error)) {
    return (
      <NotFoundState
        title="Feature not found"
        description="This feature does not exist, or it was deleted."
        backTo={{ href: paths.project.href(projectId), label: 'Back to the project' }}
      />
    );
  }

  return (
    <FeatureTaskListPage
      key={`${projectId}/${featureId}`}
      projectId={projectId}
      featureId={featureId}
      project={projectQuery.data}
      feature={featureQuery.data}
      members={{
        data: membersQuery.data,
        isLoading: membersQuery.isPending && canEditTasks,
        isError: membersQuery.isError,
        onRetry: () => void membersQuery.refetch(),
      }}
      currentUserId={user?._id}
      onRememberDefaultCategory={rememberDefaultCategory}
    />
  );
}
