import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';
import { useMemo } from 'react';
import { cn } from '@/lib/cn';

/**
 * Comments and task descriptions are Markdown (issue 17, decision 024): rendered by `marked`
 * (GitHub-flavoured, a line break is a break), then sanitized by DOMPurify to the few elements
 * Markdown makes. No raw HTML passes: HTML written in the text is shown as text, not parsed.
 * Links keep only http, https and mailto addresses and open in a new tab without an opener or
 * a referrer; images are shown as their text (an outside image would tell its server who read it).
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const SAFE_LINK = /^(https?:|mailto:)/i;
const isSafeLink = (href: string) => SAFE_LINK.test(href.trim());

// Safe as written, before the sanitizer (which stays, as a second wall): raw HTML escaped,
// links only to safe addresses, images as their text.
const markdown = new Marked({ gfm: true, breaks: true, async: false });
markdown.use({
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    image: ({ text }: Tokens.Image) => escapeHtml(text),
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      if (!isSafeLink(href)) return text;
      const titled = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(href.trim())}"${titled} target="_blank" rel="noopener noreferrer">${text}</a>`;
    },
  },
});

const ALLOWED_TAGS = [
  'p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'hr',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
];

// An instance of its own, so that its hook touches nothing else that may sanitize.
let purifier: ReturnType<typeof DOMPurify> | undefined;
function sanitizer() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    if (!isSafeLink(node.getAttribute('href') ?? '')) node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

/** Markdown source to safe HTML: only the elements above, links only to http(s) and mailto. */
export function renderMarkdown(source: string): string {
  return sanitizeMarkdownHtml(markdown.parse(source) as string);
}

/** The sanitizer alone: HTML cut down to the elements and attributes Markdown makes. */
export function sanitizeMarkdownHtml(html: string): string {
  return sanitizer().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'title', 'start', 'align'],
    ALLOW_DATA_ATTR: false,
  });
}

/** Styles for what Markdown makes, in the colours of the text around it (a comment bubble, a card). */
const proseClassName = cn(
  'break-words [&>*+*]:mt-2',
  '[&_a]:font-medium [&_a]:underline [&_a]:underline-offset-2',
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-5 [&_ol]:pl-5 [&_li+li]:mt-0.5',
  '[&_code]:rounded [&_code]:bg-black/10 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] dark:[&_code]:bg-white/10',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-black/10 [&_pre]:p-3 dark:[&_pre]:bg-white/10 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-current/30 [&_blockquote]:pl-3 [&_blockquote]:opacity-90',
  '[&_h1]:text-lg [&_h2]:text-base [&_h3]:text-sm [&_h1,&_h2,&_h3,&_h4,&_h5,&_h6]:font-semibold',
  '[&_table]:border-collapse [&_td]:border [&_th]:border [&_td]:border-current/20 [&_th]:border-current/20 [&_td]:px-2 [&_th]:px-2',
);

export interface MarkdownProps {
  source: string;
  className?: string;
}

/** Markdown, rendered safely (see above). */
export function Markdown({ source, className }: MarkdownProps) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  // Sanitized above: the only HTML this app sets from text.
  return <div className={cn(proseClassName, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
