import { MAX_SINCE_MS as CONTRACT_MAX_SINCE_MS, type LiveEvent } from '@tasklane/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, MAX_SINCE_MS, type LiveConnectionOptions, type LiveStatus } from './live-connection';

/** A stand-in for the browser's EventSource: the test plays the server's part. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, id: string, data = '{}') {
    if (type === 'ready') this.readyState = FakeEventSource.OPEN;
    for (const listener of this.listeners.get(type) ?? []) listener({ data, lastEventId: id } as MessageEvent);
  }
  fail(readyState: number) {
    this.readyState = readyState;
    for (const listener of this.listeners.get('error') ?? []) listener({} as MessageEvent);
  }
}

const change = (id: string): LiveEvent => ({
  id,
  type: 'task.updated',
  entityId: 'task-1',
  projectId: 'project-1',
  workspaceId: 'workspace-1',
  featureId: 'feature-1',
  taskId: 'task-1',
  userId: null,
  version: 2,
  actorId: 'someone',
  origin: null,
  at: '2026-11-23T06:00:00.000Z',
});

function connect(options?: LiveConnectionOptions) {
  const seen = { events: [] as LiveEvent[][], statuses: [] as LiveStatus[], resets: 0, refusals: 0 };
  const connection = new LiveConnection(
    {
      onEvents: (events) => seen.events.push(events),
      onReset: () => (seen.resets += 1),
      onStatus: (status) => seen.statuses.push(status),
      onRefused: () => (seen.refusals += 1),
    },
    options,
  );
  connection.start();
  return { connection, seen, source: () => FakeEventSource.opened[FakeEventSource.opened.length - 1]! };
}

describe('LiveConnection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens one stream, says when it is ready, and hands over changes that arrive together at once', () => {
    const { seen, source, connection } = connect();
    expect(FakeEventSource.opened.map((stream) => stream.url)).toEqual(['/api/v1/events']);
    source().emit('ready', '10');
    expect(seen.statuses).toEqual(['open']);
    source().emit('message', '11', JSON.stringify(change('11')));
    source().emit('message', '12', JSON.stringify(change('12')));
    source().emit('message', '13', 'not an event');
    expect(seen.events).toEqual([]);
    vi.advanceTimersByTime(60);
    expect(seen.events.map((batch) => batch.map((event) => event.id))).toEqual([['11', '12']]);
    connection.stop();
  });

  it('a reset (events missed beyond replay) asks for everything to be refetched', () => {
    const { seen, source, connection } = connect();
    source().emit('ready', '10');
    source().emit('reset', '50');
    expect(seen.resets).toBe(1);
    connection.stop();
  });

  it('a blip: reconnecting, and the browser resumes by itself', () => {
    const { seen, source, connection } = connect();
    source().emit('ready', '10');
    source().fail(FakeEventSource.CONNECTING);
    expect(seen.statuses).toEqual(['open', 'reconnecting']);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    source().emit('ready', '12');
    expect(seen.statuses.at(-1)).toBe('open');
    connection.stop();
  });

  it('a refused stream is reopened after a growing pause, resuming after the last event seen', () => {
    const { seen, source, connection } = connect();
    source().emit('ready', '10');
    source().emit('message', '11', JSON.stringify(change('11')));
    source().fail(FakeEventSource.CLOSED);
    expect(seen.refusals).toBe(1);
    expect(seen.statuses.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(source().url).toBe('/api/v1/events?lastEventId=11');
    source().fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(1_999);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(3);
    source().emit('ready', '11');
    expect(seen.statuses.at(-1)).toBe('open');
    connection.stop();
  });

  it('stopped (signed out): nothing more is opened or handed over', () => {
    const { seen, source, connection } = connect();
    source().emit('ready', '10');
    source().emit('message', '11', JSON.stringify(change('11')));
    connection.stop();
    vi.advanceTimersByTime(60_000);
    expect(seen.events).toEqual([]);
    expect(source().readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  describe('a first connection replays what changed while the page read its data (sinceMs)', () => {
    let now = 0;
    beforeEach(() => {
      now = 0;
      vi.spyOn(performance, 'now').mockImplementation(() => now);
    });
    afterEach(() => vi.restoreAllMocks());

    it('asks for the events since its data began to be read, then resumes by event id', () => {
      now = 2_340.2;
      const { source, connection } = connect({ dataReadAt: 300 });
      expect(source().url).toBe('/api/v1/events?sinceMs=2041');
      source().emit('ready', '10');
      source().fail(FakeEventSource.CLOSED);
      now += 60_000;
      vi.advanceTimersByTime(1_000);
      expect(source().url).toBe('/api/v1/events?lastEventId=10');
      connection.stop();
    });

    it('refused before it ever started: the next try looks back further (the data has aged meanwhile)', () => {
      now = 1_000;
      const { source, connection } = connect({ dataReadAt: 0 });
      expect(source().url).toBe('/api/v1/events?sinceMs=1000');
      source().fail(FakeEventSource.CLOSED);
      now = 2_000;
      vi.advanceTimersByTime(1_000);
      expect(FakeEventSource.opened.map((stream) => stream.url)).toEqual(['/api/v1/events?sinceMs=1000', '/api/v1/events?sinceMs=2000']);
      connection.stop();
    });

    it('never asks for more than the contract accepts (the server then answers a reset: refetch everything)', () => {
      now = 3 * 86_400_000;
      const { source, connection } = connect({ dataReadAt: 0 });
      expect(source().url).toBe(`/api/v1/events?sinceMs=${CONTRACT_MAX_SINCE_MS}`);
      expect(MAX_SINCE_MS).toBe(CONTRACT_MAX_SINCE_MS);
      connection.stop();
    });

    it('without dataReadAt (nothing read yet) it starts at the newest event, as before', () => {
      now = 5_000;
      const { source, connection } = connect();
      expect(source().url).toBe('/api/v1/events');
      connection.stop();
    });
  });
});
