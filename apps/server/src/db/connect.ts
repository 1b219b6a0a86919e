import postgres from 'postgres';

/**
 * Opens a postgres.js client for a PostgreSQL URL. A libpq-style `?host=/some/folder` names the
 * folder of a Unix socket (how the embedded server is reached: it listens on no TCP port);
 * postgres.js takes that as its `host` option, and would otherwise send `host` to the server as a
 * setting and be refused. Every connection the app, its tools and its tests open goes through here.
 */
export function connectPostgres(url: string, options: postgres.Options<Record<string, never>> = {}): postgres.Sql {
  const { url: plain, socketDir } = splitSocket(url);
  return postgres(plain, { onnotice: () => {}, ...options, ...(socketDir ? { host: socketDir } : {}) });
}

/** The URL without a socket folder, and that folder (undefined for a TCP address). */
export function splitSocket(url: string): { url: string; socketDir: string | undefined } {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host');
  if (!host?.startsWith('/')) return { url, socketDir: undefined };
  parsed.searchParams.delete('host');
  return { url: parsed.toString(), socketDir: host };
}

/** A URL for a database reached through the Unix socket in `socketDir`. */
export function socketUrl(socketDir: string, database: string, user: string): string {
  return `postgres://${encodeURIComponent(user)}@localhost/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir)}`;
}

/** The same server's URL for another database (test files and the backup tests make their own). */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}
