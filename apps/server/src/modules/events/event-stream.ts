import { PassThrough } from 'node:stream';
import type { LiveEvent } from '@tasklane/contract';
import type { EventRow } from './events.repo.js';
import { admit, canReplay, type Visibility } from './events.policy.js';

/** A client this far behind (unread bytes) is cut off; it reconnects and resumes from its last event. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How long a browser waits before reconnecting (the SSE `retry` field). */
export const RECONNECT_DELAY_MS = 2_000;

/** The data of an event as clients receive it: ids, type, version, actor; never content. */
export function presentEvent(event: EventRow): LiveEvent {
  return {
    id: String(event.id),
    type: event.type,
    entityId: event.entityId,
    projectId: event.projectId,
    workspaceId: event.workspaceId,
    featureId: event.featureId,
    taskId: event.taskId,
    userId: event.subjectId,
    version: event.version,
    actorId: event.actorId,
    origin: event.origin,
    at: event.createdAt.toISOString(),
  };
}

/**
 * One client's event stream (one browser tab): a body Fastify sends as it is written, and the
 * user's visibility, against which every event is checked before it is written.
 *
 * While it starts (the visibility and the replay are read), live events wait in `pending`;
 * `begin` writes the replay, then the pending events it did not already contain, in order.
 */
export class EventStream {
  readonly body = new PassThrough();
  private pending: EventRow[] | undefined = [];
  private isClosed = false;

  private visibility: Visibility | undefined;

  constructor(
    readonly userId: string,
    readonly sessionId: string,
    /** The client's address (behind a proxy with TRUST_PROXY, the real one): streams are capped per address. */
    readonly address: string,
    private readonly onClose: (stream: EventStream) => void,
  ) {
    this.body.on('close', () => this.close());
    this.body.on('error', () => this.close());
    this.write(`retry: ${RECONNECT_DELAY_MS}\n\n`);
  }

  get closed() {
    return this.isClosed;
  }

  /**
   * Starts the live flow with what the user may see now: `replay` are the missed events (oldest
   * first; read before `visibility`, which reflects them), or 'reset' when they cannot be
   * replayed (the client must refetch everything); `latestId` is where events stood.
   */
  begin(visibility: Visibility, replay: EventRow[] | 'reset', latestId: number) {
    if (this.isClosed) return;
    this.visibility = visibility;
    const seen = new Set<number>();
    if (replay === 'reset') {
      this.write(`id: ${latestId}\nevent: reset\ndata: {}\n\n`);
    } else {
      // History, filtered by what the user may see now (which already reflects it).
      for (const event of replay) {
        seen.add(event.id);
        if (canReplay(visibility, event)) this.send(event);
      }
    }
    this.write(`id: ${latestId}\nevent: ready\ndata: {}\n\n`);
    const pending = this.pending ?? [];
    this.pending = undefined;
    for (const event of pending) if (!seen.has(event.id)) this.consider(event);
  }

  /** An event committed somewhere: written if this user may see it. */
  offer(event: EventRow) {
    if (this.isClosed) return;
    if (this.pending) this.pending.push(event);
    else this.consider(event);
  }

  /** Everything this stream had may be stale (the instance lost events): the client refetches. */
  reset(latestId: number) {
    if (this.pending) return; // It has not started: its own start reads the current state.
    this.write(`id: ${latestId}\nevent: reset\ndata: {}\n\n`);
  }

  /** A comment line: keeps proxies from closing an idle stream. */
  ping() {
    if (!this.pending) this.write(': ping\n\n');
  }

  close() {
    if (this.isClosed) return;
    this.isClosed = true;
    this.pending = undefined;
    this.body.end();
    this.onClose(this);
  }

  private consider(event: EventRow) {
    if (this.visibility && admit(this.visibility, event)) this.send(event);
  }

  private send(event: EventRow) {
    this.write(`id: ${event.id}\ndata: ${JSON.stringify(presentEvent(event))}\n\n`);
  }

  private write(text: string) {
    if (this.isClosed) return;
    if (this.body.writableLength > MAX_BUFFERED_BYTES) {
      this.close();
      return;
    }
    this.body.write(text);
  }
}
