/**
 * What a search matches, everywhere (lists the server filters and lists the web app filters
 * alike; docs/api.md, "Search"): the text is split into words at white space, and every word
 * must appear, in any case, inside one of the searched fields (each word may be in a different
 * field; a list field such as tags counts each item as a field). Characters are taken
 * literally: % and _ are no wildcards, punctuation is part of the word. Blank text matches
 * everything. The server's SQL builds one ILIKE condition per word from searchWords, with
 * the same meaning.
 */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

type SearchField = string | null | undefined | readonly string[];

/** Whether every word of the search appears in one of `fields`. */
export function matchesSearch(fields: readonly SearchField[], search: string | undefined): boolean {
  const words = searchWords(search);
  if (words.length === 0) return true;
  const texts = fields.flatMap((field) => (field === null || field === undefined ? [] : typeof field === 'string' ? [field] : field)).map((text) => text.toLowerCase());
  return words.every((word) => texts.some((text) => text.includes(word)));
}

/**
 * A task matches when every word is in its title, its description or one of its tags (the
 * server's task lists and board search the same way in SQL; the web app's /tasks filters with this).
 */
export function matchesTaskSearch(task: { title: string; description?: string; tags: readonly string[] }, search: string | undefined): boolean {
  return matchesSearch([task.title, task.description, task.tags], search);
}
