import { matchesSearch as matchesSearchRule, type MemberRole, type Project, type ProjectStatus } from '@tasklane/contract';

/** The workspace page's filter (SPEC 2): all, active, completed (RELEASED) and planning (PLANNING). */
export const workspaceProjectFilters = [
  { value: 'all', label: 'All Projects' },
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
  { value: 'planning', label: 'Planning' },
] as const;
export type WorkspaceProjectFilter = (typeof workspaceProjectFilters)[number]['value'];

/** Finished or shelved: a project in one of these is not active. */
const closedStatuses: readonly ProjectStatus[] = ['RELEASED', 'ARCHIVED'];

/**
 * "Active" (a decision, see docs/web.md): the project is marked active and its status is
 * neither RELEASED nor ARCHIVED. BACKLOG, PLANNING, IN_PROGRESS, ON_HOLD, IN_REVIEW and
 * READY_FOR_RELEASE all count: the work is still open.
 */
export function isActiveProject(project: Pick<Project, 'status' | 'isActive'>): boolean {
  return project.isActive && !closedStatuses.includes(project.status);
}

export function matchesWorkspaceFilter(project: Pick<Project, 'status' | 'isActive'>, filter: WorkspaceProjectFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'active':
      return isActiveProject(project);
    case 'completed':
      return project.status === 'RELEASED';
    case 'planning':
      return project.status === 'PLANNING';
  }
}

/** Every word of the search in the name or the description (the contract's search rule). */
export function matchesSearch(project: Pick<Project, 'name' | 'description'>, search: string): boolean {
  return matchesSearchRule([project.name, project.description], search);
}

export function filterWorkspaceProjects<T extends Pick<Project, 'name' | 'description' | 'status' | 'isActive'>>(
  projects: readonly T[],
  { search, filter }: { search: string; filter: WorkspaceProjectFilter },
): T[] {
  return projects.filter((project) => matchesWorkspaceFilter(project, filter) && matchesSearch(project, search));
}

export interface OwnProjectFilters {
  search: string;
  status: ProjectStatus | 'all';
  role: MemberRole | 'all';
}

/** The own-projects overview (SPEC 2): search over name and description, status and role. */
export function filterOwnProjects<T extends Pick<Project, 'name' | 'description' | 'status' | 'role'>>(
  projects: readonly T[],
  { search, status, role }: OwnProjectFilters,
): T[] {
  return projects.filter(
    (project) =>
      (status === 'all' || project.status === status) && (role === 'all' || project.role === role) && matchesSearch(project, search),
  );
}

/** Whether a search or filter narrows the list (the empty states differ). */
export function hasActiveFilters(filters: { search: string } & Record<string, string>): boolean {
  return Object.entries(filters).some(([key, value]) => (key === 'search' ? value.trim() !== '' : value !== 'all'));
}
