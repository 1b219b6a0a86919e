import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { outsideRecording } from '../../db/query-log.js';
import type { OutboxWaker } from '../context.js';
import { insertOutboxEmail } from '../email/email-outbox.repo.js';
import { digestEmail, immediateEmail, kindsOf } from './notification-message.js';
import * as repo from './notification-mailer.repo.js';
import { createUnsubscribeToken, loadUnsubscribeKey } from './unsubscribe-tokens.js';

/** How notifications are mailed; the defaults suit production, tests shorten the waits. */
export type NotificationMailerSettings = {
  /**
   * A notification is mailed once it has been quiet this long after its newest event, so a burst
   * of events on a task makes one email (and one read meanwhile makes none).
   */
  quietMs: number;
  /** The least time between two digests to one person. */
  digestIntervalMs: number;
  /** Notifications older than this are never mailed (turning email on does not mail a backlog). */
  maxAgeMs: number;
  /** How often the notifications are looked at. */
  pollMs: number;
  /** Notifications (immediate) or people (digests) per transaction. */
  batchSize: number;
};

export const DEFAULT_NOTIFICATION_MAILER_SETTINGS: NotificationMailerSettings = {
  quietMs: 60_000,
  digestIntervalMs: 60 * 60_000,
  maxAgeMs: 24 * 60 * 60_000,
  pollMs: 10_000,
  batchSize: 50,
};

/** About the most notifications one digest lists (the rest wait for the next one). */
const MAX_DIGEST_NOTIFICATIONS = 100;

/**
 * Mails the notifications people chose email for (issue 17, decision 026). Every instance runs
 * one. A round claims due notifications with FOR UPDATE SKIP LOCKED, writes their messages into
 * the email outbox and marks them emailed in one transaction, so each is mailed once across
 * instances and restarts; the outbox's sender then delivers them, with its retries.
 */
export class NotificationMailer {
  private readonly settings: NotificationMailerSettings;
  private readonly origin: string;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private isStopped = false;

  constructor(
    private readonly db: Db,
    config: Pick<Config, 'publicUrl' | 'port'>,
    private readonly outbox: OutboxWaker,
    private readonly log: FastifyBaseLogger,
    settings: Partial<NotificationMailerSettings> = {},
  ) {
    this.settings = { ...DEFAULT_NOTIFICATION_MAILER_SETTINGS, ...settings };
    // No request is at hand: PUBLIC_URL, else this server as seen from its own machine.
    this.origin = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
  }

  start() {
    this.schedule(0);
  }

  async stop() {
    this.isStopped = true;
    clearTimeout(this.timer);
    await this.round?.catch(() => {});
  }

  private schedule(delay: number) {
    if (this.isStopped) return;
    this.timer = setTimeout(() => {
      this.round = outsideRecording(() => this.runRound()).finally(() => {
        this.round = undefined;
        this.schedule(this.settings.pollMs);
      });
    }, delay);
    this.timer.unref();
  }

  private async runRound() {
    try {
      let enqueued = 0;
      for (;;) {
        const count = await this.mailImmediate();
        enqueued += count;
        if (this.isStopped || count < this.settings.batchSize) break;
      }
      if (!this.isStopped) enqueued += await this.mailDigests();
      if (enqueued > 0) this.outbox.wake();
    } catch (error) {
      if (!this.isStopped) this.log.warn({ err: error }, 'notification email: a round failed; trying again at the next poll');
    }
  }

  private window(): repo.PendingWindow {
    return { quietMs: this.settings.quietMs, maxAgeMs: this.settings.maxAgeMs };
  }

  /** One transaction: claim due immediate notifications, enqueue one message each. */
  private async mailImmediate(): Promise<number> {
    const key = await loadUnsubscribeKey(this.db);
    return this.db.transaction(async (tx) => {
      const claimed = await repo.claimImmediate(tx, this.window(), this.settings.batchSize);
      for (const notification of claimed) {
        const token = createUnsubscribeToken(key, notification.userId, [notification.kind]);
        await insertOutboxEmail(tx, immediateEmail(notification, { origin: this.origin, token }));
      }
      return claimed.length;
    });
  }

  /** One transaction: claim the people whose digest is due, enqueue one digest each, start their next hour. */
  private async mailDigests(): Promise<number> {
    const key = await loadUnsubscribeKey(this.db);
    await repo.ensureDigestRows(this.db, this.window());
    return this.db.transaction(async (tx) => {
      const people = await repo.claimDueDigests(tx, this.window(), this.settings.digestIntervalMs, this.settings.batchSize);
      const claimed = await repo.claimDigestNotifications(tx, people, this.window(), MAX_DIGEST_NOTIFICATIONS * Math.max(1, people.length));
      const byPerson = new Map<string, repo.MailableNotification[]>();
      for (const notification of claimed) {
        byPerson.set(notification.userId, [...(byPerson.get(notification.userId) ?? []), notification]);
      }
      for (const [userId, notifications] of byPerson) {
        // Its link turns email off for every kind it lists (decision 026).
        const token = createUnsubscribeToken(key, userId, kindsOf(notifications));
        await insertOutboxEmail(tx, digestEmail(notifications, { origin: this.origin, token }));
      }
      await repo.markDigestsSent(tx, [...byPerson.keys()]);
      return byPerson.size;
    });
  }
}
