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

/** SPEC 2: hours as 'N hours' ('1 hour'), or the fallback ('Not set') when there are none. */
export function formatHours(hours: number | null | undefined, fallback = 'Not set'): string {
  if (hours === null || hours === undefined) return fallback;
  return pluralize(hours, 'hour');
}

/** Actual against estimated hours, compactly: '3 / 8 h', '– / 8 h', or '–' when neither is set. */
export function formatHoursSpent(actual: number | null, estimated: number | null): string {
  if (actual === null && estimated === null) return '–';
  return `${actual ?? '–'} / ${estimated ?? '–'} h`;
}

/**
 * A count with thousands separators, as en-US writes it: 1234567 -> '1,234,567'. The same as
 * `count.toLocaleString('en-US')` for integers, without loading the browser's locale data on a
 * first screen (issue 15 §4).
 */
export function formatCount(count: number): string {
  const sign = count < 0 ? '-' : '';
  return sign + String(Math.abs(Math.trunc(count))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
