import { useParams } from 'react-router';
import WorkspaceProjectsPage from '@/features/projects/pages/workspace-projects-page';
import { useWorkspaces } from '@/features/workspaces/api/get-workspaces';

/**
 * /dashboard/{workspaceId}: the projects feature's page, given what the workspaces feature knows
 * of the workspace (its name for the title, and whether the caller owns it and so may create
 * projects). Composed here because a feature never imports another.
 */
export default function WorkspaceProjectsRoute() {
  const { workspaceId = '' } = useParams();
  const workspacesQuery = useWorkspaces();
  const workspace = workspacesQuery.data?.find((item) => item._id === workspaceId);
  return (
    <WorkspaceProjectsPage
      // A fresh page (search, filter, open form) for each workspace.
      key={workspaceId}
      workspaceId={workspaceId}
      workspace={workspace}
      onRefresh={() => void workspacesQuery.refetch()}
    />
  );
}
