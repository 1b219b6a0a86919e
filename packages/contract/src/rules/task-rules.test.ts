import { describe, expect, it } from 'vitest';
import { taskStatuses } from '../enums.js';
import { isTaskOverdue, normalizeTaskStatus, priorityRank, statisticsOfCounts, statusesForFilter, taskStatisticsTile } from './task-rules.js';

describe('task status synonyms', () => {
  it('BLOCK means BLOCKED and every real status means itself', () => {
    expect(normalizeTaskStatus('BLOCK')).toBe('BLOCKED');
    for (const status of taskStatuses) expect(normalizeTaskStatus(status)).toBe(status);
  });

  it('PENDING selects the tasks not started; BLOCK selects BLOCKED', () => {
    expect(statusesForFilter('PENDING')).toEqual(['TODO', 'REOPEN']);
    expect(statusesForFilter('BLOCK')).toEqual(['BLOCKED']);
    expect(statusesForFilter('IN_REVIEW')).toEqual(['IN_REVIEW']);
  });
});

describe('isTaskOverdue', () => {
  const today = '2025-06-15';
  it.each([
    ['2025-06-14', 'TODO', true],
    ['2025-06-14T23:59:00.000Z', 'IN_PROGRESS', true],
    ['2025-06-14', 'BLOCKED', true],
    ['2025-06-15', 'TODO', false],
    ['2025-06-16', 'TODO', false],
    ['2025-06-14', 'COMPLETED', false],
    ['2025-06-14', 'CANCELLED', false],
    [null, 'TODO', false],
  ] as const)('due %s, %s → %s', (dueDate, status, expected) => {
    expect(isTaskOverdue({ dueDate, status }, today)).toBe(expected);
  });
});

describe('statistics tiles', () => {
  it('put every status on exactly one tile', () => {
    expect(Object.keys(taskStatisticsTile).sort()).toEqual([...taskStatuses].sort());
    expect(new Set(Object.values(taskStatisticsTile))).toEqual(
      new Set(['todo', 'inProgress', 'inReview', 'completed', 'block', 'cancelled']),
    );
  });

  it('add the counts per status up into the tiles and their total', () => {
    expect(
      statisticsOfCounts([
        { status: 'TODO', total: 3 },
        { status: 'REOPEN', total: 1 },
        { status: 'DEV_COMPLETED', total: 2 },
        { status: 'BLOCKED', total: 4 },
      ]),
    ).toEqual({ total: 10, todo: 4, inProgress: 2, inReview: 0, completed: 0, block: 4, cancelled: 0 });
    expect(statisticsOfCounts([])).toEqual({ total: 0, todo: 0, inProgress: 0, inReview: 0, completed: 0, block: 0, cancelled: 0 });
  });

  it('rank priorities URGENT > HIGH > MEDIUM > LOW', () => {
    expect(priorityRank.URGENT).toBeGreaterThan(priorityRank.HIGH);
    expect(priorityRank.HIGH).toBeGreaterThan(priorityRank.MEDIUM);
    expect(priorityRank.MEDIUM).toBeGreaterThan(priorityRank.LOW);
  });
});
