import path from 'node:path';
import type { Config } from './config.js';

/**
 * The one plain line `npm start` prints for a person once it serves, besides the JSON logs:
 * where to open the app, which database it uses, and how many server processes share the port
 * when more than one (WEB_CONCURRENCY). Never a user name or a password.
 */
export function describeReady(
  config: Pick<Config, 'host' | 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'webConcurrency'>>,
  port: number,
  cwd = process.cwd(),
): string {
  const processes = config.webConcurrency ?? 1;
  const shared = processes > 1 ? `; ${processes} server processes` : '';
  return `Tasklane is ready at ${browsableUrl(config.host, port)} (database: ${describeDatabase(config, cwd)}${shared})`;
}

// Listening on every interface: this machine's own name is the one a person can open.
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]']);

function browsableUrl(host: string, port: number): string {
  const shown = ANY_ADDRESS.has(host) ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

function describeDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>, cwd: string): string {
  if (!config.databaseUrl) {
    const relative = path.relative(cwd, config.dataDir);
    const shown = relative === '' ? '.' : relative.startsWith('..') || path.isAbsolute(relative) ? config.dataDir : `.${path.sep}${relative}`;
    return `embedded PostgreSQL in ${shown}`;
  }
  const url = new URL(config.databaseUrl);
  const host = url.hostname || url.searchParams.get('host') || 'localhost';
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  return `PostgreSQL at ${host}:${url.port || '5432'}${database ? `/${database}` : ''}`;
}
