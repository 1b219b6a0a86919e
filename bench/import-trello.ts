// `npx tsx bench/import-trello.ts [--cards=2000]`: how long a Trello board import takes on this
// machine (issue 20: a 2,000-card board in under a minute). Builds a board export with lists,
// labels, checklists, comments and members, starts the production server (apps/server/dist, so
// run `node scripts/build.mjs` first) on a fresh embedded PostgreSQL, uploads the board as its
// owner would and polls GET /imports/{id} until the job ends. Prints the time from the upload to
// the end of the job, and what it made.
import fs from 'node:fs';
import path from 'node:path';
import { dataRoot, log } from './lib/util.js';
import { startAppServer } from './load/processes.js';

const cards = Number(process.argv.find((arg) => arg.startsWith('--cards='))?.slice('--cards='.length) ?? 2000);

/** A board as Trello exports it: 8 lists, every card labelled, a third with a 4-item checklist, a quarter with 2 comments. */
export function generateBoard(cardCount: number) {
  const lists = Array.from({ length: 8 }, (_, index) => ({ id: `list${index}`, name: `List ${index + 1}`, closed: index === 7, pos: 16384 * (index + 1) }));
  const checklists: unknown[] = [];
  const actions: unknown[] = [];
  const boardCards = Array.from({ length: cardCount }, (_, index) => {
    const id = `card${index}`;
    const idChecklists: string[] = [];
    if (index % 3 === 0) {
      idChecklists.push(`${id}-cl`);
      checklists.push({ id: `${id}-cl`, idCard: id, name: 'Steps', pos: 1, checkItems: Array.from({ length: 4 }, (_, item) => ({ id: `${id}-i${item}`, name: `Step ${item + 1}`, state: item < 2 ? 'complete' : 'incomplete', pos: item + 1 })) });
    }
    if (index % 4 === 0) {
      for (let comment = 0; comment < 2; comment++) {
        actions.push({ id: `a${index}-${comment}`, type: 'commentCard', date: new Date(Date.UTC(2025, 0, 1, 10, index % 60)).toISOString(), data: { text: `Comment ${comment + 1} on card ${index}`, card: { id } }, memberCreator: { fullName: 'Jane Trello', username: 'jane' } });
      }
    }
    return {
      id,
      name: `Card ${index + 1}: improve the ${['login flow', 'billing page', 'search index', 'export job'][index % 4]}`,
      desc: `Some description of card ${index + 1}, with **Markdown**.`,
      due: index % 5 === 0 ? '2030-06-01T12:00:00.000Z' : null,
      dueComplete: index % 10 === 0,
      idList: `list${index % 7}`,
      labels: [{ name: ['bug', 'feature', 'chore'][index % 3], color: 'green' }],
      closed: index % 50 === 49,
      idChecklists,
      idMembers: ['m1'],
      pos: index + 1,
    };
  });
  return { id: 'bench', name: `Bench board ${cardCount}`, desc: 'Generated', lists, cards: boardCards, checklists, actions, members: [{ id: 'm1', fullName: 'Nobody', username: 'nobody_bench' }] };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(dataRoot, 'import-'));
  const board = JSON.stringify(generateBoard(cards));
  log(`board: ${cards} cards, ${(board.length / 1024 / 1024).toFixed(1)} MB of JSON`);
  const server = await startAppServer({ dataDir });
  try {
    const headers = { 'content-type': 'application/json', origin: server.url };
    const registered = await fetch(`${server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'bench_importer', fullName: 'Bench Importer', email: 'importer@example.com', password: 'correct-horse-42' }),
    });
    if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
    const login = await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers, body: JSON.stringify({ email: 'importer@example.com', password: 'correct-horse-42' }) });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!)
      .find((pair) => /^(__Host-)?tasklane_session=/.test(pair))!;
    const auth = { cookie, origin: server.url };
    const workspace = await fetch(`${server.url}/api/v1/workspaces`, { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify({ name: 'Bench' }) });
    if (workspace.status !== 201) throw new Error(`workspace: ${workspace.status} ${await workspace.text()}`);
    const workspaceId = ((await workspace.json()) as { data: { _id: string } }).data._id;

    const form = new FormData();
    form.append('source', 'trello');
    form.append('file', new Blob([board], { type: 'application/json' }), 'board.json');
    const started = performance.now();
    const response = await fetch(`${server.url}/api/v1/workspaces/${workspaceId}/imports`, { method: 'POST', headers: auth, body: form });
    const answered = performance.now();
    if (response.status !== 202) throw new Error(`import: ${response.status} ${await response.text()}`);
    const jobId = ((await response.json()) as { data: { _id: string } }).data._id;
    for (;;) {
      const read = await fetch(`${server.url}/api/v1/imports/${jobId}`, { headers: auth });
      const job = ((await read.json()) as { data: { status: string; progress: { done: number; total: number }; summary: { created: Record<string, number>; skippedCount: number }; error?: string } }).data;
      if (job.status === 'COMPLETED' || job.status === 'FAILED') {
        const seconds = (performance.now() - started) / 1000;
        log(`upload answered 202 in ${Math.round(answered - started)} ms`);
        log(`import ${job.status} in ${seconds.toFixed(1)} s: ${JSON.stringify(job.summary.created)}, ${job.summary.skippedCount} skipped${job.error ? `, error: ${job.error}` : ''}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
