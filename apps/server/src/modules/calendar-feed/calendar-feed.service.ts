import { randomBytes } from 'node:crypto';
import { buildPath, operations, type CalendarFeed } from '@tasklane/contract';
import { notFound } from '../../http/errors.js';
import type { ServiceContext } from '../context.js';
import type { UserRow } from '../users/users.repo.js';
import { buildFeedCalendar } from './calendar-feed.ics.js';
import * as repo from './calendar-feed.repo.js';

/**
 * The most tasks and todos a feed lists (each; the latest due dates): a calendar app polls the
 * whole document every time, so its size stays bounded whatever the account holds.
 */
export const FEED_ITEM_LIMIT = 2000;

/** 32 random bytes, base64url: 43 characters, as unguessable as a session token. */
const newToken = () => randomBytes(32).toString('base64url');
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

const feedUrl = (origin: string, token: string) => `${origin}${buildPath(operations.calendarFeed.feed.path, { file: `${token}.ics` })}`;

/** The person's feed URL, its token made on first ask. */
export async function getCalendarFeed(ctx: ServiceContext, user: UserRow, origin: string): Promise<CalendarFeed> {
  return { url: feedUrl(origin, await repo.findOrCreateFeedToken(ctx.db, user.id, newToken())) };
}

/** A new feed URL: the old one answers 404 from the moment this returns. */
export async function resetCalendarFeed(ctx: ServiceContext, user: UserRow, origin: string): Promise<CalendarFeed> {
  return { url: feedUrl(origin, await repo.replaceFeedToken(ctx.db, user.id, newToken())) };
}

/** The feed's token, when `file` is one (`{token}.ics`). */
export function feedTokenOf(file: string): string | undefined {
  return FEED_FILE.exec(file)?.[1];
}

/**
 * The feed a URL's file names, as iCalendar text. 404 alike for a malformed name, an unknown or
 * reset token, and a deactivated or deleted account: the URL tells nobody which it was.
 */
export async function renderCalendarFeed(ctx: ServiceContext, file: string, origin: string): Promise<string> {
  const token = feedTokenOf(file);
  const owner = token ? await repo.findFeedOwner(ctx.db, token) : undefined;
  if (!owner) throw notFound('Calendar feed not found');
  const [tasks, todos] = await Promise.all([repo.listFeedTasks(ctx.db, owner.id, FEED_ITEM_LIMIT), repo.listFeedTodos(ctx.db, owner.id, FEED_ITEM_LIMIT)]);
  return buildFeedCalendar(owner, origin, { tasks, todos });
}
