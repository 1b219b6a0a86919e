import { describe, expect, it } from 'vitest';
import { sameTags } from './tags.js';

describe('sameTags', () => {
  it('is true for the same tags in the same order', () => {
    expect(sameTags([], [])).toBe(true);
    expect(sameTags(['a', 'b'], ['a', 'b'])).toBe(true);
  });

  it('counts order, case and length as a change', () => {
    expect(sameTags(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameTags(['a'], ['A'])).toBe(false);
    expect(sameTags(['a'], ['a', 'a'])).toBe(false);
  });
});
