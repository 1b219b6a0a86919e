import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { outsideRecording } from '../../db/query-log.js';
import { claimDueEmails, markEmailFailed, markEmailSent, type ClaimedEmail } from './email-outbox.repo.js';

/** How the outbox is worked; the defaults suit production, tests shorten the waits. */
export type EmailSenderSettings = {
  /** How often the outbox is looked at without a wake-up (messages of other instances, retries). */
  pollMs: number;
  /** The wait before the second attempt; it doubles with each failure, up to an hour. */
  retryBaseMs: number;
  /** Attempts before a message is given up on (and logged as an error). */
  maxAttempts: number;
  /**
   * How long a claimed message is this sender's: past it (the process died mid-send) another
   * sender takes it again. Longer than the longest an SMTP conversation may last (timeouts below).
   */
  leaseMs: number;
  /** Messages claimed at once. */
  batchSize: number;
};

export const DEFAULT_EMAIL_SENDER_SETTINGS: EmailSenderSettings = {
  pollMs: 15_000,
  retryBaseMs: 30_000,
  maxAttempts: 8,
  leaseMs: 5 * 60_000,
  batchSize: 10,
};

const MAX_RETRY_MS = 60 * 60_000;
/** How long stop() waits for a message being sent (shutdown must end within its 10 s). */
const STOP_WAIT_MS = 5_000;

/** The SMTP conversation's limits: each well inside the lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** The wait before the attempt after `attempts` failed ones: 30 s, 1 min, 2 min, ... at most an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), Math.max(baseMs, MAX_RETRY_MS));
}

/**
 * What went wrong, fit for a log line and the outbox row: the error's message and SMTP codes,
 * never the message itself, and never the SMTP credentials should a library repeat them.
 */
export function describeSendFailure(error: unknown, smtpUrl: string): string {
  const details = error as { message?: unknown; code?: unknown; responseCode?: unknown };
  const parts = [typeof details.message === 'string' ? details.message : String(error)];
  if (typeof details.code === 'string') parts.push(`code ${details.code}`);
  if (typeof details.responseCode === 'number') parts.push(`SMTP ${details.responseCode}`);
  let text = parts.join('; ');
  for (const secret of credentialsOf(smtpUrl)) text = text.split(secret).join('[redacted]');
  return text.slice(0, 1000);
}

function credentialsOf(smtpUrl: string): string[] {
  try {
    const url = new URL(smtpUrl);
    return [url.password, decodeURIComponent(url.password)].filter((value) => value.length > 0);
  } catch {
    return [];
  }
}

/**
 * The outbox's worker in this process: claims due messages (FOR UPDATE SKIP LOCKED, so each goes
 * once whichever instance claims it), sends them through SMTP, marks them sent, and retries
 * failures with backoff. `wake()` after an enqueue sends at once; a slow poll catches the rest.
 */
export class EmailSender {
  private readonly settings: EmailSenderSettings;
  /** Made at the first message to send: nodemailer (about 3 MB of memory) loads only then. */
  private transport: Promise<Transporter> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private isWokenAgain = false;
  private isStopped = false;
  /** The earliest retry this sender scheduled, so it looks again then rather than at the next poll. */
  private nextRetryAt = Infinity;

  constructor(
    private readonly db: Db,
    private readonly email: EmailConfig,
    private readonly log: FastifyBaseLogger,
    settings: Partial<EmailSenderSettings> = {},
  ) {
    this.settings = { ...DEFAULT_EMAIL_SENDER_SETTINGS, ...settings };
  }

  private smtp(): Promise<Transporter> {
    if (!this.transport) {
      const made = import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ url: this.email.smtpUrl, ...SMTP_TIMEOUTS }),
      );
      // A failure is the message's (retried with it), not kept for every message after.
      made.catch(() => {
        if (this.transport === made) this.transport = undefined;
      });
      this.transport = made;
    }
    return this.transport;
  }

  /** Starts working the outbox: at once (messages left by a previous run), then as woken or polled. */
  start() {
    this.wake();
  }

  /** Something was just enqueued: send it now rather than at the next poll. */
  wake() {
    if (this.isStopped) return;
    if (this.round) {
      this.isWokenAgain = true;
      return;
    }
    clearTimeout(this.timer);
    // Woken by a request, the round is still not part of it (its SQL is not the request's).
    this.round = outsideRecording(() => this.runRounds()).finally(() => {
      this.round = undefined;
      this.schedule();
    });
  }

  /** Stops polling; waits (briefly) for a message being sent. Claimed but unsent ones go again after their lease. */
  async stop() {
    this.isStopped = true;
    clearTimeout(this.timer);
    const round = this.round;
    if (round) {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([round, new Promise<void>((resolve) => (timeout = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(timeout);
    }
    const transport = await this.transport?.catch(() => undefined);
    transport?.close();
  }

  private schedule() {
    if (this.isStopped) return;
    const untilRetry = this.nextRetryAt - Date.now();
    const delay = Math.max(0, Math.min(this.settings.pollMs, untilRetry));
    this.timer = setTimeout(() => this.wake(), delay);
    this.timer.unref();
  }

  private async runRounds() {
    do {
      this.isWokenAgain = false;
      this.nextRetryAt = Infinity;
      try {
        await this.sendDue();
      } catch (error) {
        this.log.warn({ err: error }, 'email outbox could not be read; trying again later');
      }
    } while (this.isWokenAgain && !this.isStopped);
  }

  private async sendDue() {
    const { batchSize, leaseMs, maxAttempts } = this.settings;
    while (!this.isStopped) {
      const claimed = await claimDueEmails(this.db, { limit: batchSize, leaseMs, maxAttempts });
      for (const message of claimed) {
        if (this.isStopped) return;
        await this.send(message);
      }
      if (claimed.length < batchSize) return;
    }
  }

  private async send(message: ClaimedEmail) {
    try {
      const transport = await this.smtp();
      await transport.sendMail({
        from: this.email.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
    } catch (error) {
      await this.failed(message, error);
      return;
    }
    try {
      await markEmailSent(this.db, message.id);
      this.log.info({ emailId: message.id, attempt: message.attempts }, 'email sent');
    } catch (error) {
      // Delivered, but not recorded: it will go again once its lease ends (at least once, never lost).
      this.log.warn({ emailId: message.id, err: error }, 'email sent, but marking it sent failed: it may be sent again');
    }
  }

  private async failed(message: ClaimedEmail, error: unknown) {
    const { maxAttempts, retryBaseMs } = this.settings;
    const cause = describeSendFailure(error, this.email.smtpUrl);
    const isFinal = message.attempts >= maxAttempts;
    const retryInMs = retryDelayMs(message.attempts, retryBaseMs);
    try {
      await markEmailFailed(this.db, message.id, { error: cause, retryInMs, isFinal });
    } catch (markError) {
      this.log.warn({ emailId: message.id, err: markError }, 'recording a failed email failed: it goes again once its lease ends');
    }
    if (isFinal) {
      this.log.error({ emailId: message.id, attempts: message.attempts, cause }, `email could not be sent; gave up after ${message.attempts} attempts`);
      return;
    }
    this.nextRetryAt = Math.min(this.nextRetryAt, Date.now() + retryInMs);
    this.log.warn({ emailId: message.id, attempt: message.attempts, retryInSeconds: Math.round(retryInMs / 1000), cause }, 'email could not be sent; will retry');
  }
}
