import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from './errors.js';

export type ThrottleOptions = {
  /** Requests each client address may make per window; 0 turns the throttle off. */
  perIp: number;
  windowMs: number;
  /** How many addresses are tracked at most; the idlest are forgotten first. */
  maxTracked?: number;
  /** Keep what this process lets through for takeSpent() (the other server processes are told it). */
  tracksSpent?: boolean;
};

/** Requests let through per client address, as server processes tell each other. */
export type Spent = Array<[address: string, count: number]>;

/**
 * How the server processes of one instance (WEB_CONCURRENCY, cluster.ts) share one throttle:
 * each tells the others what it let through, every SHARE_MS, and takes what they let through
 * from its own buckets. A flood spread over the processes is then cut to the one rate, give or
 * take what gets through in one interval before the others hear of it.
 */
export type ThrottlePeers = {
  publish(spent: Spent): void;
  /** Calls onSpent with what the other processes let through; returns a function that stops. */
  subscribe(onSpent: (spent: Spent) => void): () => void;
};

const SHARE_MS = 250;

type Bucket = { tokens: number; updatedAt: number };

/**
 * A token bucket per client address: `perIp` tokens that refill evenly over the window, so a
 * steady client is never refused and a flood is cut to the refill rate. In memory per instance:
 * counting each API request in the database would cost a write per read, and the limit only has
 * to stop a flood, not meter use exactly (with N instances the cap is at most N times higher).
 */
export class RequestThrottle {
  private readonly buckets = new Map<string, Bucket>();
  private readonly spent = new Map<string, number>();
  private readonly refillPerMs: number;
  private readonly maxTracked: number;

  constructor(private readonly options: ThrottleOptions) {
    this.refillPerMs = options.perIp / options.windowMs;
    this.maxTracked = options.maxTracked ?? 100_000;
  }

  /** 0 when the request may go ahead, else the seconds until the next token. */
  take(address: string, now = Date.now()): number {
    if (this.options.perIp <= 0) return 0;
    const tokens = this.tokensOf(address, now);
    if (tokens < 1) {
      this.store(address, tokens, now);
      return Math.ceil((1 - tokens) / this.refillPerMs / 1000);
    }
    this.store(address, tokens - 1, now);
    if (this.options.tracksSpent) this.spent.set(address, (this.spent.get(address) ?? 0) + 1);
    return 0;
  }

  /**
   * Takes `count` tokens that another server process spent on `address`. The bucket may go
   * below zero (down to one window's worth), so that the address then waits for what the
   * processes let through together, not for one token.
   */
  spend(address: string, count: number, now = Date.now()) {
    if (this.options.perIp <= 0) return;
    this.store(address, Math.max(-this.options.perIp, this.tokensOf(address, now) - count), now);
  }

  /** What this process let through since the last call, per address (then forgotten). */
  takeSpent(): Spent {
    const spent = [...this.spent];
    this.spent.clear();
    return spent;
  }

  private tokensOf(address: string, now: number): number {
    const bucket = this.buckets.get(address);
    return bucket ? Math.min(this.options.perIp, bucket.tokens + (now - bucket.updatedAt) * this.refillPerMs) : this.options.perIp;
  }

  private store(address: string, tokens: number, now: number) {
    // Re-inserting keeps the Map in last-use order, so the first entries are the idlest.
    this.buckets.delete(address);
    this.buckets.set(address, { tokens, updatedAt: now });
    if (this.buckets.size > this.maxTracked) this.buckets.delete(this.buckets.keys().next().value!);
  }

  get trackedAddresses() {
    return this.buckets.size;
  }
}

/** Keys of the per-token throttle (decision 038) start so; a client address never does. */
const TOKEN_KEY_PREFIX = 'token:';

/** A token's bucket in the per-token throttle. */
export const apiTokenThrottleKey = (tokenId: string) => `${TOKEN_KEY_PREFIX}${tokenId}`;

/**
 * Throttles /api/ requests per client address (behind a proxy, with TRUST_PROXY, the real one);
 * health is exempt. With `peers`, the server processes of the instance count together, for the
 * addresses and for `apiTokenThrottle` (the per-token limit, taken where a token is resolved,
 * its keys `token:<id>`), which then must track what it spends.
 */
export function registerRequestThrottle(app: FastifyInstance, options: ThrottleOptions, peers?: ThrottlePeers, apiTokenThrottle?: RequestThrottle) {
  const throttle = options.perIp > 0 ? new RequestThrottle({ ...options, tracksSpent: peers !== undefined }) : undefined;
  if (peers && (throttle || apiTokenThrottle)) {
    const unsubscribe = peers.subscribe((spent) => {
      const now = Date.now();
      for (const [key, count] of spent) (key.startsWith(TOKEN_KEY_PREFIX) ? apiTokenThrottle : throttle)?.spend(key, count, now);
    });
    const timer = setInterval(() => {
      const spent = [...(throttle?.takeSpent() ?? []), ...(apiTokenThrottle?.takeSpent() ?? [])];
      if (spent.length > 0) peers.publish(spent);
    }, SHARE_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      unsubscribe();
    });
  }
  if (!throttle) return;
  app.addHook('onRequest', async (request) => {
    const path = request.url;
    if (!path.startsWith('/api/') || path.startsWith('/api/v1/health')) return;
    const wait = throttle.take(request.ip);
    if (wait > 0) throw tooManyRequests('Too many requests from your network. Please slow down and try again shortly.', wait);
  });
}
