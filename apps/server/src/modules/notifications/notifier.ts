import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { outsideRecording } from '../../db/query-log.js';
import type { EventRow } from '../events/events.repo.js';
import { deriveNotices, type Notice } from './notifier.derive.js';
import * as repo from './notifier.repo.js';

/** How the notifier works; the defaults suit production, tests shorten or lengthen them. */
export type NotifierSettings = {
  /** Several events on one task for one person within this long make one notification. */
  collapseMs: number;
  /** How often the events are looked at without a wake-up (events of other instances, a lost wake-up). */
  sweepMs: number;
  /** Events read per transaction. */
  batchSize: number;
  /**
   * Event ids are taken when written and committed later: each round reads again the events of
   * this long before its cursor, skipping those already processed, so a late commit is not missed.
   */
  overlapMs: number;
};

export const DEFAULT_NOTIFIER_SETTINGS: NotifierSettings = {
  collapseMs: 5 * 60_000,
  sweepMs: 5_000,
  batchSize: 200,
  overlapMs: 30_000,
};

const NOTIFYING = new Set<string>(repo.NOTIFYING_EVENT_TYPES);

/** How long a round waits for a row lock a request holds before giving way. */
export const NOTIFIER_LOCK_TIMEOUT_MS = 200;
/** When a round that gave way tries again. */
export const GIVE_WAY_RETRY_MS = 250;

/**
 * A round that met a person's concurrent write: a lock it gave up waiting for (55P03), a deadlock
 * (40P01), a serialization failure (40001), or a task or project deleted after its event was read
 * (23503, the notification's reference). The next round reads the world as it then is.
 */
export function isConcurrentChange(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } } | undefined)?.code ?? (error as { cause?: { code?: string } } | undefined)?.cause?.code;
  return code === '55P03' || code === '40P01' || code === '40001' || code === '23503';
}

/**
 * Turns committed events into notifications (issue 17, decision 025). Every instance runs one;
 * a round claims the single cursor row (FOR UPDATE SKIP LOCKED), so one instance at a time reads
 * the events after it, derives and stores their notifications with their live events, and moves
 * the cursor, all in one transaction: each event notifies once across instances and restarts.
 * Woken by the events this instance hears (LISTEN), and by a sweep.
 */
export class Notifier {
  private readonly settings: NotifierSettings;
  private timer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private isWokenAgain = false;
  private isStopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    settings: Partial<NotifierSettings> = {},
  ) {
    this.settings = { ...DEFAULT_NOTIFIER_SETTINGS, ...settings };
  }

  async start() {
    await repo.ensureCursor(this.db);
    this.wake();
  }

  /** An event was committed: a notifying one is processed now rather than at the next sweep. */
  onEvent(event: EventRow) {
    if (NOTIFYING.has(event.type)) this.wake();
  }

  wake() {
    if (this.isStopped) return;
    if (this.round) {
      this.isWokenAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.round = outsideRecording(() => this.runRounds()).finally(() => {
      this.round = undefined;
      this.schedule();
    });
  }

  async stop() {
    this.isStopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
    await this.round?.catch(() => {});
  }

  private retrySoon() {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.wake(), GIVE_WAY_RETRY_MS);
    this.retryTimer.unref();
  }

  private schedule() {
    if (this.isStopped) return;
    this.timer = setTimeout(() => this.wake(), this.settings.sweepMs);
    this.timer.unref();
  }

  private async runRounds() {
    do {
      this.isWokenAgain = false;
      try {
        while (!this.isStopped && (await this.processBatch()) === 'more');
      } catch (error) {
        if (this.isStopped) return;
        if (isConcurrentChange(error)) {
          // A person's write (deleting a project, say) held what this round needed: it gave way
          // and tries again shortly; the events are still after the cursor.
          this.log.info({ code: (error as { code?: string }).code }, 'notifier: a round gave way to a concurrent change; trying again');
          this.retrySoon();
        } else {
          this.log.warn({ err: error }, 'notifier: a round failed; trying again at the next sweep');
        }
      }
    } while (this.isWokenAgain && !this.isStopped);
  }

  /** One transaction: claim the cursor, process a batch of events, advance. */
  private processBatch(): Promise<'done' | 'more' | 'busy'> {
    const { batchSize, overlapMs, collapseMs } = this.settings;
    return this.db.transaction(async (tx) => {
      // A round never makes a person's request wait long, nor become a deadlock's victim: it
      // gives up a lock wait well before PostgreSQL looks for deadlocks (deadlock_timeout, 1 s).
      await repo.giveWayToRequests(tx, NOTIFIER_LOCK_TIMEOUT_MS);
      const until = await repo.claimCursor(tx);
      if (!until) return 'busy';
      const pending = await repo.findPendingEvents(tx, new Date(until.getTime() - overlapMs), batchSize);
      if (pending.length === 0) return 'done';
      const names = new Map<string, string>();
      const actorName = async (id: string | null) => {
        if (!id) return 'Someone';
        if (!names.has(id)) names.set(id, (await repo.findUserName(tx, id)) ?? 'Someone');
        return names.get(id)!;
      };
      for (const event of pending) await storeAll(tx, await deriveNotices(tx, event, actorName), collapseMs);
      const newest = pending.reduce((latest, event) => (event.createdAt > latest ? event.createdAt : latest), until);
      await repo.advanceCursor(tx, pending, newest, overlapMs);
      return pending.length === batchSize ? 'more' : 'done';
    });
  }
}

