import type { SearchType } from '@tasklane/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { escapeLike } from '../../db/list-helpers.js';
import { statusesFor, type ParsedSearch } from './search.query.js';

/** One found row, with what its result's title, snippet and link need. */
export type SearchRow = {
  type: SearchType;
  id: string;
  /** The title or name (a comment: its task's title). */
  title: string;
  /** The longer text the row may have matched in: a description, or the comment itself. */
  body: string;
  /** Tasks and todos: their tags, as words. */
  tags: string;
  projectId: string | null;
  projectName: string | null;
  featureId: string | null;
  featureTitle: string | null;
  /** A comment's task. */
  taskId: string | null;
};

/** A term shorter than this is matched as a word beginning only: its trigrams would match too much. */
const MIN_TRIGRAM_TERM = 4;
/** How much of a long text comes back for the snippet. */
const BODY_CHARS = 4000;

/**
 * `'dash':*`: a term as a tsquery word beginning. Terms are runs of letters and digits
 * (search.query.ts), so quoting is safe. A single character is a whole word only: as a beginning
 * it would match most rows (every word starting with "a") and rank them all.
 */
const prefixOf = (term: string) => (term.length === 1 ? `'${term}'` : `'${term}':*`);
/** The same, in the title (weight A) only. */
const titlePrefixOf = (term: string) => (term.length === 1 ? `'${term}':A` : `'${term}':*A`);

/**
 * How a search matches its terms. `words`: every term begins a word of the row's search vector
 * (the first pass). `typos`: a term of four letters or more may instead be within the title by
 * trigram similarity, which forgives a typo and finds a part of a word ("dashbord", "board" in
 * "dashboard"); it costs several times more per row, so it is the second pass, run only when the
 * words as typed found nothing. Both are GIN indexes.
 */
export type MatchMode = 'words' | 'typos';

/**
 * `titles`: the first tier of a words search (decision 029, "Bounded work"): every term begins a
 * word of the title or name alone. Tasks read their own index of the title's words
 * (`titleWords`); the other kinds, far fewer rows, the weight-A part of their search vector.
 */
type Tier = MatchMode | 'titles';

function termsMatch(parsed: ParsedSearch, mode: Tier, vector: string, trigramText: string | undefined, titleWords?: string): SQL[] {
  const fullText = (terms: string[]) => sql`${sql.raw(vector)} @@ to_tsquery('simple', ${terms.map(prefixOf).join(' & ')})`;
  if (mode === 'titles') {
    if (parsed.terms.length === 0) return [];
    return titleWords
      ? [sql`${sql.raw(titleWords)} @@ to_tsquery('simple', ${parsed.terms.map(prefixOf).join(' & ')})`]
      : [sql`${sql.raw(vector)} @@ to_tsquery('simple', ${parsed.terms.map(titlePrefixOf).join(' & ')})`];
  }
  if (mode === 'words' || !trigramText) return parsed.terms.length === 0 ? [] : [fullText(parsed.terms)];
  return parsed.terms.map((term) =>
    term.length < MIN_TRIGRAM_TERM ? fullText([term]) : sql`(${fullText([term])} or ${sql.raw(trigramText)} %> ${term})`,
  );
}

/** Whether a second pass, forgiving typos, could find what the first did not. */
export function mayHaveTypos(parsed: ParsedSearch): boolean {
  return parsed.terms.some((term) => term.length >= MIN_TRIGRAM_TERM);
}

/**
 * Relevance: the full-text rank of the row's vector against any of the terms (a title word
 * weighs more than a tag, a tag more than a description or a comment); a row that some term
 * matched only by its trigrams (a typo) adds how closely its title holds the words, at half
 * weight. word_similarity is the costly part, so it is computed for those rows alone.
 */
function scoreOf(parsed: ParsedSearch, vector: string, title: string | undefined): SQL {
  if (parsed.terms.length === 0) return sql`0::float8`;
  const anyTerm = parsed.terms.map(prefixOf).join(' | ');
  const rank = sql`ts_rank(${sql.raw(vector)}, to_tsquery('simple', ${anyTerm}))::float8`;
  if (!title) return rank;
  const everyTerm = parsed.terms.map(prefixOf).join(' & ');
  return sql`(${rank} + case when ${sql.raw(vector)} @@ to_tsquery('simple', ${everyTerm}) then 0
    else 0.5 * word_similarity(${parsed.terms.join(' ')}, ${sql.raw(title)}) end)`;
}

/** The words' conditions, or with a task key: the key's task, or what the words find. */
const keyedTerms = (keyMatch: SQL | undefined, terms: SQL[]): SQL[] =>
  !keyMatch ? terms : terms.length === 0 ? [keyMatch] : [sql`(${keyMatch} or (${sql.join(terms, sql` and `)}))`];

