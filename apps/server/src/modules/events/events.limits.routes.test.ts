import { afterEach, describe, expect, it } from 'vitest';
import { buildSignedInUser, type SignedInUser } from '../../../test/factories.js';
import { openTestEventStream, type TestEventStream } from '../../../test/event-stream.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/**
 * Open event streams are capped per client address and in all, per instance (issue 13 §7):
 * each holds a connection and some memory for as long as its client likes, so one address
 * (or everyone together) cannot hold them all. Beyond the per-user cap (20), which closes the
 * user's oldest stream instead.
 */
let server: TestServer;
let users: SignedInUser[];
const open: TestEventStream[] = [];

/** A server of its own for each test (its streams are counted from zero), with four signed-in users. */
async function startServer(eventStreams: { perAddress: number; max: number }) {
  // Behind a proxy the client address comes from X-Forwarded-For: several addresses, one server.
  server = await startTestServer({ trustProxy: true, eventStreams, authRateLimit: { perIp: 100_000, windowMs: 60_000 } });
  users = await Promise.all(Array.from({ length: 4 }, () => buildSignedInUser(server)));
  return users as [SignedInUser, SignedInUser, SignedInUser, SignedInUser];
}
afterEach(async () => {
  open.splice(0).forEach((stream) => stream.close());
  await server?.close();
});

/** A stream of `user` from `address`; started (past ready) when the server took it. */
async function streamFrom(address: string, user: SignedInUser) {
  const stream = await openTestEventStream(server.url, user.cookie, { headers: { 'x-forwarded-for': address } });
  open.push(stream);
  if (stream.status === 200) await stream.ready();
  return stream;
}

const refusedWith429 = (stream: TestEventStream) => {
  expect(stream.status).toBe(429);
  expect(Number(stream.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
};

/** Closes streams on the client side and waits until the server has let them go (a new one opens). */
async function closeAndReopen(streams: TestEventStream[], address: string, user: SignedInUser) {
  streams.forEach((stream) => stream.close());
  let reopened: TestEventStream | undefined;
  await expect
    .poll(async () => {
      reopened = await streamFrom(address, user);
      if (reopened.status !== 200) reopened.close();
      return reopened.status;
    })
    .toBe(200);
  return reopened!;
}

describe('GET /api/v1/events: caps on open streams', () => {
  it('one address holds at most EVENT_STREAMS_PER_ADDRESS streams (429 with Retry-After); others are served; a closed stream frees its place', async () => {
    const [alice, bob] = await startServer({ perAddress: 3, max: 100 });
    const first = await Promise.all([streamFrom('203.0.113.7', alice), streamFrom('203.0.113.7', bob), streamFrom('203.0.113.7', alice)]);
    expect(first.map((stream) => stream.status)).toEqual([200, 200, 200]);

    const over = await server.request('GET', '/api/v1/events', { cookie: bob.cookie, headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ success: false, code: 'RATE_LIMITED', message: expect.stringContaining('Too many live connections from your network') });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    refusedWith429(await streamFrom('203.0.113.7', alice));
    // Signed out is still 401 first.
    expect((await server.request('GET', '/api/v1/events', { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(401);

    const elsewhere = await streamFrom('198.51.100.9', alice);
    expect(elsewhere.status).toBe(200);
    // The streams still open keep working.
    expect(first[0]!.ended()).toBe(false);

    // Bob's tab closes: the server lets its place go, and Bob's new tab takes it.
    await closeAndReopen([first[1]!], '203.0.113.7', bob);
    refusedWith429(await streamFrom('203.0.113.7', bob));
  });

  it('the instance holds at most EVENT_STREAMS_MAX streams from all addresses together; closing them frees places', async () => {
    const [alice, bob, carol, dave] = await startServer({ perAddress: 3, max: 5 });
    const streams: TestEventStream[] = [];
    for (const [address, user] of [
      ['192.0.2.50', dave],
      ['192.0.2.1', alice],
      ['192.0.2.2', bob],
      ['192.0.2.3', carol],
      ['192.0.2.3', alice],
    ] as const) {
      streams.push(await streamFrom(address, user));
    }
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);

    const full = await server.request('GET', '/api/v1/events', { cookie: dave.cookie, headers: { 'x-forwarded-for': '192.0.2.4' } });
    expect(full.status).toBe(429);
    expect(full.body).toMatchObject({ success: false, code: 'RATE_LIMITED', message: 'The server has too many live connections. Please try again shortly.' });
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const freed = await closeAndReopen(streams.slice(0, 2), '192.0.2.4', dave);
    expect(freed.status).toBe(200);
  });
});