/**
 * Stores one event's notices: a few statements whatever its audience (a comment on a task 50
 * people watch: one lookup, one update, one insert). A person told twice by one event (a status
 * change and an assignment) has their second notice collapse into their first, so the notices go
 * in waves of one per person.
 */
async function storeAll(tx: repo.Tx, notices: Notice[], collapseMs: number) {
  let rest = notices;
  while (rest.length > 0) {
    const wave: Notice[] = [];
    const later: Notice[] = [];
    const inWave = new Set<string>();
    for (const notice of rest) {
      if (inWave.has(notice.userId)) later.push(notice);
      else {
        inWave.add(notice.userId);
        wave.push(notice);
      }
    }
    await storeWave(tx, wave, collapseMs);
    rest = later;
  }
}

/** Notices for different people: each collapses into their notification on the task, or makes one. */
async function storeWave(tx: repo.Tx, wave: Notice[], collapseMs: number) {
  const itemOf = (notice: Notice): repo.StoredItem => ({ key: notice.key, kind: notice.kind, text: notice.text, at: notice.at.toISOString(), actorId: notice.actorId });
  const inserts: Array<{ target: Notice; item: repo.StoredItem }> = [];
  const collapses: Array<{ notificationId: string; item: repo.StoredItem }> = [];
  // One event's notices share their task and time; grouped anyway, so nothing assumes it.
  const byTask = new Map<string, Notice[]>();
  for (const notice of wave) {
    if (!notice.taskId) inserts.push({ target: notice, item: itemOf(notice) });
    else {
      const key = `${notice.taskId} ${notice.at.getTime()}`;
      byTask.set(key, [...(byTask.get(key) ?? []), notice]);
    }
  }
  for (const group of byTask.values()) {
    const first = group[0]!;
    const targets = await repo.findCollapseTargets(
      tx,
      group.map((notice) => notice.userId),
      first.taskId!,
      new Date(first.at.getTime() - collapseMs),
    );
    for (const notice of group) {
      const target = targets.get(notice.userId);
      if (!target) inserts.push({ target: notice, item: itemOf(notice) });
      // A replayed event is already listed: nothing to add.
      else if (!target.items.some((existing) => existing.key === notice.key)) collapses.push({ notificationId: target.id, item: itemOf(notice) });
    }
  }
  await repo.collapseIntoMany(tx, collapses);
  await repo.insertNotifications(tx, inserts);
}
