import { z } from 'zod';
import { queryIntSchema } from './common.js';

/** What `GET /search` can find (issue 18), in the order the palette groups them. */
export const searchTypes = ['task', 'feature', 'project', 'workspace', 'todo', 'comment'] as const;
export type SearchType = (typeof searchTypes)[number];
export const searchTypeSchema = z.enum(searchTypes, { error: `types must be among ${searchTypes.join(', ')}` });

/** How many results a search answers unless asked for another number. */
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

/** The marks around each matched word in a snippet; everything else in the snippet is HTML-escaped text. */
export const SEARCH_MARK_OPEN = '<mark>';
export const SEARCH_MARK_CLOSE = '</mark>';

/** `types=task,comment` (or repeated `types=task&types=comment`): a set of kinds, all when left out. */
const typesQuerySchema = z
  .union([z.string(), z.array(z.string())], { error: `types must be among ${searchTypes.join(', ')}` })
  .transform((value, ctx) => {
    const names = (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const unknown = names.filter((name) => !(searchTypes as readonly string[]).includes(name));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `types must be among ${searchTypes.join(', ')} (not ${unknown.join(', ')})` });
      return z.NEVER;
    }
    return names.length === 0 ? [...searchTypes] : [...new Set(names as SearchType[])];
  })
  .describe(`Comma-separated kinds to search among ${searchTypes.join(', ')}; all when left out`);

export const searchQueryParamsSchema = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'q is required')
    .max(200, 'q must be at most 200 characters')
    .describe(
      'What to look for: words (all must match, typos and word beginnings forgiven), a task key such as WEB-42, and filters is:open, is:mine, status:<status>, priority:<priority>, project:<name>',
    ),
  types: typesQuerySchema.optional(),
  limit: queryIntSchema('limit', 1, SEARCH_LIMIT_MAX)
    .default(SEARCH_LIMIT_DEFAULT)
    .describe(`How many results, 1 to ${SEARCH_LIMIT_MAX} (default ${SEARCH_LIMIT_DEFAULT})`),
});
export type SearchQueryParams = z.input<typeof searchQueryParamsSchema>;

export const searchResultSchema = z
  .object({
    type: searchTypeSchema,
    _id: z.string(),
    title: z.string().describe("The item's title or name (a comment: its task's title)"),
    snippet: z
      .string()
      .describe('Where it matched, as HTML-escaped text with each matched word between <mark> and </mark>'),
    url: z.string().describe("The web app's page that shows it"),
    project: z.object({ _id: z.string(), name: z.string() }).optional().describe('The project it belongs to'),
    feature: z.object({ _id: z.string(), title: z.string() }).optional().describe('The feature it belongs to'),
  })
  .describe('Search result');
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(searchResultSchema).describe('Most relevant first, then most recent'),
  message: z.string(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
