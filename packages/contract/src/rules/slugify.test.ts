import { describe, expect, it } from 'vitest';
import { slugify } from './slugify.js';

describe('slugify (SPEC section 5)', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Trim Me  ', 'trim-me'],
    ['UPPER case', 'upper-case'],
    ['Foo & Bar!', 'foo-bar'],
    ['a_b__c--d  e', 'a-b-c-d-e'],
    ['---leading and trailing---', 'leading-and-trailing'],
    ['_under_scored_', 'under-scored'],
    ['tabs\tand\nnewlines', 'tabs-and-newlines'],
    ['Work 2025', 'work-2025'],
    ["It's (almost) done.", 'its-almost-done'],
    ['C++ & C#', 'c-c'],
    ['a - b', 'a-b'],
    ['already-a-slug', 'already-a-slug'],
    ['', ''],
    ['   ', ''],
    ['!!!', ''],
    ['- _ -', ''],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('removes non-ASCII letters, as JavaScript word characters are ASCII only', () => {
    expect(slugify('Café Crème')).toBe('caf-crme');
  });

  it('is idempotent', () => {
    for (const input of ['Hello World', 'Foo & Bar!', '--x__y--', 'Work 2025']) {
      expect(slugify(slugify(input))).toBe(slugify(input));
    }
  });

  it('only ever yields lower-case word characters separated by single hyphens', () => {
    for (const input of ['A!b@c#d', ' x -- y __ z ', 'Mixed_CASE and-Stuff 42']) {
      expect(slugify(input)).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
    }
  });
});
