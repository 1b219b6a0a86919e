/**
 * The crash test's clients: each signs in as its own user and loops over creating and updating
 * todos and tasks and adding comments, recording every write in a ledger by what the server said:
 * acknowledged (2xx), refused (an answer that is not 2xx: a defect here), or unknown (the
 * connection broke mid-request, so it may or may not have landed).
 */
export type Value = { title: string; status: string };
export type Tracked = { acked: Value; unknown: Value[] };

export type Ledger = {
  todos: Map<string, Tracked>;
  tasks: Map<string, Tracked>;
  comments: Array<{ taskId: string; text: string }>;
  acknowledged: number;
  unknown: number;
  /** Answers that should never happen under a crash test: any 4xx or 5xx. */
  refused: string[];
};

export const newLedger = (): Ledger => ({ todos: new Map(), tasks: new Map(), comments: [], acknowledged: 0, unknown: 0, refused: [] });

/** A small seeded generator, so a failing run can be replayed with its seed. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

export type Session = { base: () => string; cookie: string; todoCategory: string; taskCategory: string; featureId: string; name: string };

type Result = { kind: 'acked'; body: any } | { kind: 'refused' } | { kind: 'unsent' } | { kind: 'unknown' };

/** ECONNREFUSED: the request never reached a server, so it certainly did not land. */
function wasNeverSent(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; errors?: Array<{ code?: string }> } }).cause;
  return cause?.code === 'ECONNREFUSED' || (cause?.errors ?? []).some((inner) => inner.code === 'ECONNREFUSED');
}

async function send(session: Session, ledger: Ledger, method: string, path: string, body: unknown): Promise<Result> {
  let response: Response;
  try {
    response = await fetch(session.base() + path, {
      method,
      headers: { 'content-type': 'application/json', cookie: session.cookie },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    if (wasNeverSent(error)) return { kind: 'unsent' };
    ledger.unknown += 1;
    return { kind: 'unknown' };
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    // The status arrived but the body did not: whether it landed is the status's word.
    if (response.ok) {
      ledger.unknown += 1;
      return { kind: 'unknown' };
    }
    return { kind: 'refused' };
  }
  if (response.ok) {
    ledger.acknowledged += 1;
    return { kind: 'acked', body: JSON.parse(text) };
  }
  ledger.refused.push(`${method} ${path} -> ${response.status} ${text.slice(0, 200)}`);
  return { kind: 'refused' };
}

const todoStatuses = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'];
const taskStatuses = ['TODO', 'IN_PROGRESS', 'DEV_COMPLETED', 'REOPEN', 'BLOCKED', 'IN_REVIEW', 'COMPLETED', 'CANCELLED'];

/** One client's loop until `isStopped()`; pauses briefly after a broken connection. */
export async function runClient(session: Session, ledger: Ledger, seed: number, isStopped: () => boolean) {
  const rng = random(seed);
  const myTodos: string[] = [];
  const myTasks: string[] = [];
  let sequence = 0;
  const label = () => `${session.name}-${(sequence += 1)}`;

  const update = (tracked: Tracked, value: Value, result: Result) => {
    if (result.kind === 'acked') tracked.acked = value;
    else if (result.kind === 'unknown') tracked.unknown.push(value);
  };

  const operations = [
    async () => {
      const value = { title: `todo ${label()}`, status: rng.pick(todoStatuses) };
      const result = await send(session, ledger, 'POST', '/api/v1/todos', { ...value, category: session.todoCategory });
      if (result.kind === 'acked') {
        ledger.todos.set(result.body.data._id, { acked: value, unknown: [] });
        myTodos.push(result.body.data._id);
      }
      return result;
    },
    async () => {
      if (myTodos.length === 0) return { kind: 'unsent' } as Result;
      const id = rng.pick(myTodos);
      const value = { title: `todo ${label()}`, status: rng.pick(todoStatuses) };
      const result = await send(session, ledger, 'PUT', `/api/v1/todos/${id}`, { ...value, category: session.todoCategory });
      update(ledger.todos.get(id)!, value, result);
      return result;
    },
    async () => {
      const value = { title: `task ${label()}`, status: rng.pick(taskStatuses) };
      const result = await send(session, ledger, 'POST', '/api/v1/tasks', {
        ...value,
        featureId: session.featureId,
        categoryId: session.taskCategory,
      });
      if (result.kind === 'acked') {
        ledger.tasks.set(result.body.data._id, { acked: value, unknown: [] });
        myTasks.push(result.body.data._id);
      }
      return result;
    },
    async () => {
      if (myTasks.length === 0) return { kind: 'unsent' } as Result;
      const id = rng.pick(myTasks);
      const value = { title: `task ${label()}`, status: rng.pick(taskStatuses) };
      const result = await send(session, ledger, 'PUT', `/api/v1/tasks/${id}`, value);
      update(ledger.tasks.get(id)!, value, result);
      return result;
    },
    async () => {
      if (myTasks.length === 0) return { kind: 'unsent' } as Result;
      const taskId = rng.pick(myTasks);
      const text = `comment ${label()}`;
      const result = await send(session, ledger, 'POST', `/api/v1/tasks/${taskId}/comments`, { comment: text });
      if (result.kind === 'acked') ledger.comments.push({ taskId, text });
      return result;
    },
  ];

  while (!isStopped()) {
    const result = await rng.pick(operations)();
    if (result.kind === 'unsent' || result.kind === 'unknown') await new Promise((resolve) => setTimeout(resolve, 50 + rng.next() * 150));
  }
}
