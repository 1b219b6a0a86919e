import type { ServiceContext, Actor } from '../context.js';
import { REPLAY_LIMIT } from './events.constants.js';
import { findEventsAfter, findStreamStart } from './events.repo.js';
import { newVisibility } from './events.policy.js';
import type { EventHub } from './event-hub.js';
import { EventStream } from './event-stream.js';

/**
 * Where a client resumes: after an event id it saw (Last-Event-ID), nowhere (a first connection),
 * or 'unknown' (a Last-Event-ID that is no event id: it must refetch everything).
 */
export type ResumePoint = number | null | 'unknown';

/**
 * Opens a stream for the signed-in user: registered with the hub first, so nothing committed
 * while it starts is missed; then what the user may see and, when resuming, the events missed
 * since (or a reset when they are no longer all kept). Two statements at most.
 */
export async function openEventStream(ctx: ServiceContext, hub: EventHub, user: Actor, sessionId: string, resume: ResumePoint) {
  const stream = new EventStream(user.id, sessionId, (closed) => hub.remove(closed));
  hub.add(stream);
  try {
    const lastId = typeof resume === 'number' ? resume : null;
    const start = await findStreamStart(ctx.db, user.id, lastId);
    const visibility = newVisibility(user.id, start.ownedWorkspaces, start.memberships);
    let replay: Awaited<ReturnType<typeof findEventsAfter>> | 'reset' = [];
    if (resume === 'unknown') {
      replay = 'reset';
    } else if (lastId !== null) {
      // Id 0: no event existed when the client connected; anything kept since is new to it.
      const anchor = start.resumeAt ?? (lastId === 0 ? new Date(0) : null);
      if (!anchor) replay = 'reset';
      else {
        const missed = await findEventsAfter(ctx.db, lastId, anchor, REPLAY_LIMIT + 1);
        replay = missed.length > REPLAY_LIMIT ? 'reset' : missed;
      }
    }
    const newest = replay === 'reset' ? 0 : (replay[replay.length - 1]?.id ?? 0);
    stream.begin(visibility, replay, Math.max(start.latestId, newest));
    return stream;
  } catch (error) {
    stream.close();
    throw error;
  }
}

/** Parses a Last-Event-ID (header or query): an id, none, or something that is no id. */
export function resumePointOf(value: string | undefined): ResumePoint {
  if (value === undefined || value.trim() === '') return null;
  return /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : 'unknown';
}
