import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from './errors.js';

export type ThrottleOptions = {
  /** Requests each client address may make per window; 0 turns the throttle off. */
  perIp: number;
  windowMs: number;
  /** How many addresses are tracked at most; the idlest are forgotten first. */
  maxTracked?: number;
};

type Bucket = { tokens: number; updatedAt: number };

/**
 * A token bucket per client address: `perIp` tokens that refill evenly over the window, so a
 * steady client is never refused and a flood is cut to the refill rate. In memory per instance:
 * counting each API request in the database would cost a write per read, and the limit only has
 * to stop a flood, not meter use exactly (with N instances the cap is at most N times higher).
 */
export class RequestThrottle {
  private readonly buckets = new Map<string, Bucket>();
  private readonly refillPerMs: number;
  private readonly maxTracked: number;

  constructor(private readonly options: ThrottleOptions) {
    this.refillPerMs = options.perIp / options.windowMs;
    this.maxTracked = options.maxTracked ?? 100_000;
  }

  /** 0 when the request may go ahead, else the seconds until the next token. */
  take(address: string, now = Date.now()): number {
    if (this.options.perIp <= 0) return 0;
    const bucket = this.buckets.get(address);
    const tokens = bucket ? Math.min(this.options.perIp, bucket.tokens + (now - bucket.updatedAt) * this.refillPerMs) : this.options.perIp;
    // Re-inserting keeps the Map in last-use order, so the first entries are the idlest.
    this.buckets.delete(address);
    if (tokens < 1) {
      this.buckets.set(address, { tokens, updatedAt: now });
      return Math.ceil((1 - tokens) / this.refillPerMs / 1000);
    }
    this.buckets.set(address, { tokens: tokens - 1, updatedAt: now });
    if (this.buckets.size > this.maxTracked) this.buckets.delete(this.buckets.keys().next().value!);
    return 0;
  }

  get trackedAddresses() {
    return this.buckets.size;
  }
}

/** Throttles /api/ requests per client address (behind a proxy, with TRUST_PROXY, the real one); health is exempt. */
export function registerRequestThrottle(app: FastifyInstance, options: ThrottleOptions) {
  if (options.perIp <= 0) return;
  const throttle = new RequestThrottle(options);
  app.addHook('onRequest', async (request) => {
    const path = request.url;
    if (!path.startsWith('/api/') || path.startsWith('/api/v1/health')) return;
    const wait = throttle.take(request.ip);
    if (wait > 0) throw tooManyRequests('Too many requests from your network. Please slow down and try again shortly.', wait);
  });
}
