import { priorities, timeZoneOffsetMs, type Priority } from '@tasklane/contract';
import { casual } from 'chrono-node/en';

/**
 * The quick add's one-line syntax (issue 18, decision 032): "Pay rent tomorrow 5pm !high #home
 * @Personal". This module holds chrono-node (natural-language dates in English), so the quick add
 * loads it on first use, never with the first screen.
 *
 * - `!low`, `!medium`, `!high`, `!urgent` (any case; `!med` too): the priority; the last one wins.
 * - `#word`: a tag (up to the next space); repeated tags count once.
 * - `@Name`, or `@"Two words"` / `@'Two words'`: a category by name (any case; or by slug); the last one wins.
 * - A date in English ("tomorrow", "next friday", "on 3 March", "in 2 days"): the due date, as the
 *   calendar day it falls on in the person's time zone. Todos are due on a day, not at a time:
 *   "tomorrow 5pm" is due tomorrow, and its time says which day when it is relative ("in 3 hours").
 * - Everything else, its spaces tidied, is the title. A marker that is not one (`!soon`, a lone `#`)
 *   stays in it.
 */
export type QuickAddParts = {
  title: string;
  /** YYYY-MM-DD, or null when the line names no date. */
  dueDate: string | null;
  /** The words that gave the due date, as typed. */
  dueText: string | null;
  priority: Priority | null;
  tags: string[];
  /** The category name as typed (without `@` and quotes), or null. */
  category: string | null;
};

const priorityAliases: Record<string, Priority> = Object.fromEntries([
  ...priorities.map((priority) => [priority.toLowerCase(), priority] as const),
  ['med', 'MEDIUM'] as const,
]);

// Each marker starts the line or follows a space, so "Wow!" or "C#" stay text.
const PRIORITY = /(^|\s)!([a-z]+)(?=\s|$)/gi;
const TAG = /(^|\s)#([^\s#@!"']+)/g;
const CATEGORY = /(^|\s)@(?:"([^"]+)"|'([^']+)'|([^\s"']+))/g;

/** Removes every match of `pattern` whose value `accept` takes, calling it in order. */
function takeMarkers(text: string, pattern: RegExp, accept: (match: RegExpExecArray) => boolean): string {
  return text.replace(pattern, (...args: unknown[]) => {
    const match = args.slice(0, -2) as unknown as RegExpExecArray;
    return accept(match) ? (match[1] ?? '') + ' ' : (match[0] as string);
  });
}

const pad = (value: number) => String(value).padStart(2, '0');

export function parseQuickAdd(line: string, now: Date, timeZone: string): QuickAddParts {
  let priority: Priority | null = null;
  let category: string | null = null;
  const tags: string[] = [];

  let text = takeMarkers(line, PRIORITY, (match) => {
    const found = priorityAliases[match[2]!.toLowerCase()];
    if (found) priority = found;
    return found !== undefined;
  });
  text = takeMarkers(text, TAG, (match) => {
    const tag = match[2]!;
    if (!tags.includes(tag)) tags.push(tag);
    return true;
  });
  text = takeMarkers(text, CATEGORY, (match) => {
    const name = (match[2] ?? match[3] ?? match[4] ?? '').trim();
    if (name) category = name;
    return name.length > 0;
  });

  let dueDate: string | null = null;
  let dueText: string | null = null;
  const offsetMinutes = Math.round(timeZoneOffsetMs(now.getTime(), timeZone) / 60_000);
  const [found] = casual.parse(text, { instant: now, timezone: offsetMinutes }, { forwardDate: true });
  if (found) {
    // The components are the zone's wall clock: the day the date falls on there.
    const start = found.start;
    dueDate = `${start.get('year')}-${pad(start.get('month')!)}-${pad(start.get('day')!)}`;
    dueText = found.text;
    // "on March 3", "by friday", "due tomorrow": the word that led to the date goes with it.
    const before = text.slice(0, found.index).replace(/(^|\s)(?:on|by|due)\s*$/i, '$1');
    text = before + ' ' + text.slice(found.index + found.text.length);
  }

  const title = text.replace(/\s+/g, ' ').trim();
  return { title, dueDate, dueText, priority, tags, category };
}

/** The category a typed name means: a name in any case, else a slug. */
export function findCategoryByName<C extends { name: string; slug: string }>(categories: readonly C[], name: string): C | undefined {
  const wanted = name.toLowerCase();
  return categories.find((category) => category.name.toLowerCase() === wanted) ?? categories.find((category) => category.slug === wanted);
}
