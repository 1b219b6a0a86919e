import { useParams } from 'react-router';
import { WorkspaceImportButton } from '@/features/imports/components/workspace-import-button';
import WorkspaceProjectsPage from '@/features/projects/pages/workspace-projects-page';
import { useWorkspaces } from '@/features/workspaces/api/get-workspaces';

/**
 * /dashboard/{workspaceId}: the projects feature's page, given what the workspaces feature knows
 * of the workspace (its name for the title, and whether the caller owns it and so may create
 * projects), and the imports feature's Import action. Composed here because a feature never imports another.
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
      // Issue 20: Import, for the owner and for whoever may fill one of its projects (the imports feature's).
      importAction={(projects) => (
        <WorkspaceImportButton
          workspaceId={workspaceId}
          isOwner={workspace?.isOwner === true}
          projects={projects.filter((project) => project.abilities.canManageFeatures).map((project) => ({ _id: project._id, name: project.name }))}
        />
      )}
    />
  );
}
