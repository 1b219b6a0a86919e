import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts at 1 near the beginning', () => {
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 12)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the current page in the middle further in, and ends at the last page', () => {
    expect(pageWindow(4, 12)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(11, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });

  it('clamps a page outside the range and shows nothing without pages', () => {
    expect(pageWindow(40, 6)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(0, 6)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
