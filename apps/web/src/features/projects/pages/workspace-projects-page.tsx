import type { Project } from '@tasklane/contract';
import { FolderOpen, Plus, RotateCw, SearchX } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryFallback } from '@/components/domain/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useErrorMessage } from '@/lib/errors';
import { useCreateShortcut } from '@/lib/keyboard/use-create-shortcut';
import { useWorkspaceProjects } from '../api/get-workspace-projects';
import { CreateProjectPanel } from '../components/create-project-panel';
import { EditProjectDialog } from '../components/edit-project-dialog';
import { ProjectCard, type ProjectCardActions } from '../components/project-card';
import { DeleteProjectDialog, RemoveMemberDialog, type MemberRemoval } from '../components/project-confirmations';
import { ProjectMembersDialog } from '../components/project-members-dialog';
import { filterWorkspaceProjects, hasActiveFilters, workspaceProjectFilters, type WorkspaceProjectFilter } from '../lib/project-filters';

export interface WorkspaceProjectsPageProps {
  workspaceId: string;
  /** The workspace as the workspaces list knows it; undefined while it loads (or when it is not listed). */
  workspace: { name: string; isOwner: boolean } | undefined;
  /** Reloads what the app layer loaded for this page (the workspace). */
  onRefresh: () => void;
  /** The header's Import action (issue 20), given the workspace's projects once they have loaded. */
  importAction?: (projects: Project[]) => ReactNode;
}

/** /dashboard/{workspaceId}: the workspace's projects (SPEC 2). */
export default function WorkspaceProjectsPage({ workspaceId, workspace, onRefresh, importAction }: WorkspaceProjectsPageProps) {
  const projectsQuery = useWorkspaceProjects(workspaceId);
  const failure = useErrorMessage(projectsQuery.error, 'Failed to fetch projects');
  const [isCreating, setIsCreating] = useState(false);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<WorkspaceProjectFilter>('all');
  // Dialogs hold ids, so they always show the project as the latest answer has it.
  const [editingId, setEditingId] = useState<string | null>(null);
  const [membersId, setMembersId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [removal, setRemoval] = useState<MemberRemoval | null>(null);

  const projects = projectsQuery.data ?? [];
  const byId = (id: string | null) => (id ? (projects.find((project) => project._id === id) ?? null) : null);
  const canCreate = workspace?.isOwner === true;
  const title = workspace?.name || projects[0]?.workspaceId.name || 'Projects';

  const actions: ProjectCardActions = {
    onEdit: (project: Project) => setEditingId(project._id),
    onAddMember: (project: Project) => setMembersId(project._id),
    onDelete: (project: Project) => setDeletingId(project._id),
    onRemoveMember: (project, member) => setRemoval({ project, member }),
  };

  // `c` (issue 18) opens the Create Project panel, for the workspace's owner, and goes to its first field.
  const panel = useRef<HTMLDivElement>(null);
  const [focusPanel, setFocusPanel] = useState(false);
  useCreateShortcut(
    canCreate
      ? () => {
          setIsCreating(true);
          setFocusPanel(true);
        }
      : undefined,
  );
  useEffect(() => {
    if (!focusPanel || !isCreating) return;
    setFocusPanel(false);
    panel.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, [focusPanel, isCreating]);

  const refresh = () => {
    onRefresh();
    void projectsQuery.refetch();
  };

  const header = (
    <PageHeader
      title={title}
      subtitle="Manage and track all your workspace projects"
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={refresh} disabled={projectsQuery.isFetching}>
            <RotateCw aria-hidden="true" className={cn('size-4', projectsQuery.isFetching && 'animate-spin')} />
            Refresh
          </Button>
          {projectsQuery.data && importAction?.(projectsQuery.data)}
          {canCreate && (
            <Button onClick={() => setIsCreating((open) => !open)} aria-expanded={isCreating} aria-controls="create-project-panel">
              <Plus aria-hidden="true" className="size-4" />
              Create Project
            </Button>
          )}
        </div>
      }
    />
  );

  if (!projectsQuery.data) {
    return (
      <>
        {header}
        <QueryFallback
          // Try Again reloads the workspace too, as Refresh does.
          query={{ ...projectsQuery, refetch: refresh }}
          loading="Loading projects..."
          errorMessage={failure ?? 'Failed to fetch projects'}
          errorFooter={
            <p className="mt-6 text-center">
              <Link to={paths.workspaces.href()} className="text-sm font-semibold text-indigo-600 hover:text-indigo-500 dark:text-indigo-400">
                Back to Workspaces
              </Link>
            </p>
          }
        />
      </>
    );
  }

  const visible = filterWorkspaceProjects(projects, { search, filter });
  const isFiltered = hasActiveFilters({ search, filter });

  return (
    <>
      {header}
      {isCreating && canCreate && (
        <div id="create-project-panel" ref={panel}>
          <CreateProjectPanel workspaceId={workspaceId} onClose={() => setIsCreating(false)} />
        </div>
      )}

      <div className="mb-6 flex flex-col gap-3 sm:flex-row">
        <SearchInput
          className="flex-1"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search projects..."
          aria-label="Search projects"
        />
        <div className="sm:w-48">
          <Select
            aria-label="Filter projects"
            value={filter}
            onChange={(event) => setFilter(event.target.value as WorkspaceProjectFilter)}
            options={workspaceProjectFilters}
          />
        </div>
      </div>

      {visible.length === 0 ? (
        <EmptyState
          icon={isFiltered ? <SearchX aria-hidden="true" /> : <FolderOpen aria-hidden="true" />}
          title="No Projects Found"
          description={
            isFiltered
              ? 'Try adjusting your search or filters'
              : canCreate
                ? 'Create a project to start organizing the work of this workspace'
                : undefined
          }
          action={
            !isFiltered && canCreate ? (
              <Button onClick={() => setIsCreating(true)}>
                <Plus aria-hidden="true" className="size-4" />
                Create First Project
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ul aria-label="Projects" className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {visible.map((project) => (
            <li key={project._id} className="flex">
              <div className="flex w-full flex-col [&>article]:flex-1">
                <ProjectCard project={project} actions={actions} />
              </div>
            </li>
          ))}
        </ul>
      )}

      <EditProjectDialog project={byId(editingId)} onClose={() => setEditingId(null)} />
      <ProjectMembersDialog project={byId(membersId)} onClose={() => setMembersId(null)} onRemove={(project, member) => setRemoval({ project, member })} />
      <DeleteProjectDialog project={byId(deletingId)} onClose={() => setDeletingId(null)} />
      <RemoveMemberDialog removal={removal} onClose={() => setRemoval(null)} />
    </>
  );
}
