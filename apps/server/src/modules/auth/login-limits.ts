import { tooManyRequests } from '../../http/errors.js';
import type { ServiceContext } from '../context.js';
import type { DeviceToken } from './device-tokens.js';
import { clearWindow, releaseWindow, reserveWindow } from './rate-limits.repo.js';

/** What an admitted sign-in attempt does once its password has been checked and was right. */
export type AdmittedAttempt = { succeeded(): Promise<void> };

export type AttemptSource = {
  /** The account's email (known or not). */
  email: string;
  ip: string;
  /** A valid device cookie of this very account, if the browser sent one. */
  device: DeviceToken | undefined;
};

function minutesUntil(date: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));
}

function lockedOut(whose: string, resetAt: Date) {
  const minutes = minutesUntil(resetAt);
  return tooManyRequests(
    `Too many failed sign-in attempts ${whose}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    minutes * 60,
  );
}

/**
 * Admits a sign-in attempt before its password is checked, or refuses it with 429. Each
 * attempt takes a place in its failure windows first (one atomic statement each), so however
 * many arrive at once, no more than the limit is ever checked; a success gives the places back.
 *
 * A browser that signed in to this account before (a valid device cookie) is judged by its own
 * failures alone. Every other attempt counts against the account's lockout for unknown devices
 * and against its client address, so whoever keeps an account locked cannot lock out the
 * browsers its owner already uses, and is locked out from their own address as well.
 */
export async function admitLoginAttempt({ db, config }: ServiceContext, source: AttemptSource): Promise<AdmittedAttempt> {
  const { max, maxPerIp, windowMs } = config.loginFailures;
  if (source.device) {
    const deviceKey = `login-fail-device:${source.device.nonce}`;
    const device = await reserveWindow(db, deviceKey, max, windowMs);
    if (!device.isReserved) throw lockedOut('from this browser', device.resetAt);
    return { succeeded: () => clearWindow(db, deviceKey) };
  }

  const addressKey = `login-fail-ip:${source.ip}`;
  const address = await reserveWindow(db, addressKey, maxPerIp, windowMs);
  if (!address.isReserved) throw lockedOut('from your network', address.resetAt);
  const accountKey = `login-fail:${source.email}`;
  const account = await reserveWindow(db, accountKey, max, windowMs);
  if (!account.isReserved) {
    await releaseWindow(db, addressKey);
    throw lockedOut('for this account', account.resetAt);
  }
  return {
    async succeeded() {
      // The account's count starts over; the address keeps its other failures.
      await clearWindow(db, accountKey);
      await releaseWindow(db, addressKey);
    },
  };
}
