import type { LiveEvent } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { operationUrl } from './api-client';

/** 'connecting' until the first `ready`; 'reconnecting' whenever the stream is down afterwards. */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting';

export interface LiveConnectionHandlers {
  /** Change events, a few at a time (those that arrived within BATCH_MS of each other). */
  onEvents: (events: LiveEvent[]) => void;
  /** The events missed could not be replayed: everything cached may be stale. */
  onReset: () => void;
  onStatus: (status: LiveStatus) => void;
  /** The server refused the stream (not a network blip): the session may have ended. */
  onRefused?: () => void;
}

export interface LiveConnectionOptions {
  /**
   * When (performance.now()) the data the page shows began to be read. A first connection asks
   * the server to replay what changed since (`sinceMs`): the stream opens after the first
   * screen's data was read, and a change committed in between would otherwise never be told.
   */
  dataReadAt?: number;
}

/** Events arriving this close together are applied together (a burst refetches each answer once). */
const BATCH_MS = 50;
/** The contract's MAX_SINCE_MS (a day), written out so this chunk stays free of zod (a test keeps them equal). */
export const MAX_SINCE_MS = 86_400_000;
/** Pauses before reopening a stream the server refused, growing to the last. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** The data of a change event, checked by hand (no zod in the code every screen loads). */
export function parseLiveEvent(data: string): LiveEvent | undefined {
  try {
    const value = JSON.parse(data) as Partial<LiveEvent>;
    if (typeof value.id !== 'string' || typeof value.type !== 'string' || typeof value.entityId !== 'string') return undefined;
    return value as LiveEvent;
  } catch {
    return undefined;
  }
}

/**
 * The app's one event stream. The browser's EventSource reconnects by itself after a network
 * blip (sending Last-Event-ID, so the server replays what was missed); when the server refuses a
 * reconnection (a restart answering 503, an ended session), the stream is reopened here after a
 * growing pause, resuming from the last event seen (`?lastEventId=`).
 */
export class LiveConnection {
  private source: EventSource | undefined;
  private lastEventId: string | undefined;
  private hasOpened = false;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private batch: LiveEvent[] = [];
  private batchTimer: ReturnType<typeof setTimeout> | undefined;
  private isStopped = false;

  constructor(
    private readonly handlers: LiveConnectionHandlers,
    private readonly options: LiveConnectionOptions = {},
  ) {}

  start() {
    this.isStopped = false;
    this.open();
  }

  stop() {
    this.isStopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.batchTimer);
    this.batch = [];
    this.source?.close();
    this.source = undefined;
  }

  private open() {
    const url = operationUrl(operationRoutes.events.stream, { query: { lastEventId: this.lastEventId, sinceMs: this.sinceMs() } });
    const source = new EventSource(url);
    this.source = source;
    source.addEventListener('ready', (event) => {
      this.remember(event as MessageEvent);
      this.retries = 0;
      this.hasOpened = true;
      this.handlers.onStatus('open');
    });
    source.addEventListener('message', (event) => {
      this.remember(event);
      const change = parseLiveEvent(event.data as string);
      if (change) this.queue(change);
    });
    source.addEventListener('reset', (event) => {
      this.remember(event as MessageEvent);
      this.flush();
      this.handlers.onReset();
    });
    source.addEventListener('error', () => {
      if (this.isStopped || source !== this.source) return;
      this.handlers.onStatus(this.hasOpened ? 'reconnecting' : 'connecting');
      // CONNECTING: the browser retries by itself. CLOSED: it gave up; try again later.
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        this.handlers.onRefused?.();
        const pause = RETRY_MS[Math.min(this.retries, RETRY_MS.length - 1)]!;
        this.retries += 1;
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => {
          if (!this.isStopped) this.open();
        }, pause);
      }
    });
  }

  /**
   * A first connection's look back: how old the page's data is. Once an event id is known the
   * stream resumes from it instead. (The browser's own reconnection reuses the URL, with the
   * Last-Event-ID header when it has one; before that, the server's overlap of a few seconds
   * covers its 2 s pause.)
   */
  private sinceMs(): number | undefined {
    const { dataReadAt } = this.options;
    if (this.lastEventId !== undefined || dataReadAt === undefined) return undefined;
    return Math.min(MAX_SINCE_MS, Math.max(0, Math.ceil(performance.now() - dataReadAt)));
  }

  private remember(event: MessageEvent) {
    if (event.lastEventId) this.lastEventId = event.lastEventId;
  }

  private queue(event: LiveEvent) {
    this.batch.push(event);
    this.batchTimer ??= setTimeout(() => this.flush(), BATCH_MS);
  }

  private flush() {
    clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    const events = this.batch;
    this.batch = [];
    if (events.length > 0 && !this.isStopped) this.handlers.onEvents(events);
  }
}
