import type { Fixtures } from '../seed/generate.js';

export type Kind = 'baseline' | 'read' | 'write';

/** One request (or rotation of requests) measured on its own, as autocannon runs it. */
export type Scenario = {
  id: string;
  title: string;
  kind: Kind;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  /** Bodies or paths that change per request (see autocannon-worker.mjs). */
  dynamic?: Record<string, unknown>;
  signedIn: boolean;
  /** Why a target does not apply as is, shown in the results. */
  note?: string;
  /** Issue 15 §2: total CPU (server plus database) per request at 1 connection, on the default install. */
  cpuTarget?: { operation: string; ms: number };
};

const json = { 'content-type': 'application/json' };

/**
 * What the search scenario asks, in turn (issue 18): a title word, a word in many descriptions and
 * comments (the costliest), a word beginning, a typo, two words, and filters with a word.
 */
export const SEARCH_QUERIES = ['invoice', 'review', 'dash', 'dashbord', 'dark mode', 'webhook is:open', 'login status:in_review', 'export is:mine priority:high'];
const searchPaths = SEARCH_QUERIES.map((q) => `/api/v1/search?q=${encodeURIComponent(q)}`);

/** The endpoints of issues 8 and 15, in the order the results list them. */
export function scenarios(fixtures: Fixtures): Scenario[] {
  const deepPage = Math.max(2, Math.floor((fixtures.bigProject.features / 10) * 0.9));
  const writable = fixtures.writableTaskIds;
  const half = Math.floor(writable.length / 2);
  return [
    { id: 'health', title: 'GET /health', kind: 'baseline', method: 'GET', path: '/api/v1/health', signedIn: false },
    {
      id: 'login',
      title: 'POST /auth/login',
      kind: 'write',
      method: 'POST',
      path: '/api/v1/auth/login',
      dynamic: { kind: 'login', emails: fixtures.userEmails, password: fixtures.password },
      signedIn: false,
      note: 'argon2id by design (about 50 ms of CPU a hash)',
    },
    { id: 'todos', title: "GET /todos (heavy user's 2,000, as the spec's clients ask)", kind: 'read', method: 'GET', path: '/api/v1/todos', signedIn: true },
    {
      id: 'todos-page',
      title: "GET /todos?hideDone=true&page=1&limit=24 (the dashboard's first page, done todos hidden and counted)",
      kind: 'read',
      method: 'GET',
      path: '/api/v1/todos?hideDone=true&page=1&limit=24',
      signedIn: true,
    },
    {
      id: 'assigned-tasks',
      title: "GET /users/tasks (heavy user, every assigned task, as the spec's clients ask)",
      kind: 'read',
      method: 'GET',
      path: '/api/v1/users/tasks',
      signedIn: true,
    },
    {
      id: 'assigned-tasks-screen',
      title: "GET /users/tasks?page=1&limit=30&hideDone=true (the /tasks screen's first page, done tasks hidden and counted)",
      kind: 'read',
      method: 'GET',
      path: '/api/v1/users/tasks?page=1&limit=30&hideDone=true&sortBy=dueDate&sortOrder=asc',
      signedIn: true,
    },
    {
      id: 'assigned-tasks-page',
      title: 'GET /users/tasks?limit=50 (heavy user, a page of 50)',
      kind: 'read',
      method: 'GET',
      path: '/api/v1/users/tasks?limit=50&page=3',
      signedIn: true,
    },
    { id: 'my-projects', title: 'GET /users/projects (heavy user, 50)', kind: 'read', method: 'GET', path: '/api/v1/users/projects', signedIn: true },
    {
      id: 'features-first',
      title: 'GET /features, first page',
      kind: 'read',
      method: 'GET',
      path: `/api/v1/features?projectId=${fixtures.bigProject.id}`,
      signedIn: true,
    },
    {
      id: 'features-deep',
      title: `GET /features, page ${deepPage} of ${Math.ceil(fixtures.bigProject.features / 10)}`,
      kind: 'read',
      method: 'GET',
      path: `/api/v1/features?projectId=${fixtures.bigProject.id}&page=${deepPage}`,
      signedIn: true,
    },
    {
      id: 'tasks-first',
      title: "GET /tasks, a feature's first 10",
      kind: 'read',
      method: 'GET',
      path: `/api/v1/tasks?featureId=${fixtures.bigFeature.id}`,
      signedIn: true,
      cpuTarget: { operation: 'feature task table', ms: 5 },
    },
    {
      id: 'tasks-filter',
      title: 'GET /tasks with a status filter',
      kind: 'read',
      method: 'GET',
      path: `/api/v1/tasks?featureId=${fixtures.bigFeature.id}&status=IN_PROGRESS&priority=HIGH`,
      signedIn: true,
    },
    {
      id: 'tasks-search',
      title: 'GET /tasks with a search',
      kind: 'read',
      method: 'GET',
      path: `/api/v1/tasks?featureId=${fixtures.bigFeature.id}&search=${fixtures.bigFeature.searchTerm}`,
      signedIn: true,
    },
    {
      id: 'search',
      title: 'GET /search (search everything: a rotation of words, a prefix, a typo, filters)',
      kind: 'read',
      method: 'GET',
      path: searchPaths[0]!,
      dynamic: { kind: 'paths', paths: searchPaths },
      signedIn: true,
      note: 'issue 18: p99 at most 50 ms at 1 connection on PostgreSQL',
    },
    {
      id: 'board',
      title: `GET /tasks/board (a feature of ${fixtures.bigFeature.tasks.toLocaleString('en-US')} tasks)`,
      kind: 'read',
      method: 'GET',
      path: `/api/v1/tasks/board?featureId=${fixtures.bigFeature.id}`,
      signedIn: true,
      cpuTarget: { operation: 'board of 2,000', ms: 17 },
    },
    {
      id: 'task-detail',
      title: 'GET /tasks/:id (with history)',
      kind: 'read',
      method: 'GET',
      path: `/api/v1/tasks/${fixtures.detailTask.id}?projectId=${fixtures.detailTask.projectId}`,
      signedIn: true,
      cpuTarget: { operation: 'get one task', ms: 2 },
    },
    {
      id: 'create-task',
      title: 'POST /tasks',
      kind: 'write',
      method: 'POST',
      path: '/api/v1/tasks',
      dynamic: {
        kind: 'create-task',
        // Unassigned: the heavy user's 5,000 assigned tasks stay 5,000 for the screens measured later.
        // In a feature of their own: the big feature keeps its size for the lists and board
        // measured after (the head to head, other process counts).
        body: { featureId: fixtures.writeFeature.id, categoryId: fixtures.heavy.taskCategoryId, priority: 'HIGH' },
      },
      signedIn: true,
      cpuTarget: { operation: 'create a task', ms: 4 },
    },
    {
      id: 'update-status',
      title: "PUT /tasks/:id (status, writes history)",
      kind: 'write',
      method: 'PUT',
      path: '/api/v1/tasks/:id',
      dynamic: { kind: 'update-status', taskIds: writable.slice(0, half) },
      signedIn: true,
      cpuTarget: { operation: 'change a status', ms: 5 },
    },
    {
      id: 'add-comment',
      title: 'POST /tasks/:id/comments',
      kind: 'write',
      method: 'POST',
      path: '/api/v1/tasks/:id/comments',
      dynamic: { kind: 'add-comment', taskIds: writable.slice(half) },
      signedIn: true,
      cpuTarget: { operation: 'add a comment', ms: 2.5 },
    },
    {
      id: 'add-comment-watched',
      title: `POST /tasks/:id/comments (a task ${fixtures.watchedTask.watchers} people watch: notification fan-out)`,
      kind: 'write',
      method: 'POST',
      path: '/api/v1/tasks/:id/comments',
      dynamic: { kind: 'add-comment', taskIds: [fixtures.watchedTask.id] },
      signedIn: true,
      note: "CPU includes the notifier's work for the comments it processed within the measurement",
    },
  ];
}

/** The autocannon request for a scenario. */
export function requestFor(scenario: Scenario, cookie: string) {
  const headers: Record<string, string> = { ...(scenario.method === 'GET' ? {} : json) };
  if (scenario.signedIn) headers.cookie = cookie;
  return {
    method: scenario.method,
    path: scenario.path,
    headers,
    ...(scenario.body ? { body: JSON.stringify(scenario.body) } : {}),
    ...(scenario.dynamic ? { dynamic: scenario.dynamic } : {}),
  };
}

/** The soak's mix: the screens people use most, reads and writes, in turn on every connection. */
export function soakRequests(fixtures: Fixtures, cookie: string) {
  const picked = scenarios(fixtures).filter((scenario) =>
    ['my-projects', 'features-first', 'tasks-filter', 'tasks-search', 'search', 'task-detail', 'assigned-tasks-page', 'update-status', 'add-comment', 'todos'].includes(
      scenario.id,
    ),
  );
  return picked.map((scenario) => requestFor(scenario, cookie));
}
