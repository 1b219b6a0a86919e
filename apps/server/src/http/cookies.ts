export const SESSION_COOKIE = 'tasklane_session';

/**
 * A cookie's name as this app sends and reads it. With COOKIE_SECURE, the `__Host-` prefix:
 * browsers keep such a cookie only when it came over HTTPS with Secure, Path=/ and no Domain,
 * so neither a sibling subdomain nor a plain-HTTP answer can set or shadow it (no session
 * fixation through a cookie planted from elsewhere). Every cookie of the app is named here.
 */
export function cookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}

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

/**
 * Set-Cookie for one of the app's cookies: named by cookieName, HttpOnly, SameSite=Lax, Path=/
 * and never a Domain (which __Host- forbids), Secure with COOKIE_SECURE.
 */
export function serializeCookie(name: string, value: string, options: { maxAgeSeconds: number; secure: boolean }): string {
  const parts = [
    `${cookieName(name, options.secure)}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Set-Cookie that removes one of the app's cookies. */
export function serializeClearedCookie(name: string, secure: boolean): string {
  return serializeCookie(name, '', { maxAgeSeconds: 0, secure }) + '; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
}
