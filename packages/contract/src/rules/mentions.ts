/**
 * `@username` mentions in a comment or a task description (issue 17). A mention starts at the
 * beginning of the text or after a character that cannot end an email or a word (so
 * `ann@example.com` mentions nobody), and takes the longest run of username characters
 * (letters, digits, dots, underscores, hyphens: usernameSchema), without a trailing dot (the end
 * of a sentence). Usernames are unique whatever their case: the answer is lower-cased,
 * each name once, in order of first appearance.
 */
const MENTION_PATTERN = /(^|[^A-Za-z0-9._@-])@([A-Za-z0-9._-]{3,50})/g;

export function parseMentions(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
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
