import type { AdminUser, Invite } from '@tasklane/contract';
import { presentUser } from '../users/users.presenter.js';
import type { AdminUserRow } from './admin-users.repo.js';
import type { InviteRow } from './invites.repo.js';

export function presentAdminUser(row: AdminUserRow): AdminUser {
  return {
    ...presentUser(row),
    lastSeenAt: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
    isAdmin: row.isAdmin,
    deactivated: row.deactivatedAt !== null,
    twoFactorEnabled: row.twoFactorEnabled,
  };
}

export function presentInvite(row: InviteRow): Invite {
  return {
    _id: row.id,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    usedAt: row.usedAt ? row.usedAt.toISOString() : null,
    status: row.status,
  };
}