const and = (conditions: SQL[]) => (conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `));
const inList = (values: string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

type Branch = { type: SearchType; sql: SQL };

/** The projects a search looks in, and their workspaces. */
export type SearchScope = { projectIds: string[]; workspaceIds: string[] };

/**
 * The projects the caller may see (a member, or the owner of the workspace), narrowed to those
 * `project:` names when it is used, and the workspaces they are in. A statement of its own: the
 * search's statement then holds them as a literal array, whose size the planner knows, and joins
 * each kind's GIN match to its project index (a BitmapAnd) instead of reading every row of the
 * caller's projects.
 */
export async function findSearchScope(db: Db, userId: string, parsed: ParsedSearch): Promise<SearchScope> {
  const named =
    parsed.projects.length === 0
      ? sql`true`
      : sql.join(
          parsed.projects.map((name) => sql`p.name ilike ${`${escapeLike(name)}%`}`),
          sql` or `,
        );
  const result = await db.execute(sql`
    select coalesce(array_agg(p.id), '{}') as "projectIds", coalesce(array_agg(distinct p.workspace_id), '{}') as "workspaceIds"
    from projects p
    where (p.id in (select pm.project_id from project_members pm where pm.user_id = ${userId})
       or p.workspace_id in (select w.id from workspaces w where w.owner_id = ${userId}))
      and (${named})`);
  const [row] = result as unknown as Array<{ projectIds: string[] | string; workspaceIds: string[] | string }>;
  return { projectIds: uuidsOf(row?.projectIds), workspaceIds: uuidsOf(row?.workspaceIds) };
}

/** A uuid[] as the driver answers it (an array, or its text form). */
function uuidsOf(value: string[] | string | undefined): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  return value.replace(/^\{|\}$/g, '').split(',').filter((id) => id !== '');
}

/** Ids the database gave (uuids: no quoting needed) as one uuid[] parameter. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Rows of a branch, before their ranking: the columns every branch answers, in this order. */
const columns = sql.raw('type, id, title, body, tags, project_id, feature_id, task_id, score, at');

/** The words of a task's title, as its `tasks_title_words_idx` indexes them. */
const TASK_TITLE_WORDS = "to_tsvector('simple'::regconfig, t.title)";

function branches(userId: string, scope: SearchScope, parsed: ParsedSearch, mode: Tier, limit: number): Branch[] {
  const visible = uuidArray(scope.projectIds);
  const open = sql.raw(`not in ('COMPLETED', 'CANCELLED')`);
  const statusIn = (type: SearchType, column: string) => {
    const statuses = statusesFor(parsed, type);
    return statuses.length > 0 ? [sql`${sql.raw(column)} in (${inList(statuses)})`] : [];
  };
  const priorityIn = (column: string) => (parsed.priorities.length > 0 ? [sql`${sql.raw(column)} in (${inList(parsed.priorities)})`] : []);
  const top = sql`order by score desc, at desc, id limit ${limit}`;
  const keyMatch = parsed.taskKey
    ? sql`(t.number = ${parsed.taskKey.number} and t.project_id = (select p.id from projects p where p.key = ${parsed.taskKey.key}))`
    : undefined;
  const all: Branch[] = [
    {
      type: 'task',
      sql: sql`select 'task' as type, t.id, t.title, left(t.description, ${BODY_CHARS}) as body, tasklane_words(t.tags) as tags,
          t.project_id, t.feature_id, null::uuid as task_id,
          ${keyMatch ? sql`case when ${keyMatch} then 1000::float8 else ${scoreOf(parsed, 't.search_vector', 't.title')} end` : scoreOf(parsed, 't.search_vector', 't.title')} as score,
          t.updated_at as at
        from tasks t
        where t.project_id = any(${visible})
          and ${and([
            // A task key such as WEB-42 finds its task (ranked first) as well as what its words find.
            ...keyedTerms(keyMatch, termsMatch(parsed, mode, 't.search_vector', 't.title', TASK_TITLE_WORDS)),
            ...(parsed.isOpen ? [sql`t.status ${open}`] : []),
            ...(parsed.isMine ? [sql`t.assignee_id = ${userId}`] : []),
            ...statusIn('task', 't.status'),
            ...priorityIn('t.priority'),
          ])}
        ${top}`,
    },
    {
      type: 'feature',
      sql: sql`select 'feature' as type, f.id, f.title, left(f.description, ${BODY_CHARS}) as body, '' as tags,
          f.project_id, f.id as feature_id, null::uuid as task_id, ${scoreOf(parsed, 'f.search_vector', 'f.title')} as score, f.updated_at as at
        from features f
        where f.project_id = any(${visible})
          and ${and([...termsMatch(parsed, mode, 'f.search_vector', 'f.title'), ...statusIn('feature', 'f.status'), ...priorityIn('f.priority')])}
        ${top}`,
    },
    {
      type: 'project',
      sql: sql`select 'project' as type, p.id, p.name as title, left(p.description, ${BODY_CHARS}) as body, '' as tags,
          p.id as project_id, null::uuid as feature_id, null::uuid as task_id, ${scoreOf(parsed, 'p.search_vector', 'p.name')} as score, p.updated_at as at
        from projects p
        where p.id = any(${visible})
          and ${and([...termsMatch(parsed, mode, 'p.search_vector', 'p.name'), ...statusIn('project', 'p.status'), ...priorityIn('p.priority')])}
        ${top}`,
    },
    {
      // Workspaces the caller owns or holds a project membership in (as GET /workspaces lists them).
      type: 'workspace',
      sql: sql`select 'workspace' as type, w.id, w.name as title, '' as body, '' as tags,
          null::uuid as project_id, null::uuid as feature_id, null::uuid as task_id, ${scoreOf(parsed, 'w.search_vector', 'w.name')} as score, w.updated_at as at
        from workspaces w
        where (w.owner_id = ${userId} or w.id = any(${uuidArray(scope.workspaceIds)}))
          and ${and(termsMatch(parsed, mode, 'w.search_vector', 'w.name'))}
        ${top}`,
    },
    {
      // Only the caller's own todos, ever.
      type: 'todo',
      sql: sql`select 'todo' as type, d.id, d.title, left(d.description, ${BODY_CHARS}) as body, tasklane_words(d.tags) as tags,
          null::uuid as project_id, null::uuid as feature_id, null::uuid as task_id, ${scoreOf(parsed, 'd.search_vector', 'd.title')} as score, d.updated_at as at
        from todos d
        where d.owner_id = ${userId}
          and ${and([
            ...termsMatch(parsed, mode, 'd.search_vector', 'd.title'),
            ...(parsed.isOpen ? [sql`d.status ${open}`] : []),
            ...statusIn('todo', 'd.status'),
            ...priorityIn('d.priority'),
          ])}
        ${top}`,
    },
    {
      // Comments on the tasks the caller can see; no trigram index on comments (long texts: it
      // would cost more than it finds), so a comment is found by its words and their beginnings.
      type: 'comment',
      // Found by their own project_id (set from their task's), so only the comments returned are
      // joined to their tasks, for the title and the link.
      sql: sql`select 'comment' as type, c.id, null as title, left(c.comment, ${BODY_CHARS}) as body, '' as tags,
          c.project_id, null::uuid as feature_id, c.task_id, ${scoreOf(parsed, 'c.search_vector', undefined)} as score, coalesce(c.edited_at, c.created_at) as at
        from task_comments c
        where c.project_id = any(${visible})
          and ${and(termsMatch(parsed, mode, 'c.search_vector', undefined))}
        ${top}`,
    },
  ];
  // Comments have no trigram index: the typos pass could not find one the first pass missed; and
  // no title, so they are never in the first tier.
  return all.filter((branch) => parsed.types.includes(branch.type) && !(mode !== 'words' && branch.type === 'comment'));
}

const unionOf = (chosen: Branch[]) =>
  sql.join(
    chosen.map((branch) => sql`(${branch.sql})`),
    sql` union all `,
  );

/**
 * One statement: each kind's best `limit` rows (a UNION ALL of one GIN-backed query per kind),
 * the best `limit` of those by relevance then recency, and the project and feature names of those
 * alone.
 *
 * A search by words reads in two tiers (decision 029, "Bounded work"): first the rows whose title
 * or name holds every word, then, only when those do not fill `limit`, every row that matches in
 * any field (comments, descriptions, tags, and the titles again). A title match ranks above any
 * other, so when the titles fill the page nothing below them could be shown, and the costliest
 * part of a common word (its thousands of description and comment matches) is never read.
 */
export async function searchEverything(
  db: Db,
  userId: string,
  scope: SearchScope,
  parsed: ParsedSearch,
  mode: MatchMode,
  limit: number,
): Promise<SearchRow[]> {
  const everywhere = branches(userId, scope, parsed, mode, limit);
  if (everywhere.length === 0) return [];
  const titles = mode === 'words' && parsed.terms.length > 0 ? branches(userId, scope, parsed, 'titles', limit) : [];
  const found =
    titles.length === 0
      ? sql`select ${columns}, 0 as tier from (${unionOf(everywhere)}) found`
      : sql`with titled as materialized (select ${columns}, 1 as tier from (${unionOf(titles)}) titled)
          select distinct on (type, id) * from (
            select * from titled
            union all
            select ${columns}, 0 as tier from (${unionOf(everywhere)}) found where (select count(*) from titled) < ${limit}
          ) tiers
          order by type, id, tier desc`;
  const result = await db.execute(sql`
    with hits as (select * from (${found}) found order by tier desc, score desc, at desc, id limit ${limit})
    select h.type, coalesce(h.title, ct.title) as title, h.id, h.body, h.tags, h.project_id as "projectId", p.name as "projectName",
      f.id as "featureId", f.title as "featureTitle", h.task_id as "taskId"
    from hits h
    left join tasks ct on ct.id = h.task_id
    left join projects p on p.id = h.project_id
    left join features f on f.id = coalesce(h.feature_id, ct.feature_id)
    order by h.tier desc, h.score desc, h.at desc, h.id`);
  return result as unknown as SearchRow[];
}
