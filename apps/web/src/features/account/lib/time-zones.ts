/** The browser's own time zone ('Europe/Paris'), UTC when it does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the browser knows, UTC and `current` among them, sorted. */
export function knownTimeZones(current?: string | null): string[] {
  const zones = new Set<string>(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  zones.add('UTC');
  zones.add(browserTimeZone());
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** 'America/Argentina/Buenos_Aires' reads 'America / Argentina / Buenos Aires'. */
export const timeZoneLabel = (zone: string) => zone.replace(/_/g, ' ').replace(/\//g, ' / ');

/** The zones a search matches: each word somewhere in the name, any case, spaces for underscores. */
export function matchingTimeZones(zones: readonly string[], search: string): string[] {
  const words = search.toLowerCase().split(/[\s/_]+/).filter(Boolean);
  if (words.length === 0) return [...zones];
  return zones.filter((zone) => {
    const name = zone.toLowerCase().replace(/_/g, ' ');
    return words.every((word) => name.includes(word));
  });
}
