import type {
  AdminUser,
  CreateInviteData,
  InstanceFacts,
  Invite,
  ListAdminUsersData,
  RegistrationMode,
  UpdateAdminUserBody,
} from '@tasklane/contract';
import { pageCount } from '../../db/list-helpers.js';
import { conflict, notFound, notFoundOrNotYours } from '../../http/errors.js';
import { generateSessionToken, hashSessionToken } from '../auth/tokens.js';
import type { Actor, ServiceContext } from '../context.js';
import { LAST_ADMINISTRATOR_MESSAGE } from '../users/account-deletion.service.js';
import { countAdminUsers, findUserForAdminChange, listAdminUsers, lockAdministrators, updateUserAdministration } from './admin-users.repo.js';
import { presentAdminUser, presentInvite } from './admin.presenter.js';
import { appVersion } from './instance-version.js';
import { readInstanceCounts } from './instance.repo.js';
import { findRegistrationMode, saveRegistrationMode } from './instance-settings.repo.js';
import { insertInvite, listInvites, revokeInvite } from './invites.repo.js';

export async function listUsersForAdmin(ctx: ServiceContext, query: ListAdminUsersData) {
  const { rows, total } = await listAdminUsers(ctx.db, { search: query.search, limit: query.limit, offset: (query.page - 1) * query.limit });
  // A page past the end has no rows to carry the count: ask for it (rare).
  const count = total ?? (query.page > 1 ? await countAdminUsers(ctx.db, query.search) : 0);
  return {
    users: rows.map(presentAdminUser),
    total: count,
    pagination: { total: pageCount(count, query.limit), page: query.page, limit: query.limit },
  };
}

/**
 * Makes or removes an administrator, deactivates or reactivates an account. The instance keeps
 * at least one active administrator (409 otherwise). Deactivating ends the account's sessions at
 * once, its open event streams on this instance included (others end theirs at their next
 * session check, which refuses a deactivated account).
 */
export async function updateUserAdministrationAs(ctx: ServiceContext, userId: string, change: UpdateAdminUserBody): Promise<AdminUser> {
  const updated = await ctx.db.transaction(async (tx) => {
    await lockAdministrators(tx);
    const target = await findUserForAdminChange(tx, userId);
    if (!target) throw notFoundOrNotYours('User');
    const staysActiveAdmin = (change.isAdmin ?? target.isAdmin) && !(change.deactivated ?? target.deactivatedAt !== null);
    const isActiveAdmin = target.isAdmin && target.deactivatedAt === null;
    if (isActiveAdmin && !staysActiveAdmin && !target.hasOtherAdmin) throw conflict(LAST_ADMINISTRATOR_MESSAGE);
    const row = await updateUserAdministration(tx, userId, change);
    if (!row) throw notFoundOrNotYours('User');
    return row;
  });
  for (const sessionId of updated.endedSessions) ctx.events?.endSession(sessionId);
  return presentAdminUser(updated);
}

export function readRegistrationMode(ctx: ServiceContext): Promise<RegistrationMode> {
  return findRegistrationMode(ctx.db);
}

export function changeRegistrationMode(ctx: ServiceContext, registration: RegistrationMode): Promise<RegistrationMode> {
  return saveRegistrationMode(ctx.db, registration);
}

/** The page an invite link opens: `<origin>/register?invite=...`. */
export function inviteLinkUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/register?invite=${encodeURIComponent(token)}`;
}

/**
 * A new single-use invite: a 256-bit token of which only the SHA-256 is stored; the link is
 * answered this once and never again (the list shows the invite, not its token).
 */
export async function createInvite(ctx: ServiceContext, admin: Actor, body: CreateInviteData, origin: string) {
  const token = generateSessionToken();
  const { id } = await insertInvite(ctx.db, {
    tokenHash: hashSessionToken(token),
    email: body.email,
    expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    createdBy: admin.id,
  });
  return { _id: id, url: inviteLinkUrl(origin, token) };
}

export async function listInvitesForAdmin(ctx: ServiceContext): Promise<Invite[]> {
  return (await listInvites(ctx.db)).map(presentInvite);
}

/** Revokes an invite; revoking one twice is no error, one already used is (409). */
export async function revokeInviteAs(ctx: ServiceContext, id: string) {
  const before = await revokeInvite(ctx.db, id);
  if (!before) throw notFound('Invite not found');
  if (before === 'used') throw conflict('This invite has already been used.');
}

export async function describeInstance(ctx: ServiceContext): Promise<InstanceFacts> {
  const counts = await readInstanceCounts(ctx.db);
  const kind = ctx.databaseKind ?? (ctx.config.databaseUrl ? 'postgres' : 'embedded');
  const major = counts.serverVersion.split(/[ .]/)[0] ?? counts.serverVersion;
  const description =
    kind === 'postgres' ? `External PostgreSQL ${counts.serverVersion} (DATABASE_URL)` : kind === 'pglite' ? `PGlite (PostgreSQL ${major})` : `Embedded PostgreSQL ${counts.serverVersion}`;
  return {
    version: appVersion(),
    database: { kind, version: counts.serverVersion, description },
    counts: { users: counts.users, projects: counts.projects, tasks: counts.tasks },
    attachmentBytes: counts.attachmentBytes,
  };
}
