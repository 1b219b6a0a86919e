/**
 * A board column's page cursor: where the last card of a page sits in the column's order (its
 * rank, then its id), so the next page starts right after it whatever happened to that card
 * since. Opaque to clients (base64url of JSON): they send back the `nextCursor` they were given.
 */
export type BoardCursor = { rank: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Generous: ranks a move writes are at most 32 characters; an older server let some reach 256 and more. */
const MAX_CURSOR_LENGTH = 2048;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export function encodeBoardCursor(cursor: BoardCursor): string {
  return toBase64Url(JSON.stringify([cursor.rank, cursor.id]));
}

/** The cursor `text` holds, or undefined when it is not one this server wrote. */
export function decodeBoardCursor(text: string): BoardCursor | undefined {
  if (text.length === 0 || text.length > MAX_CURSOR_LENGTH || !BASE64URL.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(fromBase64Url(text));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [rank, id] = value as unknown[];
    if (typeof rank !== 'string' || rank.length === 0 || typeof id !== 'string' || !UUID.test(id)) return undefined;
    return { rank, id: id.toLowerCase() };
  } catch {
    return undefined;
  }
}
