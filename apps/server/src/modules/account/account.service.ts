import { Readable } from 'node:stream';
import Bowser from 'bowser';
import { COMMON_PASSWORD_MESSAGE, type AccountSession, type Me, type UpdateProfileData } from '@tasklane/contract';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict, notFound, unauthorized } from '../../http/errors.js';
import { FileMissingError } from '../../storage/file-store.js';
import { removeStoredFiles } from '../attachments/upload.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { deleteUserSessionByPublicId, deleteUserSessions, listUserSessions } from '../auth/sessions.repo.js';
import type { Actor, ServiceContext } from '../context.js';
import { describeCurrentUser } from '../users/users.service.js';
import type { AccountUserRow } from '../users/users.repo.js';
import { deleteUserAccount } from '../users/account-deletion.service.js';
import * as repo from './account.repo.js';
import { isCommonPassword } from './common-passwords.js';

const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
const WRONG_PASSWORD = 'Password is incorrect';

const present = (row: AccountUserRow): Me => describeCurrentUser({ ...row, clientId: null });

/** The same messages as registration's. */
function takenMessage({ isEmailTaken, isUsernameTaken }: { isEmailTaken: boolean; isUsernameTaken: boolean }) {
  if (isEmailTaken && isUsernameTaken) return 'Email is already registered and username is already taken';
  if (isEmailTaken) return 'Email is already registered';
  if (isUsernameTaken) return 'Username is already taken';
  return undefined;
}

export async function updateProfile(ctx: ServiceContext, user: Actor, body: UpdateProfileData): Promise<Me> {
  // Only what changes is checked for uniqueness (a username's case may change freely).
  const changes = {
    fullName: body.fullName,
    username: body.username,
    email: body.email,
    timeZone: body.timeZone,
    preferences: body.preferences,
  };
  const taken = takenMessage(await repo.findTakenByOthers(ctx.db, user.id, { email: changes.email, username: changes.username }));
  if (taken) throw conflict(taken);
  try {
    const row = await repo.updateProfile(ctx.db, user.id, changes);
    if (!row) throw unauthorized();
    return present(row);
  } catch (error) {
    // Two changes raced past the check: the unique index decided.
    if (isUniqueViolation(error)) {
      throw conflict(takenMessage(await repo.findTakenByOthers(ctx.db, user.id, changes)) ?? 'Email or username is already taken');
    }
    throw error;
  }
}

/** Stores the image, points the account at it, then removes the image it replaced. */
export async function setAvatar(ctx: ServiceContext, user: Actor, image: { bytes: Buffer; contentType: string }): Promise<Me> {
  const stored = await ctx.files.put(Readable.from([image.bytes]));
  let changed: Awaited<ReturnType<typeof repo.setAvatar>>;
  try {
    changed = await repo.setAvatar(ctx.db, user.id, stored.id, image.contentType);
  } catch (error) {
    await removeStoredFiles(ctx.files, [stored.id]);
    throw error;
  }
  if (!changed) {
    await removeStoredFiles(ctx.files, [stored.id]);
    throw unauthorized();
  }
  if (changed.previousKey) await removeStoredFiles(ctx.files, [changed.previousKey]);
  return present((await repo.findAccountUser(ctx.db, user.id))!);
}

export async function removeAvatar(ctx: ServiceContext, user: Actor): Promise<Me> {
  const changed = await repo.setAvatar(ctx.db, user.id, null, null);
  if (changed?.previousKey) await removeStoredFiles(ctx.files, [changed.previousKey]);
  return { ...describeCurrentUser(user), avatar: null };
}

export async function openAvatar(ctx: ServiceContext, userId: string) {
  const file = await repo.findAvatarFile(ctx.db, userId);
  if (!file) throw notFound('This user has no avatar');
  try {
    return { ...(await ctx.files.open(file.storageKey)), contentType: file.contentType, version: repo.avatarVersion(file.storageKey) };
  } catch (error) {
    if (error instanceof FileMissingError) throw notFound('This user has no avatar');
    throw error;
  }
}

/** A new password: the registration rule (the schema), and not among the most common ones. */
async function requireUncommonPassword(password: string, field: string) {
  if (await isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE, [{ field, message: COMMON_PASSWORD_MESSAGE }]);
}

function endStreams(ctx: ServiceContext, sessionIds: string[]) {
  for (const sessionId of sessionIds) ctx.events?.endSession(sessionId);
}

/**
 * Changes the password with the current one. A wrong current password is a 400 on its field,
 * never a 401: the caller stays signed in. Every other session of the account ends (their
 * event streams too); the one that made the change stays.
 */
export async function changePassword(
  ctx: ServiceContext,
  user: Actor,
  currentSessionId: string | undefined,
  body: { currentPassword: string; newPassword: string },
) {
  const passwordHash = await repo.findPasswordHash(ctx.db, user.id);
  if (!passwordHash) throw unauthorized();
  if (!(await verifyPassword(passwordHash, body.currentPassword))) {
    throw badRequest(WRONG_CURRENT_PASSWORD, [{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
  }
  if (body.newPassword === body.currentPassword) {
    const message = 'Choose a password different from your current one';
    throw badRequest(message, [{ field: 'newPassword', message }]);
  }
  await requireUncommonPassword(body.newPassword, 'newPassword');
  const ended = await repo.setPasswordEndingOtherSessions(ctx.db, user.id, await hashPassword(body.newPassword), currentSessionId);
  endStreams(ctx, ended);
}

function describeClient(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  try {
    const parsed = Bowser.parse(userAgent);
    const browser = parsed.browser.name ? [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ') : null;
    const os = parsed.os.name ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ') : null;
    return { browser, os };
  } catch {
    return { browser: null, os: null };
  }
}

export async function listSessions(ctx: ServiceContext, user: Actor, currentSessionId: string | undefined): Promise<AccountSession[]> {
  const rows = await listUserSessions(ctx.db, user.id);
  return rows.map((row) => ({
    _id: row.publicId,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    clientIp: row.clientIp,
    ...describeClient(row.userAgent),
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the caller's sessions (the current one too: that signs this browser out); 404 for any other id. */
export async function endSession(ctx: ServiceContext, user: Actor, publicId: string) {
  const ended = await deleteUserSessionByPublicId(ctx.db, user.id, publicId);
  if (ended.length === 0) throw notFound('Session not found');
  endStreams(ctx, ended);
  return ended;
}

export async function endOtherSessions(ctx: ServiceContext, user: Actor, currentSessionId: string | undefined) {
  const ended = await deleteUserSessions(ctx.db, user.id, currentSessionId);
  endStreams(ctx, ended);
  return ended.length;
}

/**
 * Deletes the account with its password (users/account-deletion.service.ts says what goes and
 * what stays). A wrong password is a 400 on its field; refused with 409 while it is the last
 * ADMIN of a project that others use (the message names them), or the instance's last
 * administrator.
 */
export async function deleteAccount(ctx: ServiceContext, user: Actor, password: string) {
  await deleteUserAccount(ctx, user.id, 'self', async (passwordHash) => {
    if (!(await verifyPassword(passwordHash, password))) throw badRequest(WRONG_PASSWORD, [{ field: 'password', message: WRONG_PASSWORD }]);
  });
}
