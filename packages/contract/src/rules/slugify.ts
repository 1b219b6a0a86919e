/**
 * SPEC.md section 5: lower-cased, trimmed, non-word characters removed, runs of
 * spaces, underscores and hyphens collapsed to one hyphen, no leading or trailing hyphen.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
