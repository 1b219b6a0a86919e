import { z } from 'zod';
import { parseTags } from './rules/tags.js';

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
  .string({ error: 'Date must be an ISO date such as 2025-01-31' })
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

/** Tags as the forms send them: trimmed, no empty ones, at most 20 of at most 40 characters. */
export const tagsSchema = z
  .array(
    z
      .string({ error: 'Tags must be text' })
      .trim()
      .min(1, 'Tags cannot be empty')
      .max(40, 'Each tag must be at most 40 characters'),
    { error: 'Tags must be a list of text' },
  )
  .max(20, 'At most 20 tags');

/** A whole number from a query string, within bounds, with its own messages. */
export function queryIntSchema(name: string, min: number, max: number) {
  const range = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce
    .number({ error: range })
    .int(range)
    .min(min, range)
    .max(max, range)
    .describe(`${min} to ${max}`);
}

export const pageQuerySchema = queryIntSchema('page', 1, 1_000_000).default(1).describe('Page number, from 1');

/**
 * The page number of a list that answers every item unless asked for a page (`/todos`,
 * `/users/tasks`: the spec's clients send none): left out, it stays undefined.
 */
export const optionalPageQuerySchema = queryIntSchema('page', 1, 1_000_000)
  .optional()
  .describe('Page number, from 1. With page or limit the answer is that one page; with neither, every item');

export const sortOrderSchema = z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' });

/** Free-text search from a query string; blank means none. */
export const searchQuerySchema = z
  .string()
  .trim()
  .max(200, 'search must be at most 200 characters')
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * A reference in a write body: the id, or the object a read answers in its place (a todo's
 * `category: { _id, name, color, slug }`, a task's `featureId: { _id, title }`), of which only
 * `_id` counts. Both give the id string, so a client may send back what it read and the
 * services only ever see ids. Every failure says `message`, on the field itself.
 */
export function referenceSchema(message = 'Invalid id') {
  const id = z.string({ error: message }).uuid(message);
  // The object's _id is checked after unwrapping, so that its errors, too, are on the field.
  const asRead = z
    .object({ _id: z.string({ error: message }).meta({ format: 'uuid' }) }, { error: message })
    .transform((reference) => reference._id)
    .pipe(id);
  return z.union([id, asRead], { error: message }).describe('An id (UUID), or an object carrying it as `_id` (as reads answer it)');
}

/** An optional reference in a body (see referenceSchema): null and empty text both mean none. */
export const nullableReferenceSchema = (message = 'Invalid id') =>
  z
    .union([z.literal(''), z.null(), referenceSchema(message)], { error: message })
    .optional()
    .transform((value) => (value === undefined ? undefined : value ? value : null));

/** Whole hours from 0 to 10000, or null; left out means unchanged (or none on create). */
export const hoursSchema = (label: string) => {
  const message = `${label} must be a whole number from 0 to 10000`;
  return z
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(10_000, message)
    .nullable()
    .optional();
};

export const versionSchema = z
  .number({ error: 'version must be a whole number' })
  .int('version must be a whole number')
  .min(1, 'version must be a whole number')
  .optional()
  .describe('The version you last read; a stale one is refused with 409');

/** Page-number pagination of lists: `total` is the number of pages (SPEC.md section 3). */
export const pagePaginationSchema = z.object({
  total: z.number().describe('Number of pages'),
  page: z.number(),
  limit: z.number(),
});
export type PagePagination = z.infer<typeof pagePaginationSchema>;

/** Titles of features and tasks: required after trimming (SPEC.md section 5). */
export const titleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(200, 'Title must be at most 200 characters');

/** Optional long text: trimmed, null means empty, left out means unchanged (or empty on create). */
export const descriptionSchema = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(5000, 'Description must be at most 5000 characters')
  .nullish()
  .transform((value) => (value === undefined ? undefined : (value ?? '')));

/** An optional due day: YYYY-MM-DD or an ISO timestamp; null or empty text clears it. */
export const optionalDueDateSchema = z
  .preprocess((value) => (value === '' ? null : value), calendarDateSchema.nullable().optional())
  .describe('YYYY-MM-DD (or an ISO timestamp, whose UTC date counts); null or empty text clears it');

/*
 * Form fields: what an <input> holds (always text), turned into what a body takes. The forms
 * use these through react-hook-form's zod resolver, so they show the server's own messages.
 */

/** A date input: '' for none, else YYYY-MM-DD. Gives null or the date. */
export const dueDateTextSchema = z
  .string()
  .transform((value) => (value.trim() === '' ? null : value.trim()))
  .pipe(calendarDateSchema.nullable());

/** Comma-separated tags: trimmed, empty items dropped (SPEC.md section 5); one message for the field. */
export const tagsTextSchema = z.string().transform((text, ctx) => {
  const result = tagsSchema.safeParse(parseTags(text));
  if (result.success) return result.data;
  ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'Invalid tags' });
  return z.NEVER;
});

/** A number input for hours: '' gives null, else a whole number from 0 to 10000 (SPEC.md section 5). */
export const hoursTextSchema = (label: string) => {
  const message = `${label} must be a whole number from 0 to 10000`;
  return z.string().transform((text, ctx) => {
    const value = text.trim();
    if (value === '') return null;
    if (!/^\d+$/.test(value) || Number(value) > 10_000) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Number(value);
  });
};

/** A textarea's description: trimmed, at most 5000 characters. */
export const descriptionTextSchema = z.string().trim().max(5000, 'Description must be at most 5000 characters');

/**
 * An optional expiry in a write body (an invite's, an API token's): a date (its end, UTC) or an
 * ISO timestamp, in the future and before year 10000; left out, null or empty: none. Answers
 * the ISO instant or null; `message` is the one error every bad value gets.
 */
export function futureExpirySchema(message: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^$|^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/, message)
    .refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), message)
    .nullish()
    // A bare date means the end of that day (UTC); a timestamp is taken as is.
    .transform((value) => (value ? new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value).toISOString() : null))
    .refine((value) => value === null || (new Date(value).getTime() > Date.now() && Number(value.slice(0, 4)) <= 9999), message);
}
