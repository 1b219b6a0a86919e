import http from 'node:http';
import type { AddressInfo } from 'node:net';
import vm from 'node:vm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { IDLE_MEMORY, IdleCollector, IdlePolicy, fullCollection } from './idle-memory.js';

const MB = 1024 * 1024;

describe('IdlePolicy', () => {
  const settings = { quietRequests: 5, quietChecks: 2, growthBytes: 32 * MB };

  function afterStart() {
    const policy = new IdlePolicy(settings);
    policy.collected(50 * MB);
    return policy;
  }

  it('collects in the first quiet spell after the start, which leaves spare heap as load does', () => {
    const policy = new IdlePolicy(settings);
    expect(policy.check(0, 70 * MB)).toBe(false);
    expect(policy.check(0, 70 * MB)).toBe(true);
  });

  it('collects after two quiet looks once the heap has grown 32 MB above its smallest size', () => {
    const policy = afterStart();
    expect(policy.check(0, 60 * MB)).toBe(false);
    expect(policy.check(400, 120 * MB)).toBe(false);
    expect(policy.check(900, 200 * MB)).toBe(false);
    expect(policy.check(3, 200 * MB)).toBe(false);
    expect(policy.check(0, 200 * MB)).toBe(true);
  });

  it('does not collect while requests keep coming', () => {
    const policy = afterStart();
    for (let look = 0; look < 20; look += 1) expect(policy.check(6, 200 * MB)).toBe(false);
  });

  it('counts a few requests a look (probes, one person reading) as quiet', () => {
    const policy = afterStart();
    policy.check(50, 50 * MB);
    expect(policy.check(5, 100 * MB)).toBe(false);
    expect(policy.check(5, 100 * MB)).toBe(true);
  });

  it('leaves a heap that has not grown alone, however quiet', () => {
    const policy = afterStart();
    for (let look = 0; look < 20; look += 1) expect(policy.check(0, 60 * MB + look * MB)).toBe(false);
  });

  it('measures growth from the smallest size seen, so a heap V8 shrank itself counts from there', () => {
    const policy = afterStart();
    policy.check(50, 90 * MB);
    policy.check(50, 40 * MB);
    expect(policy.check(0, 80 * MB)).toBe(false);
    expect(policy.check(0, 80 * MB)).toBe(true);
  });

  it('after a collection waits for new growth and a new quiet spell', () => {
    const policy = afterStart();
    policy.check(50, 50 * MB);
    expect(policy.check(0, 150 * MB)).toBe(false);
    expect(policy.check(0, 150 * MB)).toBe(true);
    policy.collected(52 * MB);
    expect(policy.check(0, 60 * MB)).toBe(false);
    expect(policy.check(0, 60 * MB)).toBe(false);
    expect(policy.check(0, 90 * MB)).toBe(true);
  });
});

describe('fullCollection', () => {
  it('frees unreachable objects, and leaves `gc` out of every other context', () => {
    const collect = fullCollection();
    expect(collect).toBeTypeOf('function');
    let garbage: { index: number; text: string }[] | undefined = [];
    for (let index = 0; index < 1_000_000; index += 1) garbage.push({ index, text: `item ${index}` });
    const withGarbage = process.memoryUsage().heapUsed;
    garbage = undefined;
    collect!();
    expect(garbage).toBeUndefined();
    expect(withGarbage - process.memoryUsage().heapUsed).toBeGreaterThan(30 * MB);
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
  });
});

describe('IdleCollector on a real server', () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  async function serving() {
    server = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return async (count: number) => {
      for (let index = 0; index < count; index += 1) expect(await (await fetch(url)).text()).toBe('ok');
    };
  }

  function collectorOn(target: http.Server, growthBytes: number) {
    const lines: { msg: string; heapMb?: number[] }[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line) as { msg: string }) });
    let passes = 0;
    const collect = fullCollection()!;
    const collector = new IdleCollector(target, log, () => {
      passes += 1;
      collect();
    }, { ...IDLE_MEMORY, quietRequests: 2, quietChecks: 2, growthBytes, secondPassMs: 10 });
    return { collector, lines, passes: () => passes };
  }

  it('collects twice once its requests stop, and says so in the log', async () => {
    const request = await serving();
    const { collector, lines, passes } = collectorOn(server!, 0);
    await request(3);
    expect(await collector.check()).toBe(false);
    expect(await collector.check()).toBe(false);
    expect(passes()).toBe(0);
    expect(await collector.check()).toBe(true);
    expect(passes()).toBe(2);
    const logged = lines.find((line) => line.msg === 'idle memory: collected after the load stopped');
    expect(logged?.heapMb).toHaveLength(2);
    collector.stop();
  });

  it('does not collect while its server keeps answering requests', async () => {
    const request = await serving();
    const { collector, passes } = collectorOn(server!, 0);
    for (let look = 0; look < 4; look += 1) {
      await request(3);
      expect(await collector.check()).toBe(false);
    }
    expect(passes()).toBe(0);
    collector.stop();
    await request(3);
    expect(await collector.check()).toBe(false);
    expect(await collector.check()).toBe(true);
  });

  it('does not collect when the heap has not grown enough', async () => {
    const request = await serving();
    const { collector, passes } = collectorOn(server!, 1024 * MB);
    await request(3);
    for (let look = 0; look < 4; look += 1) expect(await collector.check()).toBe(false);
    expect(passes()).toBe(0);
    collector.stop();
  });
});
