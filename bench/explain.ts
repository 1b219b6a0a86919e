import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type postgres from 'postgres';
import { buildApp, type RequestQueries } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { EMBEDDED_DATABASE, type Database, type Db } from '../apps/server/src/db/client.js';
import { connectPostgres } from '../apps/server/src/db/connect.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { queryLogger } from '../apps/server/src/db/query-log.js';
import * as schema from '../apps/server/src/db/schema.js';
import { round } from './lib/util.js';
import { SEARCH_QUERIES } from './load/scenarios.js';
import type { Fixtures } from './seed/generate.js';

/** Tables that must never be read by a sequential scan on behalf of a list. */
export const GUARDED_TABLES = ['tasks', 'features', 'task_comments', 'task_history', 'todos'];

export type PlanNode = { nodeType: string; relation?: string; index?: string; heapFetches?: number };
export type ExplainedStatement = {
  sql: string;
  executionMs: number;
  nodes: PlanNode[];
  seqScans: string[];
  /** A statement that must not count tasks (the counts per status without filters): whether it reads the kept counts instead. */
  keptCounts?: boolean;
};
export type ExplainedRequest = { name: string; path: string; status: number; statements: ExplainedStatement[]; ok: boolean };

/**
 * A feature's counts per status, for the task table's statistics and the board's column totals,
 * without a search or priority: read from the rows the triggers keep (feature_task_counts,
 * decision 052), never by counting the feature's tasks.
 */
const COUNTS_STATEMENTS = /group by "tasks"\."status"|"feature_task_counts"/i;
/** The search's GIN indexes: the generated tsvector columns', the titles' trigrams and the task titles' words. */
const SEARCH_INDEX = /_(search|trgm|words)_idx$/;
export type ExplainReport = { ok: boolean; requests: ExplainedRequest[]; /** The server's server_version ('17.10', '15.18 (Debian ...)'). */ serverVersion?: string };

/** embedded: the run's DATA_DIR (no app running on it); postgres: the seeded database's URL. */
export type ExplainTarget = { kind: 'embedded'; dataDir: string } | { kind: 'postgres'; url: string };

