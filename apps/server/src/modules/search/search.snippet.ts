import { SEARCH_MARK_CLOSE, SEARCH_MARK_OPEN } from '@tasklane/contract';

/**
 * A result's snippet (decision 029): the field the terms matched in (the title, the tags, the
 * description or the comment, whichever holds most of them), cut to a window around the first
 * match, as HTML-escaped text with each matching word between <mark> and </mark>. It is made in
 * the server for the few rows answered, with the same idea of a match as the SQL: a word that
 * begins with a term, or (a term of four letters or more) one that holds it or is a near spelling.
 */
export const SNIPPET_CHARS = 160;
/** How much text is kept before the first match when a long text is cut. */
const LEAD_CHARS = 40;
const WORD = /[\p{L}\p{N}]+/gu;
/** pg_trgm's default threshold for word similarity, which the SQL's %> uses. */
const SIMILAR = 0.6;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** pg_trgm's trigrams of one word: lower-cased, padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const found = new Set<string>();
  for (let at = 0; at + 3 <= padded.length; at += 1) found.add(padded.slice(at, at + 3));
  return found;
}

/** How much of `term`'s trigrams `word` holds (pg_trgm's word_similarity, for one word). */
function wordSimilarity(term: string, word: string): number {
  const wanted = trigrams(term);
  const held = trigrams(word);
  let shared = 0;
  for (const trigram of wanted) if (held.has(trigram)) shared += 1;
  return wanted.size === 0 ? 0 : shared / wanted.size;
}

/** Whether `word` (lower-cased) is a match for `term`. */
export function wordMatches(word: string, term: string): boolean {
  if (word.startsWith(term)) return true;
  if (term.length < 4) return false;
  return word.includes(term) || wordSimilarity(term, word) >= SIMILAR;
}

type Word = { start: number; end: number; matches: boolean };

function wordsOf(text: string, terms: readonly string[]): Word[] {
  return [...text.matchAll(WORD)].map((match) => {
    const lower = match[0].toLowerCase();
    return { start: match.index, end: match.index + match[0].length, matches: terms.some((term) => wordMatches(lower, term)) };
  });
}

/** How many of the terms `text` holds a match for. */
function termsMatched(text: string, terms: readonly string[]): number {
  const words = [...text.matchAll(WORD)].map((match) => match[0].toLowerCase());
  return terms.filter((term) => words.some((word) => wordMatches(word, term))).length;
}

/** The field that best shows why the row matched: most terms matched, the earlier field first. */
export function pickField(fields: readonly string[], terms: readonly string[]): string {
  let best = fields[0] ?? '';
  let bestCount = terms.length === 0 ? 0 : termsMatched(best, terms);
  for (const field of fields.slice(1)) {
    if (field.trim() === '') continue;
    const count = termsMatched(field, terms);
    if (count > bestCount) [best, bestCount] = [field, count];
  }
  return best;
}

/** `text` on one line, cut to a window around its first match, escaped, matches marked. */
export function snippetOf(text: string, terms: readonly string[]): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const words = wordsOf(line, terms);
  const first = words.find((word) => word.matches);
  let start = 0;
  if (line.length > SNIPPET_CHARS && first && first.start > LEAD_CHARS) {
    // Begin at a word, a little before the first match.
    const lead = words.find((word) => word.start >= first.start - LEAD_CHARS);
    start = lead?.start ?? first.start;
  }
  let end = Math.min(line.length, start + SNIPPET_CHARS);
  if (end < line.length) {
    // End after a whole word.
    const cut = words.find((word) => word.start < end && word.end >= end);
    if (cut) end = cut.end;
  }
  let out = start > 0 ? '…' : '';
  let at = start;
  for (const word of words) {
    if (word.end <= start || word.start >= end || !word.matches) continue;
    out += escapeHtml(line.slice(at, word.start)) + SEARCH_MARK_OPEN + escapeHtml(line.slice(word.start, word.end)) + SEARCH_MARK_CLOSE;
    at = word.end;
  }
  out += escapeHtml(line.slice(at, end));
  if (end < line.length) out += '…';
  return out;
}
