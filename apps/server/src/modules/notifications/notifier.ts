import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { outsideRecording } from '../../db/query-log.js';
import type { EventRow } from '../events/events.repo.js';
import { deriveNotices, type Notice } from './notifier.derive.js';
import { RoundLookups } from './notifier.lookups.js';
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
   * An event heard wakes the notifier this long later, so that a burst of writes (a person's
   * edits, a busy team, every comment of a load test) shares one round instead of paying for a
   * transaction, a cursor claim and a cursor move each. Far below what a person notices.
   */
  wakeDelayMs: number;
  /**
   * While events keep coming, a round starts at most this often (counted from the last round's
   * start): a busy install pays for a round per this long, not per wakeDelayMs, and each round
   * stores a watcher's notification once for all the events it read (a comment thread 50
   * people watch: 50 rows a round, however many comments). A backlog is read without a pause
   * (decision 044).
   */
  busyIntervalMs: number;
  /**
   * Event ids are taken when written and committed later: an id the cursor passed before its
   * transaction committed stays a gap, read once it commits, for this long; then it is taken for
   * a transaction that rolled back.
   */
  overlapMs: number;
};

export const DEFAULT_NOTIFIER_SETTINGS: NotifierSettings = {
  collapseMs: 5 * 60_000,
  sweepMs: 5_000,
  batchSize: 200,
  wakeDelayMs: 100,
  busyIntervalMs: 500,
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
  private wakeTimer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  /** When the last round started (ms since the epoch; 0 before the first). */
  private roundStartedAt = 0;
  private isWokenAgain = false;
  private isStopped = false;
  /** Where the cursor stood after this instance's last committed round. */
  private passed: Pick<repo.Cursor, 'processedId' | 'gaps'> = { processedId: 0, gaps: [] };

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

  /**
   * An event was committed: it is read shortly (wakeDelayMs) rather than at the next sweep. Every
   * type wakes: the cursor passes each id (decision 043), so it stands still soon after the last
   * write. The notifier's own events (passed by the round that wrote them) do not.
   */
  onEvent(event: EventRow) {
    if (this.isStopped || this.hasPassed(event.id)) return;
    this.wakeIn(wakeDelay('event', Date.now(), this.roundStartedAt, this.settings));
  }

  /** Wakes the notifier in `ms`, unless a wake-up is already due. */
  private wakeIn(ms: number) {
    if (this.wakeTimer || this.isStopped) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.wake();
    }, Math.max(0, ms));
    this.wakeTimer.unref();
  }

  /** Whether this instance's last round passed the id (read it, or wrote it): not one of its gaps. */
  private hasPassed(id: number) {
    return id <= this.passed.processedId && !this.passed.gaps.some(([first, last]) => id >= first && id <= last);
  }

  wake() {
    if (this.isStopped) return;
    if (this.round) {
      this.isWokenAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.isWokenAgain = false;
    this.roundStartedAt = Date.now();
    this.round = outsideRecording(() => this.runRound()).finally(() => {
      this.round = undefined;
      // Woken while it ran: the next round, once the busy interval has passed.
      if (this.isWokenAgain) this.wakeIn(wakeDelay('during a round', Date.now(), this.roundStartedAt, this.settings));
      this.schedule();
    });
  }

  async stop() {
    this.isStopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
    clearTimeout(this.wakeTimer);
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

  /** Reads every event after the cursor, a batch a transaction (a backlog without a pause). */
  private async runRound() {
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
  }

  /** One transaction: claim the cursor, process a batch of events, advance. */
  private async processBatch(): Promise<'done' | 'more' | 'busy'> {
    const { batchSize, overlapMs, collapseMs } = this.settings;
    let passed: repo.Cursor | undefined;
    const outcome = await this.db.transaction(async (tx) => {
      // A round never makes a person's request wait long, nor become a deadlock's victim: it
      // gives up a lock wait well before PostgreSQL looks for deadlocks (deadlock_timeout, 1 s).
      await repo.giveWayToRequests(tx, NOTIFIER_LOCK_TIMEOUT_MS);
      const cursor = await repo.claimCursor(tx);
      if (!cursor) return 'busy';
      const read = await repo.findUnreadEvents(tx, cursor, batchSize);
      if (read.length === 0) {
        // Only gaps forgotten (their transactions rolled back): nothing else to do.
        const next = advanceCursor(cursor, read, Date.now(), overlapMs);
        if (next.gaps.length !== cursor.gaps.length) await repo.saveCursor(tx, next);
        passed = next;
        return 'done';
      }
      const pending = read.filter((event) => NOTIFYING.has(event.type));
      // The round's own live events (notification.created) commit with the cursor: it passes
      // them rather than reading them in a round of their own. Their ids come after every id read.
      let own: number[] = [];
      if (pending.length > 0) {
        const names = new Map<string, string>();
        const actorName = async (id: string | null) => {
          if (!id) return 'Someone';
          if (!names.has(id)) names.set(id, (await repo.findUserName(tx, id)) ?? 'Someone');
          return names.get(id)!;
        };
        const lookups = new RoundLookups(tx);
        await lookups.prefetch(pending);
        const notices: Notice[] = [];
        for (const event of pending) notices.push(...(await deriveNotices(tx, event, actorName, lookups)));
        own = await storeRound(tx, notices, collapseMs);
      }
      const passedToo = own.sort((a, b) => a - b).map((id) => ({ id, createdAt: cursor.processedUntil }));
      const next = advanceCursor(cursor, [...read, ...passedToo], Date.now(), overlapMs);
      await repo.saveCursor(tx, next);
      passed = next;
      return read.length === batchSize ? 'more' : 'done';
    });
    if (passed) this.passed = passed;
    return outcome;
  }
}

/**
 * How long after `now` the next round starts (pure): for an event, at least wakeDelayMs; for one
 * heard while a round ran, at once; either way not before busyIntervalMs after the last round's
 * start (`roundStartedAt`). A quiet install answers its first event after wakeDelayMs; a busy
 * one runs a round per busyIntervalMs.
 */
export function wakeDelay(
  heard: 'event' | 'during a round',
  now: number,
  roundStartedAt: number,
  settings: Pick<NotifierSettings, 'wakeDelayMs' | 'busyIntervalMs'>,
): number {
  const untilBusyRound = roundStartedAt + settings.busyIntervalMs - now;
  return Math.max(heard === 'event' ? settings.wakeDelayMs : 0, untilBusyRound);
}

/** Gap ranges kept at most: past it the oldest go (a burst of rolled-back writes). */
export const MAX_GAP_RANGES = 1_000;

/**
 * Where the cursor stands after reading `read` (oldest first, as `findUnreadEvents` answers)
 * at `now` (pure; decision 043). The ids read leave the gaps; ids after the old cursor up to the
 * newest read that were not among them (taken by transactions not committed yet) become gaps;
 * a gap noticed more than `overlapMs` ago is forgotten.
 */
export function advanceCursor(cursor: repo.Cursor, read: Array<Pick<EventRow, 'id' | 'createdAt'>>, now: number, overlapMs: number): repo.Cursor {
  const ids = read.map((event) => event.id);
  const gaps: repo.GapRange[] = [];
  for (const [first, last, noticedAt] of cursor.gaps) {
    if (noticedAt + overlapMs < now) continue;
    let from = first;
    for (const id of ids) {
      if (id < from || id > last) continue;
      if (id > from) gaps.push([from, id - 1, noticedAt]);
      from = id + 1;
    }
    if (from <= last) gaps.push([from, last, noticedAt]);
  }
  let processedId = cursor.processedId;
  for (const id of ids) {
    if (id <= processedId) continue;
    if (id > processedId + 1) gaps.push([processedId + 1, id - 1, now]);
    processedId = id;
  }
  let processedUntil = cursor.processedUntil;
  for (const event of read) if (event.createdAt > processedUntil) processedUntil = event.createdAt;
  return { processedId, processedUntil, gaps: gaps.length > MAX_GAP_RANGES ? gaps.slice(-MAX_GAP_RANGES) : gaps };
}

/** One person's notices on one task that make one notification: in time order, each key once. */
type Segment = { notices: Notice[]; first: Date; newest: Date };

/**
 * How a round's notices become notifications (pure; the order of `notices` is the events').
 * Per person and task, the notices in time order make segments: a notice joins the segment
 * before it when at most `collapseMs` after its newest event, as one at a time would have
 * collapsed. A notice whose key its segment already lists (a replay) is left out. Notices about
 * no task (membership) each make their own.
 */
export function planRound(notices: Notice[], collapseMs: number) {
  const byTask = new Map<string, { userId: string; taskId: string; segments: Segment[] }>();
  const single: Notice[] = [];
  for (const notice of notices) {
    if (!notice.taskId) {
      single.push(notice);
      continue;
    }
    const groupKey = repo.collapseKey(notice.userId, notice.taskId);
    let group = byTask.get(groupKey);
    if (!group) {
      group = { userId: notice.userId, taskId: notice.taskId, segments: [] };
      byTask.set(groupKey, group);
    }
    const last = group.segments.at(-1);
    if (last && notice.at.getTime() - last.newest.getTime() <= collapseMs) {
      if (last.notices.some((listed) => listed.key === notice.key)) continue;
      last.notices.push(notice);
      if (notice.at > last.newest) last.newest = notice.at;
    } else {
      group.segments.push({ notices: [notice], first: notice.at, newest: notice.at });
    }
  }
  return { groups: [...byTask.values()], single };
}

/**
 * Stores a round's notices in three statements whatever their number: one finds (and locks)
 * everyone's notification to collapse into, one adds to those, one inserts the rest. A comment
 * on a task 50 people watch costs what one watcher's would, and a burst of events on one task
 * within a round updates each watcher's notification once.
 */
async function storeRound(tx: repo.Tx, notices: Notice[], collapseMs: number): Promise<number[]> {
  const itemOf = (notice: Notice): repo.StoredItem => ({ key: notice.key, kind: notice.kind, text: notice.text, at: notice.at.toISOString(), actorId: notice.actorId });
  const newestFirst = (list: Notice[]) => list.map(itemOf).reverse();
  const { groups, single } = planRound(notices, collapseMs);
  const targets = await repo.findCollapseTargets(
    tx,
    groups.map((group) => ({ userId: group.userId, taskId: group.taskId, since: new Date(group.segments[0]!.first.getTime() - collapseMs) })),
  );
  const inserts: Array<{ target: Notice; items: repo.StoredItem[] }> = single.map((notice) => ({ target: notice, items: [itemOf(notice)] }));
  const collapses: Array<{ notificationId: string; items: repo.StoredItem[]; listed: number }> = [];
  for (const group of groups) {
    const [first, ...later] = group.segments as [Segment, ...Segment[]];
    const target = targets.get(repo.collapseKey(group.userId, group.taskId));
    if (target) {
      // A replayed event is already listed: only what is new is added.
      const listed = new Set(target.keys);
      const fresh = first.notices.filter((notice) => !listed.has(notice.key));
      if (fresh.length > 0) collapses.push({ notificationId: target.id, items: newestFirst(fresh), listed: target.keys.length });
    } else {
      inserts.push({ target: first.notices[0]!, items: newestFirst(first.notices) });
    }
    for (const segment of later) inserts.push({ target: segment.notices[0]!, items: newestFirst(segment.notices) });
  }
  return [...(await repo.collapseIntoMany(tx, collapses)), ...(await repo.insertNotifications(tx, inserts))];
}
