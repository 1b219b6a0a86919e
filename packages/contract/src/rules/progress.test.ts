import { describe, expect, it } from 'vitest';
import { computeProgress } from './progress.js';

describe('computeProgress (SPEC section 9: rounded completed/total, 0 without tasks)', () => {
  it.each([
    [0, 0, 0],
    [5, 0, 0],
    [0, 4, 0],
    [1, 2, 50],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13], // 12.5 rounds up
    [1, 200, 1], // 0.5 rounds up
    [1, 201, 0],
    [3, 3, 100],
    [7, 10, 70],
  ])('%i of %i → %i%%', (completed, total, expected) => {
    expect(computeProgress(completed, total)).toBe(expected);
  });

  it('answers 0 for a negative total', () => {
    expect(computeProgress(1, -3)).toBe(0);
  });

  it('always answers an integer', () => {
    for (let total = 1; total <= 30; total++) {
      for (let completed = 0; completed <= total; completed++) {
        const value = computeProgress(completed, total);
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
      }
    }
  });
});
