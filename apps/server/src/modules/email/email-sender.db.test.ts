import { Writable } from 'node:stream';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILBOX_PASSWORD, startMailbox, type Mailbox } from '../../../test/mailbox.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { openPostgres, type Database } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';
import { runHousekeeping } from '../housekeeping/housekeeping.service.js';
import { claimDueEmails, insertOutboxEmail } from './email-outbox.repo.js';
import { describeSendFailure, EmailSender, retryDelayMs, type EmailSenderSettings } from './email-sender.js';

/**
 * The outbox's sender against a real database and a real SMTP server: each message goes once
 * however many senders (instances) work the outbox, survives a failed send and a sender that
 * died mid-send, and is given up on (and logged) after its last attempt.
 */

let server: TestServer;
let mailbox: Mailbox;
const opened: Database[] = [];

beforeAll(async () => {
  mailbox = await startMailbox();
  // The app itself sends nothing here (no email configured): only the senders each test starts.
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
  await server?.close();
  await mailbox?.close();
});

function captureLog() {
  const lines: string[] = [];
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, callback) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        callback();
      },
    }),
  );
  return { lines, log };
}

/** A sender as another app instance runs it: its own connection pool to the same database. */
async function startSender(settings: Partial<EmailSenderSettings> = {}) {
  const database = await openPostgres(server.databaseUrl!, 3);
  opened.push(database);
  const { lines, log } = captureLog();
  const sender = new EmailSender(database.db, { smtpUrl: mailbox.smtpUrl, from: 'Tasklane <tasklane@example.com>' }, log, {
    pollMs: 100,
    retryBaseMs: 30,
    ...settings,
  });
  sender.start();
  return { sender, lines };
}

async function until(condition: () => Promise<boolean>) {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 25));
}

const rowsOf = (ids: string[]) => server.database.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));

async function enqueue(count: number, label: string) {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push(await insertOutboxEmail(server.database.db, { to: `${label}-${index}@example.com`, subject: `${label} ${index}`, text: `Message ${index}` }));
  }
  return ids;
}

describe('the email outbox sender', () => {
  it('two senders on one database send each message exactly once', async () => {
    const ids = await enqueue(40, 'pair');
    const senders = await Promise.all([startSender({ batchSize: 3 }), startSender({ batchSize: 3 })]);
    senders.forEach(({ sender }) => sender.wake());
    await until(async () => (await rowsOf(ids)).every((row) => row.sentAt !== null));
    await Promise.all(senders.map(({ sender }) => sender.stop()));

    const subjects = mailbox.messages.map((message) => message.subject).filter((subject) => subject?.startsWith('pair '));
    expect(subjects).toHaveLength(40);
    expect(new Set(subjects).size).toBe(40);
    expect((await rowsOf(ids)).map((row) => row.attempts)).toEqual(ids.map(() => 1));
    // Both did their share of the work (each logs what it sent).
    for (const { lines } of senders) expect(lines.some((line) => line.includes('email sent'))).toBe(true);
  });

  it('retries a refused message with backoff until it goes', async () => {
    const [id] = await enqueue(1, 'retry');
    mailbox.refuseNext(2);
    const { sender, lines } = await startSender();
    await until(async () => (await rowsOf([id!]))[0]!.sentAt !== null);
    await sender.stop();
    const [row] = await rowsOf([id!]);
    expect(row).toMatchObject({ attempts: 3, lastError: null, text: '' });
    expect(mailbox.messages.filter((message) => message.subject === 'retry 0')).toHaveLength(1);
    expect(lines.filter((line) => line.includes('will retry'))).toHaveLength(2);
  });

  it('gives up after the last attempt, logs it with its cause, and keeps no body', async () => {
    const [id] = await enqueue(1, 'doomed');
    mailbox.refuseNext(2);
    const { sender, lines } = await startSender({ maxAttempts: 2 });
    await until(async () => lines.some((line) => line.includes('gave up after 2 attempts')));
    await sender.stop();
    const [row] = await rowsOf([id!]);
    expect(row).toMatchObject({ attempts: 2, sentAt: null, text: '', html: null });
    expect(row!.lastError).toMatch(/451/);
    const gaveUp = JSON.parse(lines.find((line) => line.includes('gave up'))!) as { level: number; cause: string };
    expect(gaveUp.level).toBe(50);
    expect(gaveUp.cause).toMatch(/temporarily unavailable/);
    expect(mailbox.messages.some((message) => message.subject === 'doomed 0')).toBe(false);
  });

  it('a message claimed by a sender that died goes again once its lease ends', async () => {
    const [id] = await enqueue(1, 'orphan');
    // A sender claims it and dies before sending (a lease of 100 ms, for the test).
    const claimed = await claimDueEmails(server.database.db, { limit: 100, leaseMs: 100, maxAttempts: 8 });
    expect(claimed.map((message) => message.id)).toContain(id);
    const { sender } = await startSender();
    await until(async () => (await rowsOf([id!]))[0]!.sentAt !== null);
    await sender.stop();
    expect((await rowsOf([id!]))[0]!.attempts).toBe(2);
    expect(mailbox.messages.filter((message) => message.subject === 'orphan 0')).toHaveLength(1);
  });

  it('stops cleanly: nothing more is sent after stop()', async () => {
    const { sender } = await startSender();
    await sender.stop();
    const [id] = await enqueue(1, 'after-stop');
    sender.wake();
    // Another sender proves the message was there to send; the stopped one never took it.
    const other = await startSender();
    await until(async () => (await rowsOf([id!]))[0]!.sentAt !== null);
    await other.sender.stop();
    expect((await rowsOf([id!]))[0]!.attempts).toBe(1);
  });

  it('housekeeping prunes sent messages after a week, and given-up ones after a month', async () => {
    const ids = await enqueue(4, 'old');
    const [sentLongAgo, sentRecently, gaveUpLongAgo, pending] = ids as [string, string, string, string];
    const db = server.database.db;
    await db.update(emailOutbox).set({ sentAt: sql`now() - interval '8 days'` }).where(eq(emailOutbox.id, sentLongAgo));
    await db.update(emailOutbox).set({ sentAt: sql`now() - interval '6 days'` }).where(eq(emailOutbox.id, sentRecently));
    await db
      .update(emailOutbox)
      .set({ attempts: 8, createdAt: sql`now() - interval '31 days'`, nextAttemptAt: sql`'infinity'::timestamptz` })
      .where(eq(emailOutbox.id, gaveUpLongAgo));
    await db.update(emailOutbox).set({ nextAttemptAt: sql`now() + interval '1 day'` }).where(eq(emailOutbox.id, pending));
    await runHousekeeping(server.ctx);
    expect((await rowsOf(ids)).map((row) => row.id).sort()).toEqual([sentRecently, pending].sort());
    await db.delete(emailOutbox).where(isNull(emailOutbox.sentAt));
  });
});

describe('send failures as logged', () => {
  it('never carry the SMTP password, and back off from 30 s to at most an hour', () => {
    const url = `smtp://tester:${MAILBOX_PASSWORD}@mail.example.com:587`;
    const error = Object.assign(new Error(`Invalid login for tester:${MAILBOX_PASSWORD}`), { code: 'EAUTH', responseCode: 535 });
    const described = describeSendFailure(error, url);
    expect(described).toBe('Invalid login for tester:[redacted]; code EAUTH; SMTP 535');
    expect([1, 2, 3, 8, 20].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});
