import type { FastifyBaseLogger } from 'fastify';
import { dueMomentOf, formatShortDate, isTimeZone } from '@tasklane/contract';
import type { Db } from '../../db/client.js';
import { outsideRecording } from '../../db/query-log.js';
import { GIVE_WAY_RETRY_MS, isConcurrentChange, NOTIFIER_LOCK_TIMEOUT_MS } from './notifier.js';
import { giveWayToRequests } from './notifier.repo.js';
import * as repo from './reminders.repo.js';

/** How the scheduler works; the interval comes from REMINDER_INTERVAL_SECONDS, tests set a clock. */
export type ReminderSettings = {
  /** How often a round looks for due items. */
  intervalMs: number;
  /** The clock (tests move it instead of waiting). */
  now: () => Date;
  /** Candidates read per transaction. */
  batchSize: number;
};

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  intervalMs: 60_000,
  now: () => new Date(),
  batchSize: 500,
};

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** DUE_SOON: the due moment is at most this far ahead. */
export const DUE_SOON_LEAD_MS = DAY_MS;
/** OVERDUE only while the due moment is at most this far behind: nothing for items long overdue. */
export const OVERDUE_LOOKBACK_MS = 7 * DAY_MS;
/** The widest zones: UTC-12 and UTC+14. A day ends there this much after or before it does in UTC. */
const LATEST_ZONE_MS = 12 * HOUR_MS;
const EARLIEST_ZONE_MS = 14 * HOUR_MS;

const utcDate = (instant: number) => new Date(instant).toISOString().slice(0, 10);

const knownZones = new Map<string, boolean>();

/**
 * A stored zone this runtime's Intl still knows, else null (UTC): after an upgrade whose time zone
 * data dropped a name, its people are reminded in UTC rather than every round failing.
 */
function usableZone(timeZone: string | null): string | null {
  if (!timeZone) return null;
  let isKnown = knownZones.get(timeZone);
  if (isKnown === undefined) {
    isKnown = isTimeZone(timeZone);
    knownZones.set(timeZone, isKnown);
  }
  return isKnown ? timeZone : null;
}

/** What to remind of an item due on `dueDate`, for a person in `timeZone`, at `now` (decision 027). */
export function reminderKindAt(dueDate: string, timeZone: string | null, now: Date, isDueSoonSent: boolean): 'DUE_SOON' | 'OVERDUE' | null {
  const due = dueMomentOf(dueDate, usableZone(timeZone)).getTime();
  const at = now.getTime();
  if (at >= due) return due > at - OVERDUE_LOOKBACK_MS ? 'OVERDUE' : null;
  if (at >= due - DUE_SOON_LEAD_MS && !isDueSoonSent) return 'DUE_SOON';
  return null;
}

/**
 * The calendar days whose items may need a reminder at `now`, in some zone. A day D ends between
 * (D+1) 00:00 UTC minus 14 hours and plus 12 hours.
 */
export function candidateWindow(now: Date) {
  const at = now.getTime();
  // Due within 24 hours somewhere: D+1 - 14h - 24h <= now.
  const toDate = utcDate(at + EARLIEST_ZONE_MS + DUE_SOON_LEAD_MS - DAY_MS);
  // Overdue somewhere: D+1 - 14h <= now.
  const overdueToDate = utcDate(at + EARLIEST_ZONE_MS - DAY_MS);
  // Within the lookback somewhere: D+1 + 12h > now - 7 days.
  const fromDate = utcDate(at - OVERDUE_LOOKBACK_MS - LATEST_ZONE_MS - DAY_MS);
  return { fromDate, toDate, overdueToDate };
}

/** "“Fix login” in Website › Sign-in" for a task; "Your todo “Buy milk”" for a todo. */
function itemLabel(candidate: repo.ReminderCandidate) {
  if (candidate.itemType === 'todo') return `Your todo “${candidate.title}”`;
  return `“${candidate.title}” in ${candidate.projectName} › ${candidate.featureTitle}`;
}

export function reminderText(candidate: repo.ReminderCandidate, kind: 'DUE_SOON' | 'OVERDUE') {
  const day = formatShortDate(candidate.dueDate);
  return kind === 'DUE_SOON' ? `${itemLabel(candidate)} is due by the end of ${day}` : `${itemLabel(candidate)} is overdue: it was due ${day}`;
}

