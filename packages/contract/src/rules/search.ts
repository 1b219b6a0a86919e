/**
 * What a search matches, everywhere (lists filtered by the server and by the web app alike,
 * docs/api.md "Search"): the text typed, trimmed, found as typed (one phrase: several words
 * must appear together, in that order) anywhere in one of the searched fields, in any case.
 * Every character counts literally: % and _ are no wildcards, punctuation is not ignored.
 * Blank text matches everything. The server's SQL (ILIKE on an escaped pattern) means the same.
 */
export function searchPhrase(search: string | undefined): string {
  return (search ?? '').trim().toLowerCase();
}

/** Whether the search appears in one of `fields` (a field may be a list, such as tags: any item). */
export function matchesSearch(fields: ReadonlyArray<string | null | undefined | readonly string[]>, search: string | undefined): boolean {
  const phrase = searchPhrase(search);
  if (phrase === '') return true;
  return fields.some((field) => {
    if (field === null || field === undefined) return false;
    if (typeof field === 'string') return field.toLowerCase().includes(phrase);
    return field.some((item) => item.toLowerCase().includes(phrase));
  });
}

/**
 * A task matches a search found in its title, its description or one of its tags. A board card
 * carries no description: there, the title and tags decide.
 */
export function matchesTaskSearch(task: { title: string; description?: string; tags: readonly string[] }, search: string | undefined): boolean {
  return matchesSearch([task.title, task.description, task.tags], search);
}
