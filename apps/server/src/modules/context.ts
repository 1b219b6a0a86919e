import type { Config } from '../config.js';
import type { Db } from '../db/client.js';

/** What every service needs: the database and the configuration. */
export type ServiceContext = { db: Db; config: Config };
