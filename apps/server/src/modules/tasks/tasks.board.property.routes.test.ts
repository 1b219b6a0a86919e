import { BOARD_RANK_MAX_LENGTH, type TaskStatus } from '@tasklane/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsOf } from '../../../test/board.js';
import { buildFeature, buildTask, type SignedInUser } from '../../../test/factories.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

/**
 * Random board moves against a model of the board (issue 13 §6): within a column and across
 * columns, with both neighbours or one, and in each run a burst of drops into one gap that
 * splits it until its column must be renumbered. After every move: no error (never a 5xx) and a
 * key no longer than BOARD_RANK_MAX_LENGTH; every few moves, the board a client reads is the
 * model's, column by column. Every move goes through HTTP (in process the service costs about
 * as much: the time is the database's).
 */
const COLUMNS: TaskStatus[] = ['TODO', 'IN_PROGRESS', 'IN_REVIEW'];
const CARDS = 8;
const CHECK_EVERY = 40;
const RUNS = 6;

let server: TestServer;
let lead: SignedInUser;
let member: SignedInUser;
let projectId: string;
let categoryId: string;

beforeAll(async () => {
  // The lead is the project's owner (its creator, so an ADMIN).
  const scene = await startScene({ project: true, category: { by: 'owner' } });
  ({ server, cast: { owner: lead, member } } = scene);
  projectId = scene.project._id;
  categoryId = scene.category._id;
});
afterAll(async () => {
  await server.close();
});

type Move = { card: number; column: number | 'same'; place: number; send: 'both' | 'after' | 'before' };

const moveArbitrary: fc.Arbitrary<Move> = fc.record({
  card: fc.nat(CARDS - 1),
  column: fc.oneof({ arbitrary: fc.constant('same' as const), weight: 3 }, { arbitrary: fc.nat(COLUMNS.length - 1), weight: 2 }),
  // Place 1 (under the top card) half the time: the same gap split again and again.
  place: fc.oneof(fc.constant(1), fc.nat(CARDS)),
  send: fc.constantFrom('both' as const, 'after' as const, 'before' as const),
});

/** Random moves, a burst of drops into the gap under the top card of the fullest column, random moves. */
type Plan = { before: Move[]; burst: number; after: Move[] };
const planArbitrary: fc.Arbitrary<Plan> = fc.record({
  before: fc.array(moveArbitrary, { minLength: 30, maxLength: 100 }),
  // Some 180 splits of one gap grow a key from 3 characters past the longest a move writes.
  burst: fc.integer({ min: 200, max: 260 }),
  after: fc.array(moveArbitrary, { minLength: 30, maxLength: 100 }),
});

/** The board as the model says it must be: each column's card ids, top to bottom. */
type Model = Map<TaskStatus, string[]>;

async function buildRun(): Promise<{ featureId: string; ids: string[]; model: Model }> {
  const featureId = (await buildFeature(server, lead.cookie, projectId))._id;
  const ids: string[] = [];
  for (let index = 0; index < CARDS; index += 1) ids.push((await buildTask(server, lead.cookie, featureId, { categoryId }))._id);
  // New cards go to the top: the newest first.
  return { featureId, ids, model: new Map(COLUMNS.map((status) => [status, status === 'TODO' ? [...ids].reverse() : []])) };
}

async function readBoard(featureId: string) {
  const response = await server.request('GET', `/api/v1/tasks/board?featureId=${featureId}`, { cookie: lead.cookie });
  expect(response.status, response.text).toBe(200);
  return cardsOf(response.body);
}

async function expectBoardIsModel(featureId: string, model: Model) {
  const cards = await readBoard(featureId);
  for (const status of COLUMNS) expect(cards.filter((card) => card.status === status).map((card) => card._id), status).toEqual(model.get(status));
  expect(cards.filter((card) => card.boardRank.length > BOARD_RANK_MAX_LENGTH)).toEqual([]);
}

/** A move as the web app sends it; anything but 200 (a 5xx above all) fails the run. */
async function sendMove(taskId: string, body: Record<string, unknown>): Promise<string> {
  const response = await server.request('POST', `/api/v1/tasks/${taskId}/move`, { cookie: member.cookie, body });
  expect(response.status, `${JSON.stringify(body)}: ${response.text}`).toBe(200);
  return response.body.data.boardRank;
}

/** Applies one move to the server and to the model; returns the rank the server answered. */
async function apply(move: Move, ids: string[], model: Model): Promise<string> {
  const taskId = ids[move.card]!;
  const from = COLUMNS.find((status) => model.get(status)!.includes(taskId))!;
  const to = move.column === 'same' ? from : COLUMNS[move.column]!;
  const others = model.get(to)!.filter((id) => id !== taskId);
  const place = Math.min(move.place, others.length);
  const body: Record<string, unknown> = { status: to };
  const [afterId, beforeId] = [others[place - 1] ?? null, others[place] ?? null];
  // One neighbour names the place as well as two: the server puts the card right beside it.
  if (afterId && (move.send !== 'before' || !beforeId)) body.afterId = afterId;
  if (beforeId && (move.send !== 'after' || !afterId)) body.beforeId = beforeId;
  const boardRank = await sendMove(taskId, body);
  expect(boardRank.length, `${JSON.stringify(body)} answered ${boardRank}`).toBeLessThanOrEqual(BOARD_RANK_MAX_LENGTH);
  model.set(from, model.get(from)!.filter((id) => id !== taskId));
  model.set(to, [...others.slice(0, place), taskId, ...others.slice(place)]);
  return boardRank;
}

/** One run: its moves, checking the board every CHECK_EVERY moves; returns how many moves it made and how often the burst renumbered. */
async function run(moves: Plan) {
  const { featureId, ids, model } = await buildRun();
  let count = 0;
  const step = async (move: Move) => {
    const rank = await apply(move, ids, model);
    count += 1;
    if (count % CHECK_EVERY === 0) await expectBoardIsModel(featureId, model);
    return rank;
  };
  for (const move of moves.before) await step(move);
  // The burst: the third card of the fullest column dropped under its top card, again and again.
  const fullest = COLUMNS.reduce((best, status) => (model.get(status)!.length > model.get(best)!.length ? status : best));
  let renumbered = 0;
  let previous = '';
  for (let index = 0; index < moves.burst; index += 1) {
    const card = ids.indexOf(model.get(fullest)![2]!);
    const rank = await step({ card, column: COLUMNS.indexOf(fullest), place: 1, send: index % 2 === 0 ? 'both' : 'after' });
    if (rank.length < previous.length - 10) renumbered += 1;
    previous = rank;
  }
  for (const move of moves.after) await step(move);
  await expectBoardIsModel(featureId, model);
  return { count, renumbered };
}

describe('random board moves against a model of the board', () => {
  it('thousands of moves through HTTP: always 200, keys short, the board the model', async () => {
    let moves = 0;
    let renumberings = 0;
    await fc.assert(
      fc.asyncProperty(planArbitrary, async (plan) => {
        const { count, renumbered } = await run(plan);
        moves += count;
        renumberings += renumbered;
        // Splitting one gap 200 times or more renumbers its column at least once.
        expect(renumbered).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    console.log(`board property: ${moves} moves, ${renumberings} renumberings by the bursts`);
    expect(moves).toBeGreaterThanOrEqual(RUNS * 260);
  }, 240_000);
});
