/**
 * `Content-Disposition: attachment` offering `name`: a plain `filename` for every client
 * (non-ASCII, quotes and backslashes replaced by '_') and, when that had to change anything,
 * the exact name as RFC 5987's `filename*=UTF-8''...`, which browsers prefer.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (fallback === name) return `attachment; filename="${name}"`;
  // encodeURIComponent leaves ' ( ) * unescaped; RFC 5987's attr-char does not allow them.
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
