import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiTokenThrottleKey, registerRequestThrottle, RequestThrottle, type Spent, type ThrottlePeers } from './request-throttle.js';

describe('RequestThrottle', () => {
  it('lets a burst of perIp through, then refuses with the wait until the next token', () => {
    const throttle = new RequestThrottle({ perIp: 3, windowMs: 3000 });
    expect([throttle.take('a', 0), throttle.take('a', 0), throttle.take('a', 0)]).toEqual([0, 0, 0]);
    expect(throttle.take('a', 0)).toBe(1);
  });

  it('refills evenly: a client at the steady rate is never refused', () => {
    const throttle = new RequestThrottle({ perIp: 60, windowMs: 60_000 });
    for (let second = 0; second < 600; second += 1) expect(throttle.take('steady', second * 1000)).toBe(0);
  });

  it('keeps each address on its own', () => {
    const throttle = new RequestThrottle({ perIp: 1, windowMs: 1000 });
    expect(throttle.take('a', 0)).toBe(0);
    expect(throttle.take('a', 0)).toBeGreaterThan(0);
    expect(throttle.take('b', 0)).toBe(0);
  });

  it('is off at 0', () => {
    const throttle = new RequestThrottle({ perIp: 0, windowMs: 1000 });
    for (let i = 0; i < 100; i += 1) expect(throttle.take('a', 0)).toBe(0);
  });

  it('tracks a bounded number of addresses, forgetting the idlest', () => {
    const throttle = new RequestThrottle({ perIp: 1, windowMs: 60_000, maxTracked: 100 });
    for (let i = 0; i < 1000; i += 1) throttle.take(`10.0.${Math.floor(i / 256)}.${i % 256}`, i);
    expect(throttle.trackedAddresses).toBe(100);
  });

  it('takes what other server processes let through, so that together they allow perIp', () => {
    const first = new RequestThrottle({ perIp: 4, windowMs: 4000, tracksSpent: true });
    const second = new RequestThrottle({ perIp: 4, windowMs: 4000, tracksSpent: true });
    expect([first.take('a', 0), first.take('a', 0), first.take('a', 0)]).toEqual([0, 0, 0]);
    expect(first.takeSpent()).toEqual([['a', 3]]);
    expect(first.takeSpent()).toEqual([]);
    second.spend('a', 3, 0);
    expect(second.take('a', 0)).toBe(0);
    expect(second.take('a', 0)).toBe(1);
  });

  it('lets a burst that got through before the others heard of it be paid back, at most one window', () => {
    const throttle = new RequestThrottle({ perIp: 4, windowMs: 4000 });
    expect(throttle.take('a', 0)).toBe(0);
    throttle.spend('a', 100, 0);
    // Four tokens behind (the floor), then one to take: five seconds at one a second.
    expect(throttle.take('a', 0)).toBe(5);
    expect(throttle.take('a', 5000)).toBe(0);
  });
});

describe('registerRequestThrottle with peers: the per-token throttle (decision 038)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shares what a token spent with the other server processes, and takes what they spent on it', async () => {
    vi.useFakeTimers();
    const published: Spent[] = [];
    let hear: (spent: Spent) => void = () => {};
    const peers: ThrottlePeers = {
      publish: (spent) => published.push(spent),
      subscribe: (onSpent) => {
        hear = onSpent;
        return () => {};
      },
    };
    const tokens = new RequestThrottle({ perIp: 3, windowMs: 60 * 60_000, tracksSpent: true });
    const app = Fastify();
    registerRequestThrottle(app, { perIp: 0, windowMs: 60_000 }, peers, tokens);
    await app.ready();

    const mine = apiTokenThrottleKey('mine');
    expect(tokens.take(mine)).toBe(0);
    vi.advanceTimersByTime(300);
    expect(published).toEqual([[[mine, 1]]]);

    // Another process let two more through on this token, and some through for an address.
    hear([
      [mine, 2],
      ['10.0.0.1', 50],
    ]);
    expect(tokens.take(mine)).toBeGreaterThan(0);
    expect(tokens.take(apiTokenThrottleKey('other'))).toBe(0);
    expect(tokens.trackedAddresses).toBe(2);
    await app.close();
  });
});
