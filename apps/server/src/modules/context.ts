import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { FileStore } from '../storage/file-store.js';

/** What every service needs: the database, the configuration and the attachment file store. */
export type ServiceContext = { db: Db; config: Config; files: FileStore };