/**
 * Makes the due-date reminders (issue 17, decision 027). Every instance runs one; a round claims
 * the scheduler's row (FOR UPDATE SKIP LOCKED), so one instance at a time finds the due items
 * with one query and makes their notifications; each reminder is recorded in reminders_sent in the
 * same statement as its notification, so none is made twice, across instances and restarts.
 */
export class ReminderScheduler {
  private readonly settings: ReminderSettings;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private isStopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    settings: Partial<ReminderSettings> = {},
  ) {
    this.settings = { ...DEFAULT_REMINDER_SETTINGS, ...settings };
  }

  async start() {
    await repo.ensureSchedulerRow(this.db);
    this.schedule(0);
  }

  async stop() {
    this.isStopped = true;
    clearTimeout(this.timer);
    await this.round?.catch(() => {});
  }

  private schedule(ms: number) {
    if (this.isStopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref();
  }

  private tick() {
    if (this.isStopped || this.round) return;
    let nextInMs = this.settings.intervalMs;
    this.round = outsideRecording(async () => {
      try {
        await this.runRound();
      } catch (error) {
        if (this.isStopped) return;
        if (isConcurrentChange(error)) {
          // A person's write held what the round needed: it gave way, and tries again shortly.
          this.log.info({ code: (error as { code?: string }).code }, 'reminders: a round gave way to a concurrent change; trying again');
          nextInMs = GIVE_WAY_RETRY_MS;
        } else {
          this.log.warn({ err: error }, 'reminders: a round failed; trying again at the next interval');
        }
      }
    }).finally(() => {
      this.round = undefined;
      this.schedule(nextInMs);
    });
  }

  /** One round at one moment of the clock: pages of candidates, each in its own transaction. */
  private async runRound() {
    const now = this.settings.now();
    const window = candidateWindow(now);
    let after: repo.CandidateKey | undefined;
    let made = 0;
    for (;;) {
      const page = await this.processPage(now, window, after);
      if (page === 'busy') return;
      made += page.made;
      if (!page.next || this.isStopped) break;
      after = page.next;
    }
    if (made > 0) this.log.info({ made }, 'reminders: made due-date reminders');
  }

  private processPage(now: Date, window: ReturnType<typeof candidateWindow>, after: repo.CandidateKey | undefined) {
    const { batchSize } = this.settings;
    return this.db.transaction(async (tx): Promise<'busy' | { made: number; next: repo.CandidateKey | undefined }> => {
      await giveWayToRequests(tx, NOTIFIER_LOCK_TIMEOUT_MS);
      if (!(await repo.claimScheduler(tx))) return 'busy';
      const candidates = await repo.findReminderCandidates(tx, { ...window, after, limit: batchSize });
      const reminders: repo.Reminder[] = [];
      for (const candidate of candidates) {
        const kind = reminderKindAt(candidate.dueDate, candidate.timeZone, now, candidate.isDueSoonSent);
        if (!kind) continue;
        const text = reminderText(candidate, kind);
        const isTask = candidate.itemType === 'task';
        reminders.push({
          userId: candidate.userId,
          itemType: candidate.itemType,
          itemId: candidate.itemId,
          dueDate: candidate.dueDate,
          kind,
          projectId: candidate.projectId,
          featureId: candidate.featureId,
          taskId: isTask ? candidate.itemId : null,
          todoId: isTask ? null : candidate.itemId,
          item: { key: `reminder:${candidate.itemType}:${candidate.itemId}:${candidate.dueDate}:${kind}`, kind, text, at: now.toISOString(), actorId: null },
        });
      }
      const made = await repo.insertReminders(tx, reminders);
      const last = candidates.at(-1);
      const next = candidates.length === batchSize && last ? { dueDate: last.dueDate, itemType: last.itemType, itemId: last.itemId } : undefined;
      if (!next) await repo.markRoundDone(tx, now);
      return { made, next };
    });
  }
}

/** Reminder records of due dates before this day are no longer needed: no round reads that far back (housekeeping). */
export function reminderRecordsNeededFrom(now: Date): string {
  return utcDate(now.getTime() - OVERDUE_LOOKBACK_MS - 3 * DAY_MS);
}
