/** An enum value for people: 'IN_PROGRESS' -> 'In Progress', 'URGENT' -> 'Urgent'. */
export function formatEnum(value: string): string {
  return value
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** '1 workspace', '3 workspaces'. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
