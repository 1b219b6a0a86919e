import type { BoardTask } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { applyMove, filterBoardTasks, groupByStatus, moveAt, statisticsOf, visibleStatuses } from './board';
import { readTaskView, writeTaskView } from './task-view';

function card(id: string, boardRank: string, extra: Partial<BoardTask> = {}): BoardTask {
  return { _id: id, title: `Task ${id}`, status: 'TODO', priority: 'MEDIUM', assigneeId: null, dueDate: null, isOverdue: false, tags: [], boardRank, version: 1, ...extra };
}

const a = card('a', 'a1');
const b = card('b', 'a2');
const c = card('c', 'a3', { status: 'IN_PROGRESS' });

describe('board', () => {
  it('groups the cards by status in board order, with a column for every status', () => {
    const columns = groupByStatus([a, b, c]);
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

  it('shows a move at once: the card takes its column and a rank between its neighbours', () => {
    const moved = applyMove([a, b, c], 'c', { status: 'TODO', afterId: 'a', beforeId: 'b' }, '2026-11-23');
    expect(moved.map((task) => task._id)).toEqual(['a', 'c', 'b']);
    const placed = moved.find((task) => task._id === 'c')!;
    expect(placed.status).toBe('TODO');
    expect(placed.boardRank > 'a1' && placed.boardRank < 'a2').toBe(true);
  });

  it('a card moved to Completed is no longer overdue', () => {
    const late = card('late', 'a4', { dueDate: '2026-01-01T00:00:00.000Z', isOverdue: true });
    const [done] = applyMove([late], 'late', { status: 'COMPLETED', afterId: null, beforeId: null }, '2026-11-23');
    expect(done).toMatchObject({ status: 'COMPLETED', isOverdue: false });
  });

  it('filters cards by the status filter (PENDING, BLOCK) and priority (the search is the server\'s)', () => {
    const tasks = [
      card('1', 'a1', { title: 'Cut the gears', tags: ['brass'] }),
      card('2', 'a2', { title: 'Oil the pinions', status: 'REOPEN', priority: 'HIGH' }),
      card('3', 'a3', { title: 'Wait for brass', status: 'BLOCKED' }),
    ];
    expect(filterBoardTasks(tasks, { status: 'PENDING' }).map((task) => task._id)).toEqual(['1', '2']);
    expect(filterBoardTasks(tasks, { status: 'BLOCK' }).map((task) => task._id)).toEqual(['3']);
    expect(filterBoardTasks(tasks, { priority: 'HIGH' }).map((task) => task._id)).toEqual(['2']);
    expect(visibleStatuses('PENDING')).toEqual(['TODO', 'REOPEN']);
    expect(visibleStatuses(undefined)).toHaveLength(8);
  });

  it('counts the statistics tiles from the cards', () => {
    expect(statisticsOf([a, b, c, card('d', 'a5', { status: 'BLOCKED' })])).toEqual({
      total: 4,
      todo: 2,
      inProgress: 1,
      inReview: 0,
      completed: 0,
      block: 1,
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
