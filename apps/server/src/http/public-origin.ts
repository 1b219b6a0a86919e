import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * The origin links handed to people start with (invite and reset links): PUBLIC_URL when set,
 * else the origin this request reached the app at (behind a proxy, as TRUST_PROXY lets it say).
 */
export function publicOrigin(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
