/**
 * The query-key tree of the answers that more than one feature changes. A feature never imports
 * another, yet renaming a workspace changes the workspace name inside project answers, and
 * adding a project changes the workspace's list: both sides build their keys here so that a
 * mutation invalidates exactly the keys it affects.
 *
 *   ['workspaces']                            the workspaces list
 *   ['workspaces', id, 'projects']            one workspace's projects (the workspace page)
 *   ['projects', 'mine']                      the caller's own projects (/projects)
 *   ['projects', 'detail', id]                one project (and, under it, what belongs to it)
 *   ['users']                                 every user (member pickers)
 */
export const queryKeys = {
  workspaces: () => ['workspaces'] as const,
  /** Prefix of everything cached for one workspace. */
  workspace: (workspaceId: string) => ['workspaces', workspaceId] as const,
  workspaceProjects: (workspaceId: string) => ['workspaces', workspaceId, 'projects'] as const,
  /** Prefix of every project answer outside a workspace's list. */
  projects: () => ['projects'] as const,
  myProjects: () => ['projects', 'mine'] as const,
  project: (projectId: string) => ['projects', 'detail', projectId] as const,
  users: () => ['users'] as const,
};
