import { describe, expect, it } from 'vitest';
import { steadyGrowth } from './soak.js';

const every10s = (seconds: number, valueAt: (second: number) => number) =>
  Array.from({ length: seconds / 10 + 1 }, (_, index) => ({ second: index * 10, value: valueAt(index * 10) }));

describe('steadyGrowth', () => {
  it('calls a band that swings with collections flat, though the idle start sits below it', () => {
    // 220 MB idle at the start, then 250-340 MB in turn for ten minutes.
    const samples = every10s(600, (second) => (second === 0 ? 220 : [250, 340, 270, 300][(second / 10) % 4]!));
    const result = steadyGrowth(samples, 600)!;
    expect(result.firstMedian).toBe(285);
    expect(result.lastMedian).toBe(285);
    expect(result.growth).toBe(0);
  });

  it('sees a steady climb (a leak) as growth', () => {
    const samples = every10s(600, (second) => 200 + second / 10);
    const result = steadyGrowth(samples, 600)!;
    expect(result.firstMedian).toBe(206.5);
    expect(result.lastMedian).toBe(254.5);
    expect(result.growth).toBeCloseTo(48 / 206.5, 6);
  });

  it('compares the halves of a soak shorter than two windows (a quick run’s 30 s)', () => {
    const samples = every10s(30, (second) => [100, 110, 120, 130][second / 10]!);
    const result = steadyGrowth(samples, 30)!;
    expect(result.firstMedian).toBe(110);
    expect(result.lastMedian).toBe(125);
  });

  it('answers nothing without samples under load', () => {
    expect(steadyGrowth([{ second: 0, value: 100 }], 600)).toBeUndefined();
  });
});
