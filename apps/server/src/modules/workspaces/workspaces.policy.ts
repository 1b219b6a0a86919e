/**
 * A workspace belongs to its creator. It is visible to its owner and to members of any of
 * its projects (who see only those projects). Only the owner renames or deletes it, and
 * only the owner creates projects in it. Invisible workspaces answer 404; visible ones the
 * caller may not change answer 403.
 */
export function canSeeWorkspace(access: { isOwner: boolean; isProjectMember: boolean }): boolean {
  return access.isOwner || access.isProjectMember;
}

export function canManageWorkspace(access: { isOwner: boolean }): boolean {
  return access.isOwner;
}
