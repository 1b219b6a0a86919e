import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { RequestThrottle } from '../http/request-throttle.js';
import type { FileStore } from '../storage/file-store.js';
import type { EventHub } from './events/event-hub.js';
import type { AccountUserRow } from './users/users.repo.js';

/** The outbox's sender in this process: woken after an enqueue so the message goes at once. */
export type OutboxWaker = { wake(): void };

/**
 * What every service needs: the database, the configuration, the attachment file store, the
 * live-event hub, the email outbox's sender (none when email is not configured), the webhook
 * sender, and the per-token API throttle (API_TOKEN_RATE_LIMIT_PER_TOKEN; none: not throttled).
 */
export type ServiceContext = {
  db: Db;
  config: Config;
  files: FileStore;
  events?: EventHub;
  outbox?: OutboxWaker;
  databaseKind?: Database['kind'];
  apiTokenThrottle?: RequestThrottle;
  /** The webhook sender in this process: woken after a test or redelivery is queued. */
  webhooks?: OutboxWaker;
};

/**
 * The signed-in user of a request and the browser tab it came from (its X-Client-Id, or
 * null): the actor that the events of its writes name, so that tab can ignore its own echoes.
 */
export type Actor = AccountUserRow & { clientId: string | null };
