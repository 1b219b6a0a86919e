import {
  assignableRoles,
  canChangeRoles,
  canManageMemberWithRole,
  countAdmins,
  memberRoles,
  wouldLeaveNoAdmin,
  type MemberRole,
  type Project,
  type ProjectMember,
  type User,
} from '@tasklane/contract';

type ProjectAccess = Pick<Project, 'role' | 'abilities' | 'members'>;

/** How many ADMIN members the project has (the last one can be neither removed nor demoted). */
export { countAdmins };

/** The last-admin rule (the server's): this member may not stop being an ADMIN. */
function isLastAdmin(project: ProjectAccess, member: Pick<ProjectMember, 'role'>): boolean {
  return wouldLeaveNoAdmin(member.role, null, countAdmins(project.members));
}

/** Whether the caller may remove this member: the server's rule, offered only where it will pass. */
export function canRemoveMember(project: ProjectAccess, member: Pick<ProjectMember, 'role'>): boolean {
  return project.abilities.canManageMembers && canManageMemberWithRole(project.role, member.role) && !isLastAdmin(project, member);
}

/** The roles the caller may give a member they add (none without member management). */
export function rolesForNewMember(project: ProjectAccess): MemberRole[] {
  return project.abilities.canManageMembers ? assignableRoles(project.role) : [];
}

/** Whether the caller may change roles in this project at all (ADMIN only). */
export function canEditRoles(project: ProjectAccess): boolean {
  return canChangeRoles(project.role);
}

/** The roles this member may be given: every role for an admin, but the last ADMIN stays ADMIN. */
export function rolesForMember(project: ProjectAccess, member: Pick<ProjectMember, 'role'>): MemberRole[] {
  if (!canEditRoles(project)) return [member.role];
  return isLastAdmin(project, member) ? ['ADMIN'] : [...memberRoles];
}

/** Whether the user may leave the project: a member of any role, unless its last ADMIN (the server's rule). */
export function canLeaveProject(project: Pick<Project, 'members'>, userId: string | undefined): boolean {
  const membership = project.members.find((member) => member.userId._id === userId);
  if (!membership) return false;
  return !wouldLeaveNoAdmin(membership.role, null, countAdmins(project.members));
}

/** The users the add-member picker offers: the people given (those the caller works with) not already in the project, matching the search. */
export function usersToAdd(users: readonly User[], members: readonly Pick<ProjectMember, 'userId'>[], search = ''): User[] {
  const memberIds = new Set(members.map((member) => member.userId._id));
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return users.filter((user) => {
    if (memberIds.has(user._id)) return false;
    const text = `${user.fullName} ${user.username} ${user.email}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
