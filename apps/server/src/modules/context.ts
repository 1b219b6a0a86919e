import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { FileStore } from '../storage/file-store.js';
import type { EventHub } from './events/event-hub.js';
import type { AccountUserRow } from './users/users.repo.js';

/** What every service needs: the database, the configuration, the attachment file store and the live-event hub. */
export type ServiceContext = { db: Db; config: Config; files: FileStore; events?: EventHub; databaseKind?: Database['kind'] };

/**
 * The signed-in user of a request and the browser tab it came from (its X-Client-Id, or
 * null): the actor that the events of its writes name, so that tab can ignore its own echoes.
 */
export type Actor = AccountUserRow & { clientId: string | null };
