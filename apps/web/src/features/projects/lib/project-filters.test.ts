import { projectStatuses, type MemberRole, type ProjectStatus } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import {
  filterOwnProjects,
  filterWorkspaceProjects,
  hasActiveFilters,
  isActiveProject,
  matchesSearch,
  matchesWorkspaceFilter,
} from './project-filters';

const project = (name: string, status: ProjectStatus, extra: { description?: string; role?: MemberRole; isActive?: boolean } = {}) => ({
  name,
  status,
  description: extra.description ?? '',
  role: extra.role ?? 'MEMBER',
  isActive: extra.isActive ?? true,
});

describe("the workspace page's filter", () => {
  it('counts every open status as active, and neither RELEASED nor ARCHIVED', () => {
    const active = projectStatuses.filter((status) => isActiveProject(project('p', status)));
    expect(active).toEqual(['BACKLOG', 'PLANNING', 'IN_PROGRESS', 'ON_HOLD', 'IN_REVIEW', 'READY_FOR_RELEASE']);
  });

  it('does not count a project marked inactive as active, whatever its status', () => {
    expect(isActiveProject(project('p', 'IN_PROGRESS', { isActive: false }))).toBe(false);
  });

  it('maps completed to RELEASED and planning to PLANNING', () => {
    for (const status of projectStatuses) {
      expect(matchesWorkspaceFilter(project('p', status), 'completed')).toBe(status === 'RELEASED');
      expect(matchesWorkspaceFilter(project('p', status), 'planning')).toBe(status === 'PLANNING');
      expect(matchesWorkspaceFilter(project('p', status), 'all')).toBe(true);
    }
  });

  it('combines the filter with the search', () => {
    const projects = [
      project('Website redesign', 'PLANNING'),
      project('Mobile app', 'PLANNING', { description: 'A new website companion' }),
      project('Website launch', 'RELEASED'),
    ];
    expect(filterWorkspaceProjects(projects, { search: 'website', filter: 'planning' }).map((p) => p.name)).toEqual([
      'Website redesign',
      'Mobile app',
    ]);
    expect(filterWorkspaceProjects(projects, { search: '', filter: 'completed' }).map((p) => p.name)).toEqual(['Website launch']);
    expect(filterWorkspaceProjects(projects, { search: 'website', filter: 'active' })).toHaveLength(2);
  });
});

describe('matchesSearch', () => {
  it('looks in the name and the description, ignoring case and spacing', () => {
    const item = project('Billing Service', 'BACKLOG', { description: 'Invoices and PAYMENTS' });
    expect(matchesSearch(item, '  billing ')).toBe(true);
    expect(matchesSearch(item, 'payments')).toBe(true);
    expect(matchesSearch(item, 'service invoices')).toBe(true);
    expect(matchesSearch(item, 'refunds')).toBe(false);
    expect(matchesSearch(item, '')).toBe(true);
  });
});

describe('filterOwnProjects', () => {
  const projects = [
    project('Alpha', 'IN_PROGRESS', { role: 'ADMIN', description: 'first' }),
    project('Beta', 'IN_PROGRESS', { role: 'VIEWER' }),
    project('Gamma', 'RELEASED', { role: 'VIEWER', description: 'alpha follow-up' }),
  ];

  it('filters by status and by role', () => {
    expect(filterOwnProjects(projects, { search: '', status: 'IN_PROGRESS', role: 'all' }).map((p) => p.name)).toEqual(['Alpha', 'Beta']);
    expect(filterOwnProjects(projects, { search: '', status: 'all', role: 'VIEWER' }).map((p) => p.name)).toEqual(['Beta', 'Gamma']);
    expect(filterOwnProjects(projects, { search: '', status: 'IN_PROGRESS', role: 'VIEWER' }).map((p) => p.name)).toEqual(['Beta']);
  });

  it('searches name and description together with the filters', () => {
    expect(filterOwnProjects(projects, { search: 'alpha', status: 'all', role: 'all' }).map((p) => p.name)).toEqual(['Alpha', 'Gamma']);
    expect(filterOwnProjects(projects, { search: 'alpha', status: 'all', role: 'ADMIN' }).map((p) => p.name)).toEqual(['Alpha']);
    expect(filterOwnProjects(projects, { search: 'nothing', status: 'all', role: 'all' })).toEqual([]);
  });
});

describe('hasActiveFilters', () => {
  it('is false with an empty search and every filter on all', () => {
    expect(hasActiveFilters({ search: '  ', filter: 'all' })).toBe(false);
    expect(hasActiveFilters({ search: '', status: 'all', role: 'all' })).toBe(false);
  });

  it('is true with a search or any narrowed filter', () => {
    expect(hasActiveFilters({ search: 'x', filter: 'all' })).toBe(true);
    expect(hasActiveFilters({ search: '', filter: 'active' })).toBe(true);
    expect(hasActiveFilters({ search: '', status: 'all', role: 'VIEWER' })).toBe(true);
  });
});
