import type { FastifyBaseLogger } from 'fastify';
import { sweepOrphanFiles } from '../attachments/attachment-cleanup.js';
import { deleteExpiredWindows } from '../auth/rate-limits.repo.js';
import { deleteExpiredSessions } from '../auth/sessions.repo.js';
import type { ServiceContext } from '../context.js';
import { EVENT_RETENTION_MS } from '../events/events.constants.js';
import { pruneEvents } from '../events/events.repo.js';
import { DEFAULT_NOTIFIER_SETTINGS } from '../notifications/notifier.js';
import { findProcessedUntil } from '../notifications/notifier.repo.js';
import { reminderRecordsNeededFrom } from '../notifications/reminder-scheduler.js';
import { pruneRemindersSent } from '../notifications/reminders.repo.js';
import { deleteExpiredChallenges } from '../two-factor/two-factor.repo.js';
import { pruneOutbox } from '../email/email-outbox.repo.js';
import { DEFAULT_EMAIL_SENDER_SETTINGS } from '../email/email-sender.js';
import { deleteStaleResetTokens } from '../password-reset/password-reset.repo.js';

const INTERVAL_MS = 60 * 60 * 1000;
/** An unfinished upload file untouched this long was left by a crash (a live one is written to all the time). */
export const STALE_TEMP_FILE_MS = 60 * 60 * 1000;
/**
 * A stored file without a row is an orphan only once it is this old: an upload stores its
 * files first and records them when the last has arrived, which on a slow link can take long.
 */
export const ORPHAN_FILE_AGE_MS = 24 * 60 * 60 * 1000;
/** A sent email's row (recipient, subject, time: its body is gone once sent) is kept this long. */
export const SENT_EMAIL_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** One given up on is kept longer, with its last error, for whoever looks into it. */
export const FAILED_EMAIL_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Used or expired reset tokens go a day later. */
const RESET_TOKEN_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * One round: expired sessions and rate-limit windows, live events past replay, old outbox
 * email and reset tokens, records of reminders long past, stale upload files and orphaned ones.
 */
export async function runHousekeeping(ctx: ServiceContext, now = new Date()) {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await deleteExpiredSessions(ctx.db);
  await deleteExpiredWindows(ctx.db);
  await deleteExpiredChallenges(ctx.db);
  // Events the notifier has not read yet stay (an instance down for a while catches up from them).
  const notifiedUntil = await findProcessedUntil(ctx.db);
  const replayFrom = ago(EVENT_RETENTION_MS);
  const notifierFrom = notifiedUntil && new Date(notifiedUntil.getTime() - 2 * DEFAULT_NOTIFIER_SETTINGS.overlapMs);
  await pruneEvents(ctx.db, notifierFrom && notifierFrom < replayFrom ? notifierFrom : replayFrom);
  await pruneOutbox(ctx.db, {
    sentBefore: ago(SENT_EMAIL_RETENTION_MS),
    failedBefore: ago(FAILED_EMAIL_RETENTION_MS),
    maxAttempts: DEFAULT_EMAIL_SENDER_SETTINGS.maxAttempts,
  });
  await deleteStaleResetTokens(ctx.db, ago(RESET_TOKEN_RETENTION_MS));
  await pruneRemindersSent(ctx.db, reminderRecordsNeededFrom(now));
  const staleTempFiles = await ctx.files.removeStaleTemp(new Date(now.getTime() - STALE_TEMP_FILE_MS));
  const orphanFiles = await sweepOrphanFiles(ctx, new Date(now.getTime() - ORPHAN_FILE_AGE_MS));
  return { staleTempFiles, orphanFiles };
}

/** Runs housekeeping a few seconds after start (leftovers of a crash go then) and every hour. */
export function startHousekeeping(ctx: ServiceContext, log: FastifyBaseLogger): () => void {
  const run = async () => {
    try {
      const removed = await runHousekeeping(ctx);
      if (removed.staleTempFiles || removed.orphanFiles) log.info(removed, 'housekeeping removed leftover upload files');
    } catch (error) {
      log.warn({ err: error }, 'housekeeping failed');
    }
  };
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, INTERVAL_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
