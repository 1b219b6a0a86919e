import { describe, expect, it } from 'vitest';
import { MAX_VISIBLE_TOASTS, toastsOverLimit } from './toast-limit';

const toasts = (count: number, visible = true) =>
  Array.from({ length: count }, (_, index) => ({ id: `t${index}`, visible, createdAt: 1000 + index }));

describe('toastsOverLimit', () => {
  it('keeps up to 20 visible toasts', () => {
    expect(MAX_VISIBLE_TOASTS).toBe(20);
    expect(toastsOverLimit(toasts(20))).toEqual([]);
  });

  it('dismisses the oldest beyond the limit', () => {
    expect(toastsOverLimit(toasts(23))).toEqual(['t2', 't1', 't0']);
  });

  it('does not count toasts that are already leaving', () => {
    expect(toastsOverLimit([...toasts(20), { id: 'gone', visible: false, createdAt: 1 }])).toEqual([]);
  });
});
