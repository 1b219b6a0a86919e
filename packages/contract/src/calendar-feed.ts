import { z } from 'zod';

/**
 * A person's private iCalendar feed (issue 19, decision 037): its URL carries a secret token and
 * needs no cookie, so that a calendar app (Google Calendar, Apple Calendar, Thunderbird) can
 * subscribe to it.
 */
export const calendarFeedSchema = z
  .object({
    url: z
      .string()
      .describe('The absolute URL of your feed, /api/v1/calendar/{token}.ics on this instance (PUBLIC_URL when set): subscribe to it in a calendar app. Keep it private: anyone with it can read your due dates'),
  })
  .describe('Calendar feed');
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedResponseSchema = z.object({
  success: z.literal(true),
  data: calendarFeedSchema,
  message: z.string(),
});
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponseSchema>;

/** The feed's file name in its path: the token and `.ics`. Anything else is 404, never 400 (a calendar app cannot fix a URL). */
export const calendarFeedParamsSchema = z.object({
  file: z.string().describe("`{token}.ics`: the feed's secret token followed by .ics, as the URL from GET /users/me/calendar-feed has it"),
});
