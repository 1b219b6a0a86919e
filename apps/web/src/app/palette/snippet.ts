import { SEARCH_MARK_CLOSE, SEARCH_MARK_OPEN } from '@tasklane/contract';

export interface SnippetPart {
  text: string;
  isMatch: boolean;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'", '#34': '"' };

/** The text an HTML-escaped string stands for (the few entities an escaper writes; others stay as written). */
export function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#39|#x27|#34);/g, (_, name: string) => entities[name] ?? _);
}

/**
 * A search snippet (HTML-escaped text with each matched word between <mark> and </mark>) as
 * plain-text parts, the matched ones flagged: rendered as React text, never as HTML, so nothing
 * in a title or comment can become markup on the page.
 */
export function splitSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let rest = snippet;
  while (rest !== '') {
    const open = rest.indexOf(SEARCH_MARK_OPEN);
    if (open < 0) {
      parts.push({ text: unescapeHtml(rest), isMatch: false });
      break;
    }
    if (open > 0) parts.push({ text: unescapeHtml(rest.slice(0, open)), isMatch: false });
    const afterOpen = rest.slice(open + SEARCH_MARK_OPEN.length);
    const close = afterOpen.indexOf(SEARCH_MARK_CLOSE);
    const marked = close < 0 ? afterOpen : afterOpen.slice(0, close);
    if (marked !== '') parts.push({ text: unescapeHtml(marked), isMatch: true });
    rest = close < 0 ? '' : afterOpen.slice(close + SEARCH_MARK_CLOSE.length);
  }
  return parts.filter((part) => part.text !== '');
}
