import { describe, expect, it } from 'vitest';
import { advanceCursor, MAX_GAP_RANGES } from './notifier.js';
import type { Cursor } from './notifier.repo.js';

const T0 = Date.UTC(2026, 10, 29, 12, 0, 0);
const OVERLAP = 30_000;
const cursorAt = (processedId: number, gaps: Cursor['gaps'] = []): Cursor => ({ processedId, processedUntil: new Date(T0 - 60_000), gaps });
const read = (...ids: number[]) => ids.map((id) => ({ id, createdAt: new Date(T0 + id) }));

describe('advanceCursor: where the notifier stands after a round (decision 043)', () => {
  it('moves past every id read, in order, with no gap', () => {
    const next = advanceCursor(cursorAt(10), read(11, 12, 13), T0, OVERLAP);
    expect(next).toEqual({ processedId: 13, processedUntil: new Date(T0 + 13), gaps: [] });
  });

  it('an id after the cursor that was not committed when read becomes a gap, noticed now', () => {
    const next = advanceCursor(cursorAt(10), read(11, 14, 15, 18), T0, OVERLAP);
    expect(next.processedId).toBe(18);
    expect(next.gaps).toEqual([
      [12, 13, T0],
      [16, 17, T0],
    ]);
  });

  it('a gap whose event has committed since is read and leaves the gaps; the rest of its run stays', () => {
    const next = advanceCursor(cursorAt(20, [[12, 15, T0 - 1_000]]), read(13, 21), T0, OVERLAP);
    expect(next.processedId).toBe(21);
    expect(next.gaps).toEqual([
      [12, 12, T0 - 1_000],
      [14, 15, T0 - 1_000],
    ]);
  });

  it('a gap read whole is gone', () => {
    expect(advanceCursor(cursorAt(20, [[12, 12, T0]]), read(12), T0, OVERLAP).gaps).toEqual([]);
  });

  it('a gap older than the overlap is forgotten (its transaction rolled back); a younger one is kept', () => {
    const next = advanceCursor(cursorAt(20, [[5, 5, T0 - OVERLAP - 1], [7, 8, T0 - OVERLAP]]), [], T0, OVERLAP);
    expect(next).toEqual({ processedId: 20, processedUntil: new Date(T0 - 60_000), gaps: [[7, 8, T0 - OVERLAP]] });
  });

  it('a batch that ends among the gaps keeps the cursor where it was', () => {
    // The batch was full with gap ids: nothing after the cursor was reached, so nothing new is a gap.
    const next = advanceCursor(cursorAt(100, [[40, 49, T0]]), read(40, 41, 42), T0, OVERLAP);
    expect(next.processedId).toBe(100);
    expect(next.gaps).toEqual([[43, 49, T0]]);
  });

  it('keeps the time of the newest event read, never going back', () => {
    const cursor = { ...cursorAt(1), processedUntil: new Date(T0 + 500) };
    expect(advanceCursor(cursor, read(2, 3), T0, OVERLAP).processedUntil).toEqual(new Date(T0 + 500));
  });

  it(`keeps at most ${MAX_GAP_RANGES} runs of gaps, the newest`, () => {
    const ids = Array.from({ length: MAX_GAP_RANGES + 5 }, (_, index) => 2 * (index + 1));
    const next = advanceCursor(cursorAt(0), read(...ids), T0, OVERLAP);
    expect(next.gaps).toHaveLength(MAX_GAP_RANGES);
    expect(next.gaps[0]).toEqual([11, 11, T0]);
    expect(next.gaps.at(-1)).toEqual([2 * (MAX_GAP_RANGES + 5) - 1, 2 * (MAX_GAP_RANGES + 5) - 1, T0]);
  });
});
