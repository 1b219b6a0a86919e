/**
 * `@username` mentions in a comment or a task description (issue 17). A mention starts at the
 * beginning of the text or after a character that cannot end an email or a word (so
 * `ann@example.com` mentions nobody), and takes the longest run of username characters
 * (letters, digits, dots, underscores, hyphens: usernameSchema), without a trailing dot (the end
 * of a sentence). Usernames are unique whatever their case: the answer is lower-cased,
 * each name once, in order of first appearance. Code is not prose: an `@name` inside a Markdown
 * code span or fenced code block (a pasted log, a decorator) mentions nobody, as it shows as
 * code, not as a mention.
 */
const MENTION_PATTERN = /(^|[^A-Za-z0-9._@-])@([A-Za-z0-9._-]{3,50})/g;

/** A fenced code block: a line opening with ``` or ~~~ to the line that closes it with the same fence (or the end). */
const FENCED_CODE = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm;
/** A code span: a run of backticks, then anything, then a run of exactly as many backticks. */
const CODE_SPAN = /(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g;

/** The text with its code blanked out (a space per block or span, so that no two words join). */
function withoutCode(text: string): string {
  return text.replace(FENCED_CODE, ' ').replace(CODE_SPAN, ' ');
}

export function parseMentions(text: string): string[] {
  const names: string[] = [];
  for (const match of withoutCode(text).matchAll(MENTION_PATTERN)) {
    const name = match[2]!.replace(/\.+$/, '').toLowerCase();
    if (name.length >= 3 && !names.includes(name)) names.push(name);
  }
  return names;
}

/** The names mentioned in `after` that `before` did not mention (a description's edit). */
export function newMentions(before: string, after: string): string[] {
  const old = new Set(parseMentions(before));
  return parseMentions(after).filter((name) => !old.has(name));
}
