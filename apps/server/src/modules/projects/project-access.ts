import { hasRoleAtLeast, type MemberRole } from '@tasklane/contract';
import { forbidden, notFoundOrNotYours, type Resource } from '../../http/errors.js';
import type { ServiceContext } from '../context.js';
import type { UserRow } from '../users/users.repo.js';
import { effectiveRole } from './projects.policy.js';
import { findProjectAccess } from './projects.repo.js';

export type ProjectAccess = { projectId: string; projectName: string; role: MemberRole };

/** A row of something inside a project, read with what deciding the caller's role needs. */
export type ProjectScopedRow = { projectId: string; membershipRole: MemberRole | null; workspaceOwnerId: string };

/** The caller's effective role from a row carrying the membership and the workspace owner; null: they may not see it. */
export function roleFrom(user: UserRow, row: { membershipRole: MemberRole | null; workspaceOwnerId: string }) {
  return effectiveRole(row.membershipRole, row.workspaceOwnerId === user.id);
}

/**
 * The row and the caller's role in its project, or "not found or not yours" (404 naming
 * `resource`): when the row is missing, when the caller may not see its project, and when the
 * caller named a project (`inProject`) that is not the row's. Every project-scoped lookup of the
 * services ends here, after the one query that read the row with the caller's membership.
 */
export function requireVisible<T extends ProjectScopedRow>(
  user: UserRow,
  row: T | null | undefined,
  resource: Resource,
  inProject?: string,
): { row: T; role: MemberRole } {
  const role = row ? roleFrom(user, row) : null;
  if (!row || !role || (inProject !== undefined && inProject !== row.projectId)) throw notFoundOrNotYours(resource);
  return { row, role };
}

/** 403 with `message` unless `role` is `minimumRole` or above (VIEWER < MEMBER < MODERATOR < ADMIN). */
export function requireRole(role: MemberRole, minimumRole: MemberRole, message: string): void {
  if (!hasRoleAtLeast(role, minimumRole)) throw forbidden(message);
}

/**
 * The project and the caller's role in it: 404 for anyone who may not see it, 403 (with
 * `forbiddenMessage`) for a member below `minimumRole`.
 */
export async function requireProjectRole(
  ctx: ServiceContext,
  actor: UserRow,
  projectId: string,
  minimumRole: MemberRole = 'VIEWER',
  forbiddenMessage = 'You are not allowed to do this',
): Promise<ProjectAccess> {
  const found = await findProjectAccess(ctx.db, projectId, actor.id);
  const { row, role } = requireVisible(actor, found && { ...found, projectId: found.id }, 'Project');
  requireRole(role, minimumRole, forbiddenMessage);
  return { projectId: row.id, projectName: row.name, role };
}
