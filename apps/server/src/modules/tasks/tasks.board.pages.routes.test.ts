import { BOARD_PAGE_SIZE, encodeBoardCursor, type BoardColumn, type TaskStatus } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildFeature, buildTask, type SignedInUser } from '../../../test/factories.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

/** Issue 15 §2: the board answers each column's first 100 cards and the rest a page at a time. */
let server: TestServer;
let lead: SignedInUser;
let member: SignedInUser;
let viewer: SignedInUser;
let stranger: SignedInUser;
let projectId: string;
let categoryId: string;

beforeAll(async () => {
  const scene = await startScene({ project: true });
  ({ server, cast: { owner: lead, member, viewer, stranger } } = scene);
  projectId = scene.project._id;
  categoryId = (await buildCategory(server, lead.cookie, { type: 'TASK' }))._id;
});
afterAll(async () => {
  await server.close();
});

type BoardBody = { data: { columns: BoardColumn[]; statistics: Record<string, number> }; total: number };

/** A fresh feature with the tasks given (made in order, so each column shows the last made on top). */
async function buildBoard(specs: Array<{ title: string; status?: TaskStatus; priority?: string; tags?: string[] }>) {
  const feature = await buildFeature(server, lead.cookie, projectId);
  const ids: Record<string, string> = {};
  for (const spec of specs) ids[spec.title] = (await buildTask(server, lead.cookie, feature._id, { categoryId, ...spec }))._id;
  return { featureId: feature._id, ids };
}

const numbered = (prefix: string, count: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, index) => ({ title: `${prefix} ${String(index + 1).padStart(3, '0')}`, ...extra }));

function get(featureId: string, query = '', cookie = viewer.cookie) {
  return server.request('GET', `/api/v1/tasks/board?featureId=${featureId}${query}`, { cookie });
}

async function board(featureId: string, query = '', cookie = viewer.cookie): Promise<BoardBody> {
  const response = await get(featureId, query, cookie);
  expect(response.status, response.text).toBe(200);
  return response.body as BoardBody;
}

const columnOf = (body: BoardBody, status: TaskStatus) => body.data.columns.find((column) => column.status === status)!;
const titles = (column: BoardColumn) => column.tasks.map((task) => task.title);

/** Every page of one column, following nextCursor, each page's titles. */
async function pages(featureId: string, status: TaskStatus, query: string) {
  const first = columnOf(await board(featureId, query), status);
  const result = [titles(first)];
  let cursor = first.nextCursor;
  while (cursor) {
    const body = await board(featureId, `${query}&status=${status}&after=${cursor}`);
    expect(body.data.columns.map((column) => column.status)).toEqual([status]);
    result.push(titles(body.data.columns[0]!));
    cursor = body.data.columns[0]!.nextCursor;
  }
  return result;
}

