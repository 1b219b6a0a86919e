import type { MemberRole } from '../enums.js';
import { hasRoleAtLeast } from './member-roles.js';

/**
 * Who may change a comment (issue 17); the server enforces these and the web app offers only
 * what they allow. Only its author edits a comment: nobody may put words in someone's mouth.
 */
export function canEditComment(isAuthor: boolean): boolean {
  return isAuthor;
}

/** Its author deletes a comment; so does a project's ADMIN or MODERATOR (the workspace owner acts as ADMIN), to moderate. */
export function canDeleteComment(role: MemberRole, isAuthor: boolean): boolean {
  return isAuthor || hasRoleAtLeast(role, 'MODERATOR');
}
