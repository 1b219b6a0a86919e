import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_HEADERS, webhookEventTypes } from '@tasklane/contract';
import { outsideRecording } from '../../db/query-log.js';
import type { ServiceContext } from '../context.js';
import type { EventRow } from '../events/events.repo.js';
import type { AddressPolicy } from './webhook-address.js';
import { postWebhook, type AttemptOutcome } from './webhook-http.js';
import { buildPayload, deliveryBody, signatureOf } from './webhook-payload.js';
import { loadWebhookKey, openWebhookSecret } from './webhook-secrets.js';
import * as repo from './webhooks.repo.js';

/** How deliveries are worked; the defaults suit production, tests shorten them. */
export type WebhookSenderSettings = {
  /** How often the outbox is looked at without a wake-up (retries, other instances' work). */
  pollMs: number;
  /** The wait before the second attempt; it doubles with each failure, up to maxRetryMs. */
  retryBaseMs: number;
  maxRetryMs: number;
  /** A delivery is retried for this long after it was recorded; then it is given up on (FAILED). */
  retryWindowMs: number;
  /** A webhook whose deliveries have failed this long without a success is paused, and its admins told. */
  pauseAfterMs: number;
  /** An attempt's time limit: connecting, sending and the receiver's answer. */
  timeoutMs: number;
  /** How long a claimed delivery is this sender's (past it, the process died: another takes it). Longer than timeoutMs. */
  leaseMs: number;
  /** Deliveries claimed (and sent side by side) at once. */
  batchSize: number;
};

const DAY_MS = 24 * 60 * 60_000;

export const DEFAULT_WEBHOOK_SENDER_SETTINGS: WebhookSenderSettings = {
  pollMs: 5_000,
  retryBaseMs: 10_000,
  maxRetryMs: 60 * 60_000,
  retryWindowMs: DAY_MS,
  pauseAfterMs: DAY_MS,
  timeoutMs: 10_000,
  leaseMs: 60_000,
  batchSize: 10,
};

const STOP_WAIT_MS = 5_000;
const HEARD = new Set<string>(webhookEventTypes);
export const WEBHOOK_USER_AGENT = 'Tasklane-Webhooks/1.0';

/** The wait after `attempts` failed ones: base, twice base, four times ... at most `max`. */
export function webhookRetryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), Math.max(baseMs, maxMs));
}

/**
 * The webhook outbox's worker in this process (decision 039). Every instance runs one: it claims
 * due deliveries (FOR UPDATE SKIP LOCKED and a lease, so each attempt is made by one instance),
 * makes and keeps the payload at the first attempt, signs and POSTs it, and records the outcome:
 * delivered, retried with exponential backoff, or given up on after a day; a webhook failing for
 * a day is paused and its admins told. Woken by every committed event this instance hears (so a
 * delivery leaves within moments of its change) while any webhook is active, after a webhook is
 * added, changed, tested or redelivered, and by a poll, which also looks again whether any
 * webhook is active: an install without webhooks pays no outbox read per write.
 */
