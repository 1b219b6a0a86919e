import type { Server } from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Handing memory back once the load stops (decision 050).
 *
 * Under load V8 grows the server's heap (50 → 150-250 MB over the bench's soak), and once the
 * requests stop it keeps that size until its memory reducer runs, which waits until its own
 * measure of the allocation rate is low: 45-60 s on this machine, longer when an occasional
 * request keeps that measure fresh. The collector below notices the quiet itself and collects
 * twice (the first pass frees the garbage, the second shrinks the young generation it emptied),
 * which brings the process back near its size after start within seconds. The start itself
 * counts as such a spell.
 */
export const IDLE_MEMORY = {
  /** How often the request count is looked at. */
  checkMs: 5_000,
  /** A check with at most this many new requests counts as quiet (probes, one person reading). */
  quietRequests: 5,
  /** Quiet checks in a row before collecting: 10 s. */
  quietChecks: 2,
  /** Collect only when the heap has grown this much above its smallest size since the last collection. */
  growthBytes: 32 * 1024 * 1024,
  /** The pause between the two passes. */
  secondPassMs: 1_000,
};

export type IdleMemorySettings = typeof IDLE_MEMORY;

/**
 * V8's full collection as a function, the one `node --expose-gc` gives, obtained without a flag
 * on the command line (`npm start` and `node apps/server/dist/main.js` both get it). The flag is
 * set only while one fresh context is made, so no other context (and no user script) sees `gc`.
 */
export function fullCollection(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as () => void;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/**
 * When to collect: fed the number of requests begun since the last check and the heap's size,
 * it answers whether this check should collect. Kept apart from timers so that the rule is tested
 * as it is.
 */
export class IdlePolicy {
  private quiet = 0;
  /**
   * The smallest heap since the last collection. Before the first one it is nothing, so that
   * the first quiet spell after the start collects too: the start (migrations, the first routes'
   * schemas compiled) leaves spare heap just as a busy spell does.
   */
  private floor = 0;

  constructor(private readonly settings: Pick<IdleMemorySettings, 'quietRequests' | 'quietChecks' | 'growthBytes'> = IDLE_MEMORY) {}

  check(requests: number, heapBytes: number): boolean {
    this.floor = Math.min(this.floor, heapBytes);
    this.quiet = requests <= this.settings.quietRequests ? this.quiet + 1 : 0;
    if (this.quiet < this.settings.quietChecks) return false;
    return heapBytes >= this.floor + this.settings.growthBytes;
  }

  /** The heap's size after a collection: growth is measured from here on. */
  collected(heapBytes: number) {
    this.floor = heapBytes;
    this.quiet = 0;
  }
}

const MB = 1024 * 1024;
const heapBytes = () => v8.getHeapStatistics().total_heap_size;

/**
 * Counts a server's requests and, looked at every `checkMs`, collects once a busy spell is
 * followed by quiet (IdlePolicy). `check` is the one look, which tests call directly.
 */
export class IdleCollector {
  private requests = 0;
  private isCollecting = false;
  private readonly policy: IdlePolicy;
  private readonly onRequest = () => {
    this.requests += 1;
  };

  constructor(
    private readonly server: Server,
    private readonly log: FastifyBaseLogger,
    private readonly collect: () => void,
    private readonly settings: IdleMemorySettings = IDLE_MEMORY,
  ) {
    this.policy = new IdlePolicy(settings);
    server.on('request', this.onRequest);
  }

  /** Resolves to true when this look collected (both passes done). */
  async check(): Promise<boolean> {
    const begun = this.requests;
    this.requests = 0;
    if (this.isCollecting || !this.policy.check(begun, heapBytes())) return false;
    this.isCollecting = true;
    try {
      const before = process.memoryUsage();
      const startedAt = performance.now();
      this.collect();
      const firstPassMs = performance.now() - startedAt;
      await new Promise<void>((resolve) => setTimeout(resolve, this.settings.secondPassMs).unref());
      this.collect();
      this.policy.collected(heapBytes());
      const after = process.memoryUsage();
      this.log.debug(
        {
          heapMb: [Math.round(before.heapTotal / MB), Math.round(after.heapTotal / MB)],
          rssMb: [Math.round(before.rss / MB), Math.round(after.rss / MB)],
          firstPassMs: Math.round(firstPassMs),
        },
        'idle memory: collected after the load stopped',
      );
      return true;
    } finally {
      this.isCollecting = false;
    }
  }

  stop() {
    this.server.off('request', this.onRequest);
  }
}

/**
 * The app's collector, looking every few seconds; returns a function that stops it (the app's
 * close). Without V8's collector to call, it does nothing.
 */
export function startIdleCollector(server: Server, log: FastifyBaseLogger, settings: IdleMemorySettings = IDLE_MEMORY): () => void {
  const collect = fullCollection();
  if (!collect) {
    log.debug('idle memory: V8 gave no collector; the heap shrinks when V8 decides to');
    return () => {};
  }
  const collector = new IdleCollector(server, log, collect, settings);
  const timer = setInterval(() => void collector.check(), settings.checkMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    collector.stop();
  };
}
