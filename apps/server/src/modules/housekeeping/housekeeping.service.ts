import type { FastifyBaseLogger } from 'fastify';
import { sweepOrphanFiles } from '../attachments/attachment-cleanup.js';
import { deleteExpiredWindows } from '../auth/rate-limits.repo.js';
import { deleteExpiredSessions } from '../auth/sessions.repo.js';
import type { ServiceContext } from '../context.js';
import { EVENT_RETENTION_MS } from '../events/events.constants.js';
import { pruneEvents } from '../events/events.repo.js';
import { deleteExpiredChallenges } from '../two-factor/two-factor.repo.js';

const INTERVAL_MS = 60 * 60 * 1000;
/** An unfinished upload file untouched this long was left by a crash (a live one is written to all the time). */
export const STALE_TEMP_FILE_MS = 60 * 60 * 1000;
/**
 * A stored file without a row is an orphan only once it is this old: an upload stores its
 * files first and records them when the last has arrived, which on a slow link can take long.
 */
export const ORPHAN_FILE_AGE_MS = 24 * 60 * 60 * 1000;

/** One round: expired sessions and rate-limit windows, live events past replay, stale upload files and orphaned ones. */
export async function runHousekeeping(ctx: ServiceContext, now = new Date()) {
  await deleteExpiredSessions(ctx.db);
  await deleteExpiredWindows(ctx.db);
  await deleteExpiredChallenges(ctx.db);
  await pruneEvents(ctx.db, new Date(now.getTime() - EVENT_RETENTION_MS));
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
