import type { FastifyBaseLogger } from 'fastify';
import { pingDatabase } from '../../db/client.js';
import type { ServiceContext } from '../context.js';

export async function checkHealth(ctx: ServiceContext, log: FastifyBaseLogger): Promise<boolean> {
  try {
    await pingDatabase(ctx.db);
    return true;
  } catch (error) {
    log.error({ err: error }, 'health check: database unavailable');
    return false;
  }
}
