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
  return actor === 'ADMIN';
}

/** The roles an actor may give a new member, in the enum's order. */
export function assignableRoles(actor: MemberRole): MemberRole[] {
  return memberRoles.filter((role) => canManageMemberWithRole(actor, role));
}
