import type { MemberRole } from '@tasklane/contract';
import { notFound } from '../../http/errors.js';
import type { ServiceContext } from '../context.js';
import type { UserRow } from '../users/users.repo.js';
import { effectiveRole } from './projects.policy.js';
import { findProjectAccess } from './projects.repo.js';

export type ProjectAccess = { projectId: string; projectName: string; role: MemberRole };

/** The caller's effective role from a row carrying the membership and the workspace owner. */
export function roleFrom(user: UserRow, row: { membershipRole: MemberRole | null; workspaceOwnerId: string }) {
  return effectiveRole(row.membershipRole, row.workspaceOwnerId === user.id);
}

/** The project and the caller's role in it; 404 for anyone who may not see it. */
export async function requireProjectAccess(ctx: ServiceContext, user: UserRow, projectId: string): Promise<ProjectAccess> {
  const row = await findProjectAccess(ctx.db, projectId, user.id);
  const role = row ? roleFrom(user, row) : null;
  if (!row || !role) throw notFound('Project not found');
  return { projectId: row.id, projectName: row.name, role };
}