describe('GET /api/v1/tasks/board, a page per column', () => {
  it('answers the first 100 cards of each column with its total, and the rest in order after the cursor', async () => {
    const { featureId } = await buildBoard([...numbered('Todo', BOARD_PAGE_SIZE + 3), ...numbered('Doing', 2, { status: 'IN_PROGRESS' })]);
    const first = await board(featureId);
    expect(first.total).toBe(BOARD_PAGE_SIZE + 5);
    expect(first.data.statistics).toMatchObject({ total: BOARD_PAGE_SIZE + 5, todo: BOARD_PAGE_SIZE + 3, inProgress: 2 });
    const todo = columnOf(first, 'TODO');
    expect(todo.total).toBe(BOARD_PAGE_SIZE + 3);
    expect(todo.tasks).toHaveLength(BOARD_PAGE_SIZE);
    // Newest on top: the last three made open the column.
    expect(titles(todo).slice(0, 3)).toEqual(['Todo 103', 'Todo 102', 'Todo 101']);
    expect(todo.nextCursor).toEqual(expect.any(String));
    expect(columnOf(first, 'IN_PROGRESS')).toMatchObject({ total: 2, nextCursor: null });
    expect(titles(columnOf(first, 'IN_PROGRESS'))).toEqual(['Doing 002', 'Doing 001']);
    expect(columnOf(first, 'COMPLETED')).toEqual({ status: 'COMPLETED', total: 0, tasks: [], nextCursor: null });

    const rest = await board(featureId, `&status=TODO&after=${todo.nextCursor}`);
    expect(rest.data.columns).toHaveLength(1);
    expect(rest.data.columns[0]).toMatchObject({ status: 'TODO', total: BOARD_PAGE_SIZE + 3, nextCursor: null });
    expect(titles(rest.data.columns[0]!)).toEqual(['Todo 003', 'Todo 002', 'Todo 001']);
    // The counts stay those of the whole board.
    expect(rest.total).toBe(BOARD_PAGE_SIZE + 5);
  });

  it('pages through a column without gaps or repeats, whatever the page size', async () => {
    const { featureId } = await buildBoard([...numbered('Card', 7), { title: 'Elsewhere', status: 'IN_REVIEW' }]);
    const whole = titles(columnOf(await board(featureId), 'TODO'));
    expect(whole).toHaveLength(7);
    for (const limit of [1, 2, 3, 7]) {
      const read = await pages(featureId, 'TODO', `&limit=${limit}`);
      expect(read.flat(), `limit ${limit}`).toEqual(whole);
      expect(read.slice(0, -1).every((page) => page.length === limit)).toBe(true);
    }
    // One column alone, from its start.
    const alone = await board(featureId, '&status=IN_REVIEW');
    expect(alone.data.columns.map((column) => [column.status, titles(column)])).toEqual([['IN_REVIEW', ['Elsewhere']]]);
  });

  it('while cards move between two pages: those that stay come once each in order; a moved card shows where it now is', async () => {
    const { featureId, ids } = await buildBoard(numbered('Card', 6));
    // Top to bottom: Card 006 ... Card 001.
    const first = columnOf(await board(featureId, '&limit=2'), 'TODO');
    expect(titles(first)).toEqual(['Card 006', 'Card 005']);
    const move = (title: string, body: Record<string, unknown>) =>
      server.request('POST', `/api/v1/tasks/${ids[title]}/move`, { cookie: member.cookie, body });
    // Card 002 goes to the top (above the cursor: this paging does not see it again), Card 006 to
    // the bottom (below the cursor: it comes again, and a client keeps the newer copy), and the
    // cursor's own card is deleted (the next page still starts right after where it was).
    expect((await move('Card 002', { beforeId: ids['Card 006'] })).status).toBe(200);
    expect((await move('Card 006', { afterId: ids['Card 001'] })).status).toBe(200);
    expect((await server.request('DELETE', `/api/v1/tasks/${ids['Card 005']}`, { cookie: lead.cookie })).status).toBe(200);
    const second = columnOf(await board(featureId, `&limit=2&status=TODO&after=${first.nextCursor}`), 'TODO');
    expect(titles(second)).toEqual(['Card 004', 'Card 003']);
    const third = columnOf(await board(featureId, `&limit=2&status=TODO&after=${second.nextCursor}`), 'TODO');
    expect(titles(third)).toEqual(['Card 001', 'Card 006']);
    expect(third.nextCursor).toBeNull();
    expect(third.total).toBe(5);
  });

  it('pages a search and a priority: cards, column totals and the total count only the matches; statistics the whole feature', async () => {
    const { featureId } = await buildBoard([
      ...numbered('Invoice export', 5, { priority: 'HIGH' }),
      ...numbered('Invoice import', 2, { priority: 'LOW', status: 'COMPLETED' }),
      ...numbered('Unrelated', 4, { tags: ['other'] }),
    ]);
    const searched = await board(featureId, '&search=invoice&limit=2');
    expect(searched.total).toBe(7);
    expect(searched.data.statistics).toMatchObject({ total: 11, todo: 9, completed: 2 });
    expect(columnOf(searched, 'TODO')).toMatchObject({ total: 5 });
    expect(columnOf(searched, 'COMPLETED')).toMatchObject({ total: 2, nextCursor: null });
    expect((await pages(featureId, 'TODO', '&search=invoice&limit=2')).flat()).toEqual([
      'Invoice export 005',
      'Invoice export 004',
      'Invoice export 003',
      'Invoice export 002',
      'Invoice export 001',
    ]);
    const high = await board(featureId, '&priority=HIGH&search=export&limit=3');
    expect(high.total).toBe(5);
    expect(columnOf(high, 'TODO')).toMatchObject({ total: 5, nextCursor: expect.any(String) });
    expect(columnOf(high, 'COMPLETED')).toMatchObject({ total: 0, tasks: [] });
    expect((await board(featureId, '&search=nothing-like-this')).total).toBe(0);
  });

  it('refuses a bad cursor, a cursor without its column, a bad limit or status, with the field named', async () => {
    const { featureId } = await buildBoard([{ title: 'One' }]);
    const refused = async (query: string, field: string, message: string) => {
      const response = await get(featureId, query);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toMatchObject({ success: false, errors: [{ field, message }] });
    };
    const cursor = encodeBoardCursor({ rank: 'a0', id: crypto.randomUUID() });
    await refused('&status=TODO&after=not-a-cursor', 'after', 'after must be a nextCursor of a board answer');
    await refused(`&status=TODO&after=${btoa('["a0"]')}`, 'after', 'after must be a nextCursor of a board answer');
    await refused(`&after=${cursor}`, 'status', 'status is required with after');
    await refused('&limit=0', 'limit', 'limit must be a whole number from 1 to 500');
    await refused('&limit=501', 'limit', 'limit must be a whole number from 1 to 500');
    await refused('&limit=ten', 'limit', 'limit must be a whole number from 1 to 500');
    expect((await get(featureId, '&status=DONE')).status).toBe(400);
    expect((await get(featureId, '&priority=SOMEDAY')).status).toBe(400);
    // A cursor of another column or board is only a place in the order: never an error.
    expect(columnOf(await board(featureId, `&status=BLOCK&after=${cursor}`), 'BLOCKED').tasks).toEqual([]);
  });

  it('a page of a column is for members only, as the board is', async () => {
    const { featureId } = await buildBoard(numbered('Card', 3));
    const { nextCursor } = columnOf(await board(featureId, '&limit=1'), 'TODO');
    const query = `&status=TODO&after=${nextCursor}&limit=1`;
    expect(titles((await board(featureId, query, viewer.cookie)).data.columns[0]!)).toEqual(['Card 002']);
    expect((await get(featureId, query, stranger.cookie)).status).toBe(404);
    expect((await server.request('GET', `/api/v1/tasks/board?featureId=${featureId}${query}`)).status).toBe(401);
  });
});