export class WebhookSender {
  private readonly settings: WebhookSenderSettings;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private isWokenAgain = false;
  private isStopped = false;
  private nextRetryAt = Infinity;
  /** Whether any webhook was active at the last look (or may be: one was just added or changed). */
  private isAnyActive = true;
  /** The poll's round looks again whether any webhook is active. */
  private isLookDue = false;
  /** Counts explicit wake-ups, so a look that began before one does not overrule it. */
  private wakeCount = 0;
  /** When the poll last ran (ms since the epoch): rounds the events start do not put it off. */
  private polledAt = Date.now();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly policy: AddressPolicy,
    private readonly log: FastifyBaseLogger,
    settings: Partial<WebhookSenderSettings> = {},
  ) {
    this.settings = { ...DEFAULT_WEBHOOK_SENDER_SETTINGS, ...settings };
  }

  start() {
    // The sealing key, read once per process: no request adding a webhook pays for it then.
    loadWebhookKey(this.ctx.db).catch((error: unknown) => this.log.warn({ err: error }, 'webhooks: the secrets key could not be read yet'));
    this.wake();
  }

  /** A committed event: one a webhook may hear has its deliveries recorded already; send them now. */
  onEvent(event: EventRow) {
    if (this.isAnyActive && event.projectId && HEARD.has(event.type)) this.startRound();
  }

  /** A webhook was added, changed, tested or redelivered (or the sender starts): work the outbox now. */
  wake() {
    this.isAnyActive = true;
    this.wakeCount++;
    this.startRound();
  }

  private poll() {
    this.polledAt = Date.now();
    this.isLookDue = true;
    this.startRound();
  }

  private startRound() {
    if (this.isStopped) return;
    if (this.round) {
      this.isWokenAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.round = outsideRecording(() => this.runRounds()).finally(() => {
      this.round = undefined;
      this.schedule();
    });
  }

  /** Stops; waits briefly for attempts under way. Claimed but unrecorded ones go again after their lease. */
  async stop() {
    this.isStopped = true;
    clearTimeout(this.timer);
    const round = this.round;
    if (round) {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([round, new Promise<void>((resolve) => (timeout = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(timeout);
    }
  }

  /**
   * The poll comes pollMs after the last one, however many rounds events started meanwhile: were
   * each round to start the wait again, steady writes (one every few seconds) would keep it from
   * ever coming, and an install whose webhooks were all removed would read the outbox on every
   * write for good.
   */
  private schedule() {
    if (this.isStopped) return;
    const now = Date.now();
    const delay = Math.max(0, Math.min(this.polledAt + this.settings.pollMs - now, this.nextRetryAt - now));
    this.timer = setTimeout(() => this.poll(), delay);
    this.timer.unref();
  }

  private async runRounds() {
    do {
      this.isWokenAgain = false;
      this.nextRetryAt = Infinity;
      try {
        if (this.isLookDue) {
          this.isLookDue = false;
          const wakeCount = this.wakeCount;
          const isAnyActive = await repo.hasActiveWebhooks(this.ctx.db);
          if (wakeCount === this.wakeCount) this.isAnyActive = isAnyActive;
        }
        await this.sendDue();
      } catch (error) {
        if (this.isStopped) return;
        this.log.warn({ err: error }, 'webhooks: the outbox could not be read; trying again later');
      }
    } while (this.isWokenAgain && !this.isStopped);
  }

  private async sendDue() {
    const { batchSize, leaseMs } = this.settings;
    while (!this.isStopped) {
      const claimed = await repo.claimDueDeliveries(this.ctx.db, { limit: batchSize, leaseMs });
      await Promise.all(claimed.map((delivery) => this.attempt(delivery)));
      await repo.pruneDeliveries(this.ctx.db, [...new Set(claimed.map((delivery) => delivery.webhookId))]);
      if (claimed.length < batchSize) return;
    }
  }

  private async attempt(delivery: repo.ClaimedDelivery) {
    try {
      const payload = delivery.payload ?? (await buildPayload(this.ctx, delivery));
      if (payload === undefined) return;
      const body = deliveryBody(delivery.id, payload);
      const secret = await openWebhookSecret(this.ctx.db, delivery.sealedSecret);
      const outcome = await postWebhook(
        delivery.url,
        body,
        {
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          [WEBHOOK_HEADERS.event.toLowerCase()]: delivery.event,
          [WEBHOOK_HEADERS.delivery.toLowerCase()]: delivery.id,
          [WEBHOOK_HEADERS.signature.toLowerCase()]: signatureOf(secret, body),
        },
        { timeoutMs: this.settings.timeoutMs, policy: this.policy },
      );
      await this.record(delivery, payload, outcome);
    } catch (error) {
      // Not the receiver's doing (the database, a bug): the lease brings the delivery back.
      this.log.warn({ err: error, webhookId: delivery.webhookId, deliveryId: delivery.id }, 'webhooks: an attempt could not be made; it goes again after its lease');
    }
  }

  private async record(delivery: repo.ClaimedDelivery, payload: string, outcome: AttemptOutcome) {
    const { retryBaseMs, maxRetryMs, retryWindowMs, pauseAfterMs } = this.settings;
    const retryInMs = webhookRetryDelayMs(delivery.attempts, retryBaseMs, maxRetryMs);
    const isWithinWindow = Date.now() + retryInMs - delivery.createdAt.getTime() <= retryWindowMs;
    const status = outcome.ok ? 'SUCCEEDED' : isWithinWindow ? 'PENDING' : 'FAILED';
    await repo.recordAttempt(this.ctx.db, delivery, { payload, statusCode: outcome.statusCode, durationMs: outcome.durationMs, error: outcome.error, status, retryInMs });
    const ids = { webhookId: delivery.webhookId, deliveryId: delivery.id, attempt: delivery.attempts };
    if (outcome.ok) {
      this.log.info({ ...ids, statusCode: outcome.statusCode, durationMs: outcome.durationMs }, 'webhook delivered');
      return;
    }
    if (status === 'PENDING') this.nextRetryAt = Math.min(this.nextRetryAt, Date.now() + retryInMs);
    this.log.warn({ ...ids, statusCode: outcome.statusCode, cause: outcome.error, willRetry: status === 'PENDING' }, 'webhook delivery failed');
    if (await repo.pauseIfFailing(this.ctx.db, delivery.webhookId, pauseAfterMs)) {
      this.log.warn({ webhookId: delivery.webhookId }, 'webhook paused: its deliveries have failed for too long; its admins were told');
    }
  }
}
