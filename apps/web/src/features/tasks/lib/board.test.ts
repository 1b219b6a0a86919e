import { encodeBoardCursor, type BoardColumn, type BoardResponse, type BoardTask, type TaskStatus } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { applyMove, cardsOf, groupByStatus, mergeColumnPage, moveAt, statisticsOf, visibleStatuses } from './board';
import { readTaskView, writeTaskView } from './task-view';

function card(id: string, boardRank: string, extra: Partial<BoardTask> = {}): BoardTask {
  return { _id: id, number: 1, key: 'CP-1', title: `Task ${id}`, priority: 'MEDIUM', assigneeId: null, dueDate: null, isOverdue: false, tags: [], boardRank, version: 1, blockedBy: [], parentTaskId: null, parentTask: null, subtasks: { total: 0, completed: 0 }, ...extra };
}

const column = (status: TaskStatus, tasks: BoardTask[], extra: Partial<BoardColumn> = {}): BoardColumn => ({ status, total: tasks.length, tasks, nextCursor: null, ...extra });
const ids = (columns: readonly BoardColumn[], status: TaskStatus) => columns.find((candidate) => candidate.status === status)!.tasks.map((task) => task._id);

const a = card('a', 'a1');
const b = card('b', 'a2');
const c = card('c', 'a3');
const board = () => [column('TODO', [a, b]), column('IN_PROGRESS', [c]), column('COMPLETED', [])];

describe('board', () => {
  it('gives each card its column, and groups them by status in board order, with a column for every status', () => {
    const cards = cardsOf(board());
    expect(cards.map((task) => [task._id, task.status])).toEqual([
      ['a', 'TODO'],
      ['b', 'TODO'],
      ['c', 'IN_PROGRESS'],
    ]);
    const columns = groupByStatus(cards);
    expect(columns.TODO).toEqual(['a', 'b']);
    expect(columns.IN_PROGRESS).toEqual(['c']);
    expect(columns.CANCELLED).toEqual([]);
    expect(Object.keys(columns)).toHaveLength(8);
  });

  it('names the neighbours of a place, the moving card left out', () => {
    expect(moveAt(['a', 'b', 'c'], 'TODO', 'a', 2)).toEqual({ status: 'TODO', afterId: 'c', beforeId: null });
    expect(moveAt(['a', 'b', 'c'], 'TODO', 'c', 0)).toEqual({ status: 'TODO', afterId: null, beforeId: 'a' });
    expect(moveAt(['b'], 'IN_REVIEW', 'a', 1)).toEqual({ status: 'IN_REVIEW', afterId: 'b', beforeId: null });
    expect(moveAt([], 'CANCELLED', 'a', 0)).toEqual({ status: 'CANCELLED', afterId: null, beforeId: null });
  });

  it('shows a move at once: the card takes its column and a rank between its neighbours, and the counts follow', () => {
    const moved = applyMove(board(), 'c', { status: 'TODO', afterId: 'a', beforeId: 'b' }, '2026-11-23');
    expect(ids(moved, 'TODO')).toEqual(['a', 'c', 'b']);
    expect(ids(moved, 'IN_PROGRESS')).toEqual([]);
    expect(moved.map((entry) => entry.total)).toEqual([3, 0, 0]);
    const placed = moved[0]!.tasks.find((task) => task._id === 'c')!;
    expect(placed.boardRank > 'a1' && placed.boardRank < 'a2').toBe(true);
    // Another search's board, without the card: as it was.
    expect(applyMove([column('TODO', [a])], 'c', { status: 'TODO', afterId: 'a', beforeId: null }, '2026-11-23')).toEqual([column('TODO', [a])]);
  });

  it('a move into a column not all loaded counts the cards the server has', () => {
    const partial = [column('TODO', [a], { total: 250, nextCursor: 'next' }), column('IN_PROGRESS', [c], { total: 1 })];
    const moved = applyMove(partial, 'c', { status: 'TODO', afterId: 'a', beforeId: null }, '2026-11-23');
    expect(moved.map((entry) => [entry.status, entry.total, entry.tasks.length, entry.nextCursor])).toEqual([
      ['TODO', 251, 2, 'next'],
      ['IN_PROGRESS', 0, 0, null],
    ]);
  });

  it('a card moved to Completed is no longer overdue', () => {
    const late = card('late', 'a4', { dueDate: '2026-01-01T00:00:00.000Z', isOverdue: true });
    const moved = applyMove([column('TODO', [late]), column('COMPLETED', [])], 'late', { status: 'COMPLETED', afterId: null, beforeId: null }, '2026-11-23');
    expect(moved[1]!.tasks[0]).toMatchObject({ _id: 'late', isOverdue: false });
  });

  it("joins a column's next page after its loaded cards; a card it repeats (moved meanwhile) is kept where the page has it", () => {
    const loaded: BoardResponse = {
      success: true,
      message: 'ok',
      total: 5,
      data: { columns: [column('TODO', [a, b], { total: 4, nextCursor: encodeBoardCursor({ rank: 'a2', id: 'b' }) }), column('IN_PROGRESS', [c])], statistics: statisticsOf([]) },
    };
    const d = card('d', 'a4');
    const moved = card('a', 'a5');
    const page: BoardResponse = {
      success: true,
      message: 'ok',
      total: 5,
      data: { columns: [column('TODO', [d, moved, c], { total: 5, nextCursor: null })], statistics: { ...statisticsOf([]), total: 5, todo: 5 } },
    };
    const merged = mergeColumnPage(loaded, page);
    expect(ids(merged.data.columns, 'TODO')).toEqual(['b', 'd', 'a', 'c']);
    expect(ids(merged.data.columns, 'IN_PROGRESS')).toEqual([]);
    expect(merged.data.columns[0]).toMatchObject({ total: 5, nextCursor: null });
    expect(merged.data.statistics.todo).toBe(5);
  });

  it('shows the columns of the status filter (PENDING, BLOCK), all of them without one', () => {
    expect(visibleStatuses('PENDING')).toEqual(['TODO', 'REOPEN']);
    expect(visibleStatuses('BLOCK')).toEqual(['BLOCKED']);
    expect(visibleStatuses(undefined)).toHaveLength(8);
  });

  it("counts the statistics tiles from the columns' counts", () => {
    expect(statisticsOf([column('TODO', [a], { total: 2 }), column('REOPEN', [], { total: 1 }), column('DEV_COMPLETED', [c]), column('BLOCKED', [], { total: 4 })])).toEqual({
      total: 8,
      todo: 3,
      inProgress: 1,
      inReview: 0,
      completed: 0,
      block: 4,
      cancelled: 0,
    });
  });
});

describe('task view', () => {
  it('remembers Table or Board per user; the table by default', () => {
    const values = new Map<string, string>();
    const storage = { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
    expect(readTaskView(storage, 'ada')).toBe('table');
    writeTaskView(storage, 'ada', 'board');
    expect(readTaskView(storage, 'ada')).toBe('board');
    expect(readTaskView(storage, 'grace')).toBe('table');
    expect(readTaskView(storage, undefined)).toBe('table');
  });

  it('works without storage (blocked by privacy settings)', () => {
    const blocked = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => writeTaskView(blocked, 'ada', 'board')).not.toThrow();
    expect(readTaskView(blocked, 'ada')).toBe('table');
  });
});
