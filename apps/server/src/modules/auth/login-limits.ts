import { tooManyRequests } from '../../http/errors.js';
import type { ServiceContext } from '../context.js';
import type { DeviceToken } from './device-tokens.js';
import { findWindowEnd, returnPlaces, takePlaces, type Place } from './rate-limits.repo.js';

/** What an admitted sign-in attempt does once its password (or code) has been checked and was right. */
export type AdmittedAttempt = {
  /** The sign-in is complete: its places are given back and the account's failures start over. */
  succeeded(): Promise<void>;
  /**
   * A right password of an account with two-factor sign-in: its places are given back, but no
   * count starts over, or a thief who has the password could clear the account's failures
   * between guesses of the code.
   */
  passedFirstStep(): Promise<void>;
};

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

type Window = Place & { whose: string };

/**
 * The failure windows an attempt counts against. A browser that signed in to this account
 * before (a valid device cookie) is judged by its own failures alone. Every other attempt
 * counts against its client address and the account's lockout for unknown browsers (in this
 * order, always: see takePlaces), so whoever keeps an account locked cannot lock out the
 * browsers its owner already uses, and is locked out at their own address as well.
 */
function windowsFor({ config }: ServiceContext, source: AttemptSource): { windows: Window[]; ending: string[] } {
  const { max, maxPerIp } = config.loginFailures;
  if (source.device) {
    const device = { key: `login-fail-device:${source.device.nonce}`, limit: max, whose: 'from this browser' };
    return { windows: [device], ending: [device.key] };
  }
  const address = { key: `login-fail-ip:${source.ip}`, limit: maxPerIp, whose: 'from your network' };
  const account = { key: `login-fail:${source.email}`, limit: max, whose: 'for this account' };
  // A success starts the account's count over; the address keeps its other failures.
  return { windows: [address, account], ending: [account.key] };
}

/**
 * Admits a sign-in attempt before its password is checked, or refuses it with 429. The attempt
 * takes a place in each of its failure windows first, in one atomic statement, so however many
 * arrive at once no more than the limit is ever checked; a success gives the places back.
 */
export async function admitLoginAttempt(ctx: ServiceContext, source: AttemptSource): Promise<AdmittedAttempt> {
  const { windows, ending } = windowsFor(ctx, source);
  const keys = windows.map((window) => window.key);
  const taken = await takePlaces(ctx.db, windows, ctx.config.loginFailures.windowMs);
  const full = windows.find((window) => !taken.has(window.key));
  if (full) {
    // Refused before any check: the places it did take do not count.
    await returnPlaces(ctx.db, keys.filter((key) => taken.has(key)));
    throw lockedOut(full.whose, await findWindowEnd(ctx.db, full.key));
  }
  return { succeeded: () => returnPlaces(ctx.db, keys, ending), passedFirstStep: () => returnPlaces(ctx.db, keys) };
}
