import { drizzle } from 'drizzle-orm/postgres-js';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../../../test/test-server.js';
import { migratePostgresDatabase, type Db } from '../../db/client.js';
import { connectPostgres } from '../../db/connect.js';
import * as schema from '../../db/schema.js';
import { loadConfig } from '../../config.js';
import type { ServiceContext } from '../context.js';
import type { EventRow } from '../events/events.repo.js';
import { policyOf } from './webhook-policy.js';
import { WebhookSender } from './webhook-sender.js';

// Decision 039: the sender is woken by every event this instance hears while any webhook is
// active, and its poll looks again whether any is. An install without webhooks reads the outbox
// once a poll, not once a write, even while writes never stop.
describe('the webhook sender of an install without webhooks', { timeout: 60_000 }, () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let client: ReturnType<typeof connectPostgres>;
  /** Statements the sender sent that read the outbox (webhook_deliveries), with when. */
  const outboxReads: number[] = [];

  beforeAll(async () => {
    scratch = await createScratchPostgres({ migrated: true });
    if (!scratch.isMigrated) await migratePostgresDatabase(scratch.url);
    client = connectPostgres(scratch.url, { max: 2 });
  });
  afterAll(async () => {
    await client?.end();
    await scratch?.drop();
  });

  it('reads the outbox once a poll while events keep coming, not once an event', async () => {
    // The real database, through a drizzle whose logger notes each statement the sender sends.
    const db = drizzle(client, {
      schema,
      logger: { logQuery: (query) => void (/\bwebhook_deliveries\b/.test(query) && outboxReads.push(Date.now())) },
    }) as unknown as Db;
    const config = loadConfig({});
    const ctx = { db, config } as ServiceContext;
    const pollMs = 150;
    const sender = new WebhookSender(ctx, policyOf(config), pino({ level: 'silent' }), { pollMs });
    const event = (id: number): EventRow => ({
      id,
      type: 'task.updated',
      entityId: '00000000-0000-4000-8000-000000000001',
      projectId: '00000000-0000-4000-8000-000000000002',
      workspaceId: null,
      featureId: null,
      taskId: '00000000-0000-4000-8000-000000000001',
      ownerId: null,
      subjectId: null,
      version: 1,
      actorId: null,
      origin: null,
      createdAt: new Date(),
    });
    sender.start();
    try {
      // An event every 10 ms for 1.5 s: a busy install. The first poll finds no active webhook.
      const startedAt = Date.now();
      const sentAt: number[] = [];
      let id = 1;
      while (Date.now() - startedAt < 1_500) {
        sender.onEvent(event(id++));
        sentAt.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // Over the last second (well after the first poll): a read a poll at most, against the
      // 50 to 100 events that came meanwhile (before, a read each).
      const lastSecond = outboxReads.filter((at) => at >= startedAt + 500).length;
      const eventsInLastSecond = sentAt.filter((at) => at >= startedAt + 500).length;
      expect(eventsInLastSecond).toBeGreaterThanOrEqual(30);
      expect(lastSecond).toBeGreaterThan(0);
      expect(lastSecond).toBeLessThanOrEqual(Math.ceil(1_000 / pollMs) + 2);
    } finally {
      await sender.stop();
    }
  });
});
