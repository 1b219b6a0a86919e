import { hasRoleAtLeast, type MemberRole, type ProjectAbilities, type TaskAbilities } from '@tasklane/contract';

/**
 * Who may do what in a project. ADMIN: everything, including deleting the project and
 * changing roles. MODERATOR: edit the project, add and remove MEMBER and VIEWER members,
 * manage features. MEMBER: create and edit tasks, comment. VIEWER: read and comment.
 * The workspace owner acts as ADMIN in every project of the workspace. Anyone else does not
 * see the project at all (404).
 */
export function effectiveRole(membershipRole: MemberRole | null, isWorkspaceOwner: boolean): MemberRole | null {
  return isWorkspaceOwner ? 'ADMIN' : membershipRole;
}

/**
 * The least role each project ability needs; the services check the same minimums with
 * requireProjectRole / requireRole, and report these abilities to the client.
 */
export const minimumRoleFor = {
  canEdit: 'MODERATOR',
  canDelete: 'ADMIN',
  canManageMembers: 'MODERATOR',
  canManageFeatures: 'MODERATOR',
  canEditTasks: 'MEMBER',
  // Every task's key follows the project's (and the old ones stop resolving): ADMIN only.
  canChangeKey: 'ADMIN',
  // Webhooks send the project's changes elsewhere and carry a signing secret: ADMIN only.
  canManageWebhooks: 'ADMIN',
} as const satisfies Record<keyof ProjectAbilities, MemberRole>;

export function abilitiesFor(role: MemberRole): ProjectAbilities {
  return {
    canEdit: hasRoleAtLeast(role, minimumRoleFor.canEdit),
    canDelete: hasRoleAtLeast(role, minimumRoleFor.canDelete),
    canManageMembers: hasRoleAtLeast(role, minimumRoleFor.canManageMembers),
    canManageFeatures: hasRoleAtLeast(role, minimumRoleFor.canManageFeatures),
    canEditTasks: hasRoleAtLeast(role, minimumRoleFor.canEditTasks),
    canChangeKey: hasRoleAtLeast(role, minimumRoleFor.canChangeKey),
    canManageWebhooks: hasRoleAtLeast(role, minimumRoleFor.canManageWebhooks),
  };
}

// The per-member rules are shared with the web app, which offers only what they allow.
export { canChangeRoles, canManageMemberWithRole } from '@tasklane/contract';

/**
 * Tasks: MEMBER and above create and edit them; MODERATOR and ADMIN delete any task, a MEMBER
 * only the tasks they created (their own mistakes), never a teammate's. Everyone who can see
 * the task, VIEWER included, comments on it.
 */
export function taskAbilitiesFor(role: MemberRole, isCreator: boolean): TaskAbilities {
  const project = abilitiesFor(role);
  const isModerator = hasRoleAtLeast(role, 'MODERATOR');
  return {
    canEdit: project.canEditTasks,
    canDelete: isModerator || (project.canEditTasks && isCreator),
    // Whoever sees a task may comment on it: the comment's insert checks just that (comments.repo.ts).
    canComment: true,
  };
}
