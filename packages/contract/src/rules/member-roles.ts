import { memberRoles, type MemberRole } from '../enums.js';

/**
 * Which members a project role may add, remove or give a role to: admins manage everyone,
 * moderators only MEMBER and VIEWER members, the others nobody. The server enforces it; the
 * web app uses it to offer only what the server will accept.
 */
export function canManageMemberWithRole(actor: MemberRole, target: MemberRole): boolean {
  if (actor === 'ADMIN') return true;
  if (actor === 'MODERATOR') return target === 'MEMBER' || target === 'VIEWER';
  return false;
}

/** Only admins change roles. */
export function canChangeRoles(actor: MemberRole): boolean {
  return hasRoleAtLeast(actor, 'ADMIN');
}

/** The roles an actor may give a new member, in the enum's order. */
export function assignableRoles(actor: MemberRole): MemberRole[] {
  return memberRoles.filter((role) => canManageMemberWithRole(actor, role));
}

/** Roles from least to most: each may do everything the ones before it may. */
const roleRank: Record<MemberRole, number> = { VIEWER: 0, MEMBER: 1, MODERATOR: 2, ADMIN: 3 };

/** Whether `role` is `minimum` or above (VIEWER < MEMBER < MODERATOR < ADMIN). */
export function hasRoleAtLeast(role: MemberRole, minimum: MemberRole): boolean {
  return roleRank[role] >= roleRank[minimum];
}

/**
 * The last-admin rule: a project always keeps an ADMIN. Removing a member (`newRole` null) or
 * giving them `newRole` is refused when they are an ADMIN, would stop being one, and the project
 * has no other (`adminCount` counts them too).
 */
export function wouldLeaveNoAdmin(member: MemberRole, newRole: MemberRole | null, adminCount: number): boolean {
  return member === 'ADMIN' && newRole !== 'ADMIN' && adminCount <= 1;
}

/** How many of the members are ADMIN. */
export function countAdmins(members: readonly { role: MemberRole }[]): number {
  return members.filter((member) => member.role === 'ADMIN').length;
}
