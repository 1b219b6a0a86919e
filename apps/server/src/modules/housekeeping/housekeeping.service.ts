import type { FastifyBaseLogger } from 'fastify';
import { deleteExpiredWindows } from '../auth/rate-limits.repo.js';
import { deleteExpiredSessions } from '../auth/sessions.repo.js';
import type { ServiceContext } from '../context.js';

const INTERVAL_MS = 60 * 60 * 1000;

/** Removes expired sessions and rate-limit windows now and then every hour. */
export function startHousekeeping(ctx: ServiceContext, log: FastifyBaseLogger): () => void {
  const run = async () => {
    try {
      await deleteExpiredSessions(ctx.db);
      await deleteExpiredWindows(ctx.db);
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
