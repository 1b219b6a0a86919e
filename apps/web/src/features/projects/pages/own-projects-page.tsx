import { memberRoles, projectStatuses, type MemberRole, type ProjectStatus } from '@tasklane/contract';
import { FolderSearch } from 'lucide-react';
import { useState } from 'react';
import { QueryFallback } from '@/components/domain/query-state';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { useErrorMessage } from '@/lib/errors';
import { formatEnum, pluralize } from '@/lib/format';
import { useMyProjects } from '../api/get-my-projects';
import { OwnProjectCard, OwnProjectRow } from '../components/own-project-views';
import { ViewModeToggle } from '../components/view-mode-toggle';
import { filterOwnProjects, hasActiveFilters } from '../lib/project-filters';
import { readViewMode, writeViewMode, type ViewMode } from '../lib/view-mode';

const statusOptions = [{ value: 'all', label: 'All Statuses' }, ...projectStatuses.map((value) => ({ value, label: formatEnum(value) }))];
const roleOptions = [{ value: 'all', label: 'All Roles' }, ...memberRoles.map((value) => ({ value, label: formatEnum(value) }))];

const browserStorage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** /projects: the projects the caller is a member of (SPEC 2, own projects overview). */
export default function OwnProjectsPage() {
  const projectsQuery = useMyProjects();
  const failure = useErrorMessage(projectsQuery.error, 'Failed to load projects');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ProjectStatus | 'all'>('all');
  const [role, setRole] = useState<MemberRole | 'all'>('all');
  const [viewMode, setViewMode] = useState<ViewMode>(() => readViewMode(browserStorage()));

  const changeViewMode = (mode: ViewMode) => {
    setViewMode(mode);
    writeViewMode(browserStorage(), mode);
  };

  const projects = projectsQuery.data ?? [];
  const subtitle = projectsQuery.data ? `You are a member of ${pluralize(projects.length, 'project')}` : undefined;
  const header = <PageHeader title="Assigned Projects" subtitle={subtitle} />;

  if (!projectsQuery.data) {
    return (
      <>
        {header}
        <QueryFallback query={projectsQuery} loading="Loading projects..." errorMessage={failure ?? 'Failed to load projects'} />
      </>
    );
  }

  const filters = { search, status, role };
  const visible = filterOwnProjects(projects, filters);

  return (
    <>
      {header}
      <div className="mb-6 flex flex-col gap-3 lg:flex-row lg:items-center">
        <SearchInput
          className="flex-1"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search projects..."
          aria-label="Search projects"
        />
        <div className="flex gap-3">
          <div className="min-w-0 flex-1 lg:w-48 lg:flex-none">
            <Select aria-label="Filter by status" value={status} onChange={(event) => setStatus(event.target.value as ProjectStatus | 'all')} options={statusOptions} />
          </div>
          <div className="min-w-0 flex-1 lg:w-40 lg:flex-none">
            <Select aria-label="Filter by role" value={role} onChange={(event) => setRole(event.target.value as MemberRole | 'all')} options={roleOptions} />
          </div>
          <ViewModeToggle value={viewMode} onChange={changeViewMode} />
        </div>
      </div>

      {visible.length === 0 ? (
        <EmptyState
          icon={<FolderSearch aria-hidden="true" />}
          title="No projects found"
          description={
            hasActiveFilters(filters)
              ? 'Try adjusting your search or filters'
              : 'Projects you are a member of will appear here'
          }
        />
      ) : viewMode === 'grid' ? (
        <ul aria-label="Projects" className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {visible.map((project) => (
            <li key={project._id}>
              <OwnProjectCard project={project} />
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <ul aria-label="Projects" className="divide-y divide-slate-200 dark:divide-slate-800">
            {visible.map((project) => (
              <li key={project._id}>
                <OwnProjectRow project={project} />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}
