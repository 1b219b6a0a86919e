import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from './errors.js';

/** Deeper than any body the API takes; a body past it is refused before JSON.parse sees it. */
export const MAX_JSON_DEPTH = 32;
/** The routes anyone may call (register, login, logout) read at most this much. */
export const SMALL_BODY_LIMIT_BYTES = 8 * 1024;

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export const nulCharacterError = () => badRequest('Text may not contain NUL characters');
const tooDeepError = () => new AppError('BAD_REQUEST', `JSON is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);

/**
 * Whether the JSON text opens more than `limit` arrays or objects at once. One pass that stops
 * at the first level too many, so a megabyte of brackets costs as much as `limit` of them.
 * Brackets inside strings do not count. Malformed text is left for JSON.parse to refuse.
 */
export function isNestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (isInString) {
      if (char === BACKSLASH) i += 1;
      else if (char === QUOTE) isInString = false;
    } else if (char === QUOTE) {
      isInString = true;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

/** Whether a parsed value holds U+0000 in any string, keys included (its depth is bounded). */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  }
  return false;
}

/**
 * The API's one JSON parser: depth checked on the raw text first, then Fastify's own parser
 * (which refuses __proto__ and constructor poisoning), then NUL refused in the parsed strings.
 */
export function registerJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // Clients (ours included) send Content-Type: application/json on every call, also on a
    // bodiless POST such as logout: an empty JSON body is no body, not an error.
    if (text === '') return done(null, undefined);
    if (isNestedDeeperThan(text, MAX_JSON_DEPTH)) return done(tooDeepError(), undefined);
    parseJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database.
      if (containsNul(parsed)) return done(nulCharacterError(), undefined);
      return done(null, parsed);
    });
  });
}
