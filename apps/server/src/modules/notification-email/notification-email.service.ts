import {
  INVALID_UNSUBSCRIBE_LINK_MESSAGE,
  notificationKinds,
  type NotificationKind,
  type NotificationSettings,
  type UnsubscribeInfo,
  type UpdateNotificationSettingsBody,
} from '@tasklane/contract';
import { badRequest } from '../../http/errors.js';
import type { ServiceContext } from '../context.js';
import type { UserRow } from '../users/users.repo.js';
import * as repo from './notification-preferences.repo.js';
import { loadUnsubscribeKey, readUnsubscribeToken } from './unsubscribe-tokens.js';

function settingsOf(ctx: ServiceContext, chosen: Array<{ kind: string; delivery: string }>): NotificationSettings {
  return { emailAvailable: ctx.config.email !== undefined, kinds: repo.withDefaults(chosen) };
}

export async function getNotificationSettings(ctx: ServiceContext, user: UserRow): Promise<NotificationSettings> {
  return settingsOf(ctx, await repo.findPreferences(ctx.db, user.id));
}

/**
 * Stores the kinds named; the others keep their setting. Allowed without email configured too:
 * the choice is kept for when it is (the screen shows it disabled meanwhile).
 */
export async function updateNotificationSettings(ctx: ServiceContext, user: UserRow, body: UpdateNotificationSettingsBody): Promise<NotificationSettings> {
  const changes = notificationKinds.flatMap((kind) => {
    const delivery = body.kinds[kind];
    return delivery ? [{ kind, delivery }] : [];
  });
  await repo.savePreferences(ctx.db, user.id, changes);
  return settingsOf(ctx, await repo.findPreferences(ctx.db, user.id));
}

const invalidLink = () => badRequest(INVALID_UNSUBSCRIBE_LINK_MESSAGE, [{ field: 'token', message: INVALID_UNSUBSCRIBE_LINK_MESSAGE }]);

async function readToken(ctx: ServiceContext, token: string) {
  const parsed = readUnsubscribeToken(await loadUnsubscribeKey(ctx.db), token);
  if (!parsed) throw invalidLink();
  return parsed;
}

/** What a link turns off, and which of those kinds are emailed now. Changes nothing (mail scanners follow links). */
export async function describeUnsubscribe(ctx: ServiceContext, token: string): Promise<UnsubscribeInfo> {
  const { userId, kinds } = await readToken(ctx, token);
  const chosen = await repo.findActivePreferences(ctx.db, userId);
  if (!chosen) throw invalidLink();
  const current = repo.withDefaults(chosen);
  return { kinds, emailedKinds: kinds.filter((kind) => current[kind] !== 'IN_APP') };
}

/** One-click unsubscribe: the link's kinds go back to in the app only. Doing it twice is harmless. */
export async function unsubscribe(ctx: ServiceContext, token: string): Promise<UnsubscribeInfo> {
  const { userId, kinds } = await readToken(ctx, token);
  if (!(await repo.turnOffEmail(ctx.db, userId, kinds))) throw invalidLink();
  return { kinds, emailedKinds: [] as NotificationKind[] };
}
