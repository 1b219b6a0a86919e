import { describe, expect, it } from 'vitest';
import { getInitials } from './initials.js';

describe('getInitials (SPEC section 9: first letters of up to 2 words, uppercase)', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada lovelace', 'AL'],
    ['Ada', 'A'],
    ['john ronald reuel tolkien', 'JR'],
    ['  spaced    out   name ', 'SO'],
    ['tab\tseparated', 'TS'],
    ['émile zola', 'ÉZ'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (input, expected) => {
    expect(getInitials(input)).toBe(expected);
  });

  it('answers an empty string for null and undefined', () => {
    expect(getInitials(null)).toBe('');
    expect(getInitials(undefined)).toBe('');
  });

  it('never yields more than two characters for plain names', () => {
    expect(getInitials('a b c d e f').length).toBe(2);
  });
});