/** The app over a database we also hold a raw client for (to run EXPLAIN with the same params). */
async function openTarget(target: ExplainTarget) {
  const server = target.kind === 'embedded' ? await startEmbeddedPostgres({ dataDir: target.dataDir }) : undefined;
  const client = connectPostgres(server ? server.urlFor(EMBEDDED_DATABASE) : (target as { url: string }).url, { max: 2 });
  const db = drizzlePostgres(client, { schema, logger: queryLogger }) as unknown as Db;
  const database: Database = {
    db,
    kind: server ? 'embedded' : 'postgres',
    migrate: async () => {},
    // EXPLAIN needs no live events.
    listen: async () => async () => {},
    close: async () => {
      try {
        await client.end({ timeout: 5 });
      } finally {
        await server?.stop();
      }
    },
  };
  const explain = async (text: string, params: unknown[]) =>
    (await client.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as Array<Record<string, unknown>>;
  return { database, explain };
}

function walk(plan: Record<string, unknown>, nodes: PlanNode[]) {
  nodes.push({
    nodeType: String(plan['Node Type']),
    ...(plan['Relation Name'] ? { relation: String(plan['Relation Name']) } : {}),
    ...(plan['Index Name'] ? { index: String(plan['Index Name']) } : {}),
    ...(plan['Heap Fetches'] !== undefined ? { heapFetches: Number(plan['Heap Fetches']) } : {}),
  });
  for (const child of (plan.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child, nodes);
}

/**
 * Runs every list the app serves on the seeded data, captures the SQL each request ran (the
 * app's query log), and EXPLAIN ANALYZEs each SELECT with its own parameters.
 */
export async function explainLists(target: ExplainTarget, fixtures: Fixtures): Promise<ExplainReport> {
  const { database, explain } = await openTarget(target);
  let last: RequestQueries | undefined;
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), authRateLimit: { perIp: 1_000_000, windowMs: 60_000 } };
  const app = await buildApp({ config, database, logger: false, onRequestQueries: (entry) => (last = entry) });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: fixtures.heavy.email, password: fixtures.password } });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const workspaces = await app.inject({ method: 'GET', url: '/api/v1/workspaces', headers: { cookie } });
    const ownWorkspace = (workspaces.json() as { data: Array<{ _id: string; ownerId?: string }> }).data[0]!._id;

    const big = fixtures.bigProject.id;
    const feature = fixtures.bigFeature.id;
    const task = fixtures.detailTask.id;
    // A column's next page: the cursor the first page gave.
    const firstBoard = await app.inject({ method: 'GET', url: `/api/v1/tasks/board?featureId=${feature}`, headers: { cookie } });
    const todo = (firstBoard.json() as { data: { columns: Array<{ status: string; nextCursor: string | null }> } }).data.columns.find(
      (column) => column.status === 'TODO',
    );
    const lists: Array<[string, string, { keptCounts?: boolean; gin?: boolean }?]> = [
      ['todos', '/api/v1/todos'],
      ['todos, filtered', '/api/v1/todos?status=PENDING&priority=HIGH'],
      // What the dashboard asks by default (issue 18: done todos hidden, and counted).
      ["todos, the dashboard's first page", '/api/v1/todos?hideDone=true&page=1&limit=24'],
      ["todos, the dashboard's page, filtered", '/api/v1/todos?status=PENDING&priority=HIGH&page=2&limit=24'],
      ['features list', `/api/v1/features?projectId=${big}`],
      ['features list, deep page', `/api/v1/features?projectId=${big}&page=${Math.floor(fixtures.bigProject.features / 10) - 5}`],
      ['features list, search', `/api/v1/features?projectId=${big}&search=invoice`],
      ['tasks list, first page', `/api/v1/tasks?featureId=${feature}`, { keptCounts: true }],
      ['tasks list, filter', `/api/v1/tasks?featureId=${feature}&status=IN_PROGRESS&priority=HIGH`],
      ['tasks list, search', `/api/v1/tasks?featureId=${feature}&search=${fixtures.bigFeature.searchTerm}`],
      ['board', `/api/v1/tasks/board?featureId=${feature}`, { keptCounts: true }],
      ['board, a column\'s next page', `/api/v1/tasks/board?featureId=${feature}&status=TODO&after=${todo?.nextCursor ?? ''}`, { keptCounts: true }],
      ['board, search', `/api/v1/tasks/board?featureId=${feature}&search=${fixtures.bigFeature.searchTerm}`],
      ['task detail with history', `/api/v1/tasks/${task}`],
      ['task comments', `/api/v1/tasks/${task}/comments`],
      ['assigned tasks', '/api/v1/users/tasks'],
      ['assigned tasks, search', `/api/v1/users/tasks?search=${fixtures.bigFeature.searchTerm}&sortBy=priority&sortOrder=desc`],
      // What /tasks asks by default (issue 18: done tasks hidden, and counted).
      ["assigned tasks, /tasks's first page", '/api/v1/users/tasks?page=1&limit=30&hideDone=true&sortBy=dueDate&sortOrder=asc'],
      ["assigned tasks, /tasks's page, filtered", '/api/v1/users/tasks?page=2&limit=30&status=PENDING&priority=HIGH&sortBy=priority&sortOrder=desc'],
      // The calendar (issue 19): a month view's six weeks around the seed's anchor day; the big
      // project's by tasks_project_due_idx, the caller's by the assignee's and owner's due-date indexes.
      ['calendar, my month', '/api/v1/calendar?from=2026-01-01&to=2026-02-11&today=2026-01-15'],
      ["calendar, a project's month", `/api/v1/calendar?from=2026-01-01&to=2026-02-11&projectId=${big}&kinds=task`],
      ['my projects', '/api/v1/users/projects'],
      ['workspace projects', `/api/v1/workspaces/${ownWorkspace}/projects`],
      ['workspaces', '/api/v1/workspaces'],
      // Search everything (issue 18): each kind's rows through its GIN indexes (tsvector, trigram).
      ...SEARCH_QUERIES.map((q): [string, string, { gin: true }] => [`search "${q}"`, `/api/v1/search?q=${encodeURIComponent(q)}`, { gin: true }]),
    ];
    const requests: ExplainedRequest[] = [];
    for (const [name, url, expected] of lists) {
      last = undefined;
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      const recorded = last as RequestQueries | undefined;
      const statements: ExplainedStatement[] = [];
      for (const statement of recorded?.statements ?? []) {
        // The session lookup (a data-modifying CTE) is keyed by primary key; only reads (a SELECT,
        // or a WITH that writes nothing, as the search's) are explained.
        if (!/^\s*(select|with)\b/i.test(statement.sql) || /\b(insert|update|delete)\b/i.test(statement.sql)) continue;
        const [row] = await explain(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, statement.params);
        const raw = row!['QUERY PLAN'];
        const result = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: Record<string, unknown>; 'Execution Time': number }>;
        const nodes: PlanNode[] = [];
        walk(result[0]!.Plan, nodes);
        const seqScans = nodes
          .filter((node) => node.nodeType === 'Seq Scan' && node.relation && GUARDED_TABLES.includes(node.relation))
          .map((node) => node.relation!);
        const mustReadKeptCounts = expected?.keptCounts === true && COUNTS_STATEMENTS.test(statement.sql);
        statements.push({
          sql: statement.sql,
          executionMs: round(result[0]!['Execution Time'], 3),
          nodes,
          seqScans,
          ...(mustReadKeptCounts ? { keptCounts: nodes.some((node) => node.relation === 'feature_task_counts') && !nodes.some((node) => node.relation === 'tasks') } : {}),
        });
      }
      requests.push({
        name,
        path: url,
        status: response.statusCode,
        statements,
        ok:
          response.statusCode === 200 &&
          statements.length > 0 &&
          statements.every((statement) => statement.seqScans.length === 0 && statement.keptCounts !== false) &&
          (expected?.keptCounts !== true || statements.some((statement) => statement.keptCounts === true)) &&
          // A search reads the search vectors' and titles' GIN indexes (migration 0014), never the whole table.
          (expected?.gin !== true || statements.some((statement) => statement.nodes.some((node) => node.index !== undefined && SEARCH_INDEX.test(node.index)))),
      });
    }
    const [version] = await explain("select current_setting('server_version') as version", []);
    return { ok: requests.every((request) => request.ok), requests, serverVersion: String(version?.version ?? '') || undefined };
  } finally {
    await app.close();
    await database.close();
  }
}
