import { z } from 'zod';

export const idSchema = z.string().uuid('Invalid id').describe('Resource id (UUID)');

/** #RRGGBB. */
export const hexColorSchema = z
  .string({ error: 'Color is required' })
  .regex(/^#[0-9A-Fa-f]{6}$/, 'Color must be a hex value like #3B82F6');

const isoDatePattern = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A calendar date: 'YYYY-MM-DD' or a full ISO timestamp (its date part counts), or null.
 * Parsed to 'YYYY-MM-DD'.
 */
export const calendarDateSchema = z
  .string()
  .regex(isoDatePattern, 'Date must be an ISO date such as 2025-01-31')
  .refine(isRealCalendarDate, 'Invalid date')
  .transform((value) => {
    if (value.length === 10) return value;
    return new Date(value).toISOString().slice(0, 10);
  });

/**
 * JavaScript's Date rolls 2025-02-30 over to March 2 and PostgreSQL refuses it outright:
 * only a date part that exists in the calendar (years 1000 to 9999) is accepted.
 */
function isRealCalendarDate(value: string): boolean {
  const datePart = value.slice(0, 10);
  const year = Number(datePart.slice(0, 4));
  if (year < 1000) return false;
  const asUtc = new Date(`${datePart}T00:00:00Z`);
  if (Number.isNaN(asUtc.getTime()) || asUtc.toISOString().slice(0, 10) !== datePart) return false;
  const instant = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(instant.getTime())) return false;
  // A timestamp's UTC day counts, and it must stay within the same four-digit years.
  const utcYear = instant.getUTCFullYear();
  return utcYear >= 1000 && utcYear <= 9999;
}

/** Query-string booleans arrive as text. */
export const queryBooleanSchema = z.enum(['true', 'false']).transform((value) => value === 'true');
