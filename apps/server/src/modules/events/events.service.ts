import { tooManyRequests } from '../../http/errors.js';
import type { ServiceContext, Actor } from '../context.js';
import { EVENT_RETENTION_MS, REPLAY_LIMIT } from './events.constants.js';
import { COMMIT_OVERLAP_MS, findRecentEvents, findReplay, findStreamStart, type EventRow, type StreamStart } from './events.repo.js';
import { losesAccess, newVisibility, type Visibility } from './events.policy.js';
import type { EventHub } from './event-hub.js';
import { EventStream } from './event-stream.js';

/**
 * Where a client resumes: after an event id it saw (Last-Event-ID), nowhere (a first connection),
 * 'unknown' (a Last-Event-ID that is no event id: it must refetch everything), or, for a first
 * connection whose client read its data a while ago, from that many milliseconds back (`sinceMs`).
 */
export type ResumePoint = number | null | 'unknown' | { sinceMs: number };

const ADDRESS_FULL = 'Too many live connections from your network. Close some tabs, or try again shortly.';
const INSTANCE_FULL = 'The server has too many live connections. Please try again shortly.';
/** Streams end when their tabs close; a refused client retries after this (browsers also back off on their own). */
const STREAM_RETRY_AFTER_SECONDS = 30;

/**
 * Opens a stream for the signed-in user (429 when this instance holds as many streams as it may,
 * from the client's address or in all): registered with the hub first, so nothing committed
 * while it starts is missed; then, when resuming, the events missed since (or a reset when they
 * are no longer all kept), and what the user may see. Two statements at most.
 *
 * The missed events are read before what the user may see, so what the user may see already
 * reflects every one of them: the replay is filtered by what the user may see now and never
 * changes it (`canReplay`). Events committed after the first read reach the stream live, in
 * commit order, as on any stream.
 */
export async function openEventStream(
  ctx: ServiceContext,
  hub: EventHub,
  client: { user: Actor; sessionId: string; address: string },
  resume: ResumePoint,
) {
  const { user, sessionId, address } = client;
  const room = hub.roomFor(address);
  if (room !== 'ok') throw tooManyRequests(room === 'full' ? INSTANCE_FULL : ADDRESS_FULL, STREAM_RETRY_AFTER_SECONDS);
  // Checked and added with no wait between: two streams opening at once cannot both take the last place.
  const stream = new EventStream(user.id, sessionId, address, (closed) => hub.remove(closed));
  hub.add(stream);
  try {
    const lastId = typeof resume === 'number' ? resume : null;
    const missed = await findMissed(ctx, resume);
    const start = await findStreamStart(ctx.db, user.id, lastId);
    const visibility = newVisibility(user.id, start.ownedWorkspaces, start.memberships);
    const replay = replayOf(resume, start, missed, visibility);
    const newest = replay === 'reset' ? 0 : (replay[replay.length - 1]?.id ?? 0);
    stream.begin(visibility, replay, Math.max(start.latestId, newest));
    return stream;
  } catch (error) {
    stream.close();
    throw error;
  }
}

/** The events a stream may have to replay (read before what the user may see; see above). */
function findMissed(ctx: ServiceContext, resume: ResumePoint): Promise<EventRow[]> {
  if (typeof resume === 'number') return findReplay(ctx.db, resume, REPLAY_LIMIT + 1);
  if (resume === null || resume === 'unknown' || isBeyondRetention(resume.sinceMs)) return Promise.resolve([]);
  return findRecentEvents(ctx.db, resume.sinceMs, REPLAY_LIMIT + 1);
}

/** Events older than this may have been pruned: a look back that far cannot be replayed whole. */
const isBeyondRetention = (sinceMs: number) => sinceMs + COMMIT_OVERLAP_MS > EVENT_RETENTION_MS;

/**
 * What a resuming stream replays: the missed events, or a reset (refetch everything) when they
 * are not all kept, are too many, or took a project away from the user since the resume point
 * (their client still shows it, and a reset says nothing of it).
 */
function replayOf(resume: ResumePoint, start: StreamStart, missed: EventRow[], visibility: Visibility): EventRow[] | 'reset' {
  if (resume === 'unknown') return 'reset';
  if (resume === null) return [];
  if (typeof resume === 'object') {
    // A first connection: the client's data is as old as it says; what changed since is news.
    if (isBeyondRetention(resume.sinceMs) || missed.length > REPLAY_LIMIT) return 'reset';
    if (missed.some((event) => losesAccess(visibility, event))) return 'reset';
    return missed;
  }
  // Id 0: no event existed when the client connected; anything kept since is new to it.
  if (start.resumeAt === null && resume !== 0) return 'reset';
  if (missed.length > REPLAY_LIMIT) return 'reset';
  // Only news the client missed: one of the overlap's events it has most likely had already.
  if (missed.some((event) => event.id > resume && losesAccess(visibility, event))) return 'reset';
  return missed;
}

/**
 * Parses a Last-Event-ID (header or query): an id, none, or something that is no id. Without
 * one, a first connection's `sinceMs` (how old its client's data is) says where it starts.
 */
export function resumePointOf(value: string | undefined, sinceMs?: number): ResumePoint {
  if (value === undefined || value.trim() === '') return sinceMs === undefined ? null : { sinceMs };
  return /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : 'unknown';
}
