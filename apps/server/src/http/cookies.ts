export const SESSION_COOKIE = 'tasklane_session';

/** Reads one cookie from a Cookie header; malformed pairs are ignored. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function serializeSessionCookie(token: string, options: { maxAgeSeconds: number; secure: boolean }): string {
  const parts = [
    `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function serializeClearedSessionCookie(secure: boolean): string {
  return serializeSessionCookie('', { maxAgeSeconds: 0, secure }) + '; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
}
