/** Tags are typed as comma-separated text: trimmed, empty items dropped (SPEC.md section 5). */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

export function formatTags(tags: readonly string[]): string {
  return tags.join(', ');
}

/** Two tag lists are equal when they hold the same tags in the same order (order is what the user typed). */
export function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}
