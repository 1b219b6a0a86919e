import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operations, type CalendarKind, type CalendarResponse } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What the calendar asks for: the days on screen and its filters. */
export interface CalendarRangeQuery {
  from: string;
  to: string;
  /** A project's tasks instead of those assigned to the caller (and then no todos). */
  projectId?: string;
  kinds: CalendarKind[];
  /** The person's today, for the overdue marks. */
  today: string;
}

export type CalendarData = CalendarResponse['data'];

/** GET /api/v1/calendar: the caller's tasks and todos due in the range. */
export async function getCalendar(query: CalendarRangeQuery, signal?: AbortSignal): Promise<CalendarData> {
  const response = await callApi(operations.calendar.range, {
    query: { from: query.from, to: query.to, projectId: query.projectId, kinds: query.kinds.join(','), today: query.today },
    signal,
  });
  return response.data;
}

export const calendarQueryOptions = (query: CalendarRangeQuery) =>
  queryOptions({
    queryKey: queryKeys.calendar(query),
    queryFn: ({ signal }) => getCalendar(query, signal),
  });

/** The range on screen; moving to the next month keeps the last one shown (dimmed) until it arrives. */
export function useCalendar(query: CalendarRangeQuery) {
  return useQuery({ ...calendarQueryOptions(query), placeholderData: keepPreviousData });
}
