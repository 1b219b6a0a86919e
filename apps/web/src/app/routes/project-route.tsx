import { useNavigate, useParams } from 'react-router';
import { QueryFallback } from '@/components/domain/query-state';
import { NotFoundState } from '@/components/domain/not-found-state';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { FeaturesScreen } from '@/features/features/components/features-screen';
import { useProject } from '@/features/projects/api/get-project';
import { ProjectSummary } from '@/features/projects/components/project-summary';
import { isNotFound, useErrorMessage } from '@/lib/errors';
import { useFailureToast } from '@/lib/use-failure-toast';
import { ProjectWebhooks } from './project-webhooks';

/**
 * /dashboard/projects/{projectId}: the project (the projects feature's summary) above its
 * features (the features feature's screen). Composed here because a feature never imports another.
 */
export default function ProjectRoute() {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useMe();
  const projectQuery = useProject(projectId);
  const isMissing = isNotFound(projectQuery.error);
  const failure = useErrorMessage(isMissing ? null : projectQuery.error, 'Failed to fetch project');
  useFailureToast(failure, 'project-fetch');

  const project = projectQuery.data;
  if (!project) {
    return (
      <QueryFallback
        query={projectQuery}
        loading="Loading project..."
        errorMessage={failure ?? 'Failed to fetch project'}
        renderError={() =>
          isMissing ? (
            <NotFoundState
              title="Project not found"
              description="This project does not exist, or you are not a member of it."
              backTo={{ href: paths.projects.href(), label: 'Back to Assigned Projects' }}
            />
          ) : undefined
        }
      />
    );
  }

  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Workspaces', href: paths.workspaces.href() },
          { label: project.workspaceId.name, href: paths.workspace.href(project.workspaceId._id) },
          { label: project.name },
        ]}
      />
      <ProjectSummary project={project} currentUserId={user?._id} onLeft={() => void navigate(paths.projects.href())} />
      {/* A fresh screen (search, filters, page, dialogs) for each project. */}
      <FeaturesScreen key={project._id} project={project} />
      {project.abilities.canManageWebhooks && <ProjectWebhooks key={`webhooks-${project._id}`} projectId={project._id} />}
    </>
  );
}
