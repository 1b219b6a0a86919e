import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { apiTokenIdOfStreamKey } from '../api-tokens/api-token-secrets.js';
import { findLiveApiTokenIds } from '../api-tokens/api-tokens.repo.js';
import { findLiveSessionIds } from '../auth/sessions.repo.js';
import { EVENTS_CHANNEL, REPLAY_LIMIT } from './events.constants.js';
import { eventFromNotification, findEventsAfter, findLatestEvent, type EventRow } from './events.repo.js';
import type { EventStream } from './event-stream.js';

const HEARTBEAT_MS = 25_000;
const SESSION_CHECK_MS = 30_000;
/** One user's open streams on this instance; the oldest goes when another opens (a forgotten tab). */
const MAX_STREAMS_PER_USER = 20;
/** Event ids already handed out, so a catch-up after a lost connection sends nothing twice. */
const REMEMBERED_IDS = 10_000;

/** How many streams one instance keeps open, per client address and in all (EVENT_STREAMS_*). */
export type StreamLimits = { perAddress: number; max: number };

/**
 * An app instance's end of the live events: it LISTENs for the events every instance commits
 * (PostgreSQL NOTIFY, or PGlite's in process) and hands each to this instance's open streams,
 * each of which decides from its user's visibility whether to send it. It also keeps streams
 * alive (heartbeats), ends those whose session ended, and catches up from the events table when
 * its LISTEN connection was lost for a while.
 */
export class EventHub {
  private readonly streams = new Set<EventStream>();
  private readonly byUser = new Map<string, EventStream[]>();
  private readonly byAddress = new Map<string, number>();
  private readonly handedOut = new Set<number>();
  private readonly listeners = new Set<(event: EventRow) => void>();
  private latest: { id: number; at: Date } = { id: 0, at: new Date() };
  private stopListening: (() => Promise<void>) | undefined;
  private timers: NodeJS.Timeout[] = [];
  private isCatchingUp = false;
  private isClosed = false;

  constructor(
    private readonly db: Db,
    private readonly database: Pick<Database, 'listen'>,
    private readonly log: FastifyBaseLogger,
    private readonly limits: StreamLimits,
  ) {}

  async start() {
    const latest = await findLatestEvent(this.db);
    if (latest) this.latest = latest;
    this.stopListening = await this.database.listen(
      EVENTS_CHANNEL,
      (payload) => {
        const event = eventFromNotification(payload);
        if (event) this.dispatch(event);
        else this.log.warn('ignored a malformed event notification');
      },
      () => void this.catchUp(),
    );
    this.timers = [
      setInterval(() => this.streams.forEach((stream) => stream.ping()), HEARTBEAT_MS),
      setInterval(() => void this.endExpiredSessions(), SESSION_CHECK_MS),
    ];
    for (const timer of this.timers) timer.unref();
  }

  /** Calls `listener` with every event this instance hears (the notifier's wake-up); answers the way to stop. */
  onEvent(listener: (event: EventRow) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The newest event this instance has handed out (where a new stream starts from). */
  get latestId() {
    return this.latest.id;
  }

  /**
   * Whether another stream from `address` may open now: 'full' when this instance holds as many
   * as it may in all, 'address-full' when that address holds as many as one may. A stream that
   * closes frees its place at once.
   */
  roomFor(address: string): 'ok' | 'full' | 'address-full' {
    if (this.streams.size >= this.limits.max) return 'full';
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) return 'address-full';
    return 'ok';
  }

  add(stream: EventStream) {
    // Opened while the instance shuts down: ended at once (its client reconnects elsewhere).
    if (this.isClosed) {
      stream.close();
      return;
    }
    this.streams.add(stream);
    this.byAddress.set(stream.address, (this.byAddress.get(stream.address) ?? 0) + 1);
    const mine = this.byUser.get(stream.userId) ?? [];
    mine.push(stream);
    this.byUser.set(stream.userId, mine);
    if (mine.length > MAX_STREAMS_PER_USER) mine[0]!.close();
  }

  remove(stream: EventStream) {
    if (!this.streams.delete(stream)) return;
    const fromAddress = (this.byAddress.get(stream.address) ?? 1) - 1;
    if (fromAddress > 0) this.byAddress.set(stream.address, fromAddress);
    else this.byAddress.delete(stream.address);
    const mine = (this.byUser.get(stream.userId) ?? []).filter((other) => other !== stream);
    if (mine.length) this.byUser.set(stream.userId, mine);
    else this.byUser.delete(stream.userId);
  }

  /** Ends the streams of a session that was signed out here. */
  endSession(sessionId: string) {
    for (const stream of [...this.streams]) if (stream.sessionId === sessionId) stream.close();
  }

  get openStreams() {
    return this.streams.size;
  }

  /** Shutdown: no more events; every stream ends (its client reconnects to another instance). */
  async close() {
    this.isClosed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    for (const stream of [...this.streams]) stream.close();
    await this.stopListening?.().catch(() => {});
    this.stopListening = undefined;
  }

  private dispatch(event: EventRow) {
    if (this.handedOut.has(event.id)) return;
    this.handedOut.add(event.id);
    if (this.handedOut.size > REMEMBERED_IDS) this.handedOut.delete(this.handedOut.values().next().value!);
    if (event.id > this.latest.id) this.latest = { id: event.id, at: event.createdAt };
    for (const stream of this.streams) stream.offer(event);
    for (const listener of this.listeners) listener(event);
  }

  /**
   * The LISTEN connection was lost and is back: what was committed meanwhile is read from the
   * table and handed out. Too much, or an anchor already pruned: every stream resets instead.
   */
  private async catchUp() {
    if (this.isCatchingUp) return;
    this.isCatchingUp = true;
    try {
      const missed = await findEventsAfter(this.db, this.latest.id, this.latest.at, REPLAY_LIMIT + 1);
      if (missed.length > REPLAY_LIMIT) {
        const newest = missed[missed.length - 1]!;
        this.latest = { id: newest.id, at: newest.createdAt };
        this.log.warn({ missed: missed.length }, 'live events: too many missed while disconnected; clients refetch');
        for (const stream of this.streams) stream.reset(this.latest.id);
        return;
      }
      for (const event of missed) this.dispatch(event);
      this.log.info({ missed: missed.length }, 'live events: listening again');
    } catch (error) {
      this.log.warn({ err: error }, 'live events: catching up failed; clients refetch');
      for (const stream of this.streams) stream.reset(this.latest.id);
    } finally {
      this.isCatchingUp = false;
    }
  }

  private async endExpiredSessions() {
    if (this.streams.size === 0) return;
    try {
      // A stream lives by its session, or by its API token (decision 038: revoked, expired or
      // its account deactivated, it ends).
      const keys = [...new Set([...this.streams].map((stream) => stream.sessionId))];
      const tokenIds = keys.map(apiTokenIdOfStreamKey).filter((id): id is string => id !== undefined);
      const sessions = keys.filter((key) => apiTokenIdOfStreamKey(key) === undefined);
      const [liveSessions, liveTokens] = await Promise.all([findLiveSessionIds(this.db, sessions), findLiveApiTokenIds(this.db, tokenIds)]);
      const isLive = (key: string) => {
        const tokenId = apiTokenIdOfStreamKey(key);
        return tokenId === undefined ? liveSessions.has(key) : liveTokens.has(tokenId);
      };
      for (const stream of [...this.streams]) if (!isLive(stream.sessionId)) stream.close();
    } catch (error) {
      this.log.warn({ err: error }, 'live events: session check failed');
    }
  }
}
