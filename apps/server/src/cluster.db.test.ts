import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openTestEventStream, type TestEventStream } from '../test/event-stream.js';
import { startServerProcess } from '../test/server-process.js';
import { backend } from '../test/test-server.js';

/**
 * WEB_CONCURRENCY=2 as `npm start` runs it (the real primary process and its server processes,
 * from the sources), observed from outside: the processes under the primary, what reaches
 * clients on separate connections (the primary hands each new connection to the next process),
 * a server process killed and replaced, and the shutdown.
 */
const THROTTLE_LIMIT = 40;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Answer = { status: number; body: any; setCookie: string | undefined };

/** One request on a connection of its own (no keep-alive), or on `agent`'s. */
function send(base: string, method: string, route: string, options: { body?: unknown; cookie?: string; agent?: http.Agent } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = http.request(
      `${base}${route}`,
      {
        method,
        agent: options.agent ?? false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode!, body: text ? JSON.parse(text) : undefined, setCookie: response.headers['set-cookie']?.[0] }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The Node processes whose parent is `pid`: the server processes (the database and its watchdog are not node). */
function serverProcessesOf(pid: number): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('main.ts')) found.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return found.sort();
}

const isAlive = (pid: number) => fs.existsSync(`/proc/${pid}`);

async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const isThrottled = (answer: Answer) => answer.status === 429 && /Too many requests from your network/.test(answer.body?.message ?? '');

it(
  'WEB_CONCURRENCY=2: two server processes share the port and agree on sessions, live events and the API throttle; a dead one is replaced',
  async () => {
    const server = await startServerProcess(cleanups, {
      WEB_CONCURRENCY: '2',
      // One open event stream per process: two open at once are on two processes.
      EVENT_STREAMS_MAX: '1',
      // A window long enough that nothing refills during the test.
      API_RATE_LIMIT_PER_IP: String(THROTTLE_LIMIT),
      API_RATE_LIMIT_WINDOW_SECONDS: '86400',
    });
    const { child, dataDir, exited } = server;
    let hasExited = false;
    void exited.then(() => (hasExited = true));
    const streams: TestEventStream[] = [];
    cleanups.push(() => {
      for (const stream of streams) stream.close();
    });
    const waitFor = <T>(what: string, check: () => T | undefined | Promise<T | undefined>) =>
      until(what, () => {
        if (hasExited) throw new Error(`the server exited while waiting for ${what}:\n${server.output()}`);
        return check();
      });

    const ready = await waitFor('the ready line', () => /^Tasklane is ready at (\S+) \((.+)\)$/m.exec(server.output()) ?? undefined);
    const base = ready[1]!;
    expect(ready[2]).toMatch(/; 2 server processes$/);
    const workers = serverProcessesOf(child.pid!);
    expect(workers).toHaveLength(2);

    // Sessions: signed in through one connection, recognised on each of several new ones.
    const suffix = randomBytes(4).toString('hex');
    const person = { username: `cluster_${suffix}`, fullName: 'Cluster Test', email: `cluster_${suffix}@example.com`, password: 'correct-horse-42' };
    expect((await send(base, 'POST', '/api/v1/auth/register', { body: person })).status).toBe(201);
    const login = await send(base, 'POST', '/api/v1/auth/login', { body: { email: person.email, password: person.password } });
    expect(login.status).toBe(200);
    const cookie = login.setCookie!.split(';')[0]!;
    for (let round = 0; round < 4; round += 1) {
      const me = await send(base, 'GET', '/api/v1/users/me', { cookie });
      expect(me.status).toBe(200);
      expect(me.body.data.email).toBe(person.email);
    }

    // Live events: two streams open at once, so one on each process; a third finds both full.
    // A change made on yet another connection reaches both.
    for (let attempt = 0; attempt < 4 && streams.length < 2; attempt += 1) {
      const stream = await openTestEventStream(base, cookie);
      if (stream.status === 200) {
        await stream.ready(10_000);
        streams.push(stream);
      }
    }
    expect(streams).toHaveLength(2);
    expect((await openTestEventStream(base, cookie)).status).toBe(429);
    const workspace = await send(base, 'POST', '/api/v1/workspaces', { cookie, body: { name: 'Across processes' } });
    expect(workspace.status).toBe(201);
    for (const stream of streams) {
      expect(await stream.nextChange(10_000)).toMatchObject({ type: 'workspace.created', workspaceId: workspace.body.data._id });
    }

    // The API throttle counts across processes: a flood on one kept-alive connection (so on one
    // process) until it is refused; then the other process refuses too, once it has heard.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(() => agent.destroy());
    let flood = 0;
    while (!isThrottled(await send(base, 'GET', '/api/v1/users/me', { cookie, agent }))) {
      flood += 1;
      expect(flood).toBeLessThanOrEqual(THROTTLE_LIMIT);
    }
    // Two new connections go to the two processes in turn. The other process has most of its own
    // tokens left (it answered about half of the few requests before the flood), more than these
    // tries spend: only hearing of the flood makes it refuse.
    let bothRefuse = false;
    for (let attempt = 0; attempt < 12 && !bothRefuse; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 400));
      const answers = [await send(base, 'GET', '/api/v1/users/me', { cookie }), await send(base, 'GET', '/api/v1/users/me', { cookie })];
      bothRefuse = answers.every(isThrottled);
    }
    expect(bothRefuse).toBe(true);

    // A server process killed without warning is replaced, and the new one serves.
    process.kill(workers[0]!, 'SIGKILL');
    await waitFor('the replacement', () => (/a replacement server process is serving/.test(server.output()) ? true : undefined));
    const now = serverProcessesOf(child.pid!);
    expect(now).toHaveLength(2);
    expect(now).not.toContain(workers[0]);
    expect(server.output()).toMatch(/a server process exited unexpectedly \(SIGKILL\); starting another/);
    for (let round = 0; round < 2; round += 1) expect((await send(base, 'GET', '/api/v1/health')).status).toBe(200);

    // SIGTERM: every server process finishes and exits, then the embedded database stops.
    for (const stream of streams) stream.close();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(now.filter(isAlive)).toEqual([]);
    if (backend === 'embedded') expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  },
  180_000,
);
