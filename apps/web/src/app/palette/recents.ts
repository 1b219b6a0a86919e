import type { SearchResult, SearchType } from '@tasklane/contract';

/** What the palette remembers of an item opened from it, to offer it again before anything is typed. */
export interface RecentItem {
  type: SearchType;
  _id: string;
  title: string;
  url: string;
  /** Where it is ('Website / Checkout'), as the result said. */
  context?: string;
}

export const RECENT_LIMIT = 8;

/** Per person, on this device (as the Table / Board choice): two people sharing a browser keep their own. */
export const recentStorageKey = (userId: string) => `tasklane.palette.recent.${userId}`;

const isRecentItem = (value: unknown): value is RecentItem => {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<RecentItem>;
  return typeof item.type === 'string' && typeof item._id === 'string' && typeof item.title === 'string' && typeof item.url === 'string';
};

/** Where a result is: its project, then its feature. */
export function contextOf(result: Pick<SearchResult, 'project' | 'feature'>): string | undefined {
  const names = [result.project?.name, result.feature?.title].filter((name): name is string => !!name);
  return names.length > 0 ? names.join(' / ') : undefined;
}

export function readRecents(storage: Pick<Storage, 'getItem'> | undefined, userId: string | undefined): RecentItem[] {
  if (!userId) return [];
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(recentStorageKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecentItem).slice(0, RECENT_LIMIT) : [];
  } catch {
    // Unreadable (privacy settings, or not ours): nothing recent.
    return [];
  }
}

/** Puts `item` first (once), keeping the latest RECENT_LIMIT; returns the new list. */
export function rememberRecent(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, userId: string | undefined, item: RecentItem): RecentItem[] {
  if (!userId) return [];
  const next = [item, ...readRecents(storage, userId).filter((old) => old.type !== item.type || old._id !== item._id)].slice(0, RECENT_LIMIT);
  try {
    storage?.setItem(recentStorageKey(userId), JSON.stringify(next));
  } catch {
    // Not remembered; the item still opens.
  }
  return next;
}
