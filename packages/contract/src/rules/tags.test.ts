import { describe, expect, it } from 'vitest';
import { formatTags, parseTags } from './tags.js';

describe('parseTags', () => {
  it.each([
    ['a, b,,  c ', ['a', 'b', 'c']],
    ['work', ['work']],
    ['  work  ', ['work']],
    ['', []],
    ['   ', []],
    [',,,', []],
    [' , ,', []],
    ['a,b', ['a', 'b']],
    ['two words, three more words', ['two words', 'three more words']],
    ['a,a', ['a', 'a']],
    ['\tx\n,y', ['x', 'y']],
  ])('%j → %j', (text, expected) => {
    expect(parseTags(text)).toEqual(expected);
  });
});

describe('formatTags', () => {
  it.each([
    [['a', 'b', 'c'], 'a, b, c'],
    [['work'], 'work'],
    [[], ''],
  ])('%j → %j', (tags, expected) => {
    expect(formatTags(tags)).toBe(expected);
  });

  it('round-trips with parseTags', () => {
    const tags = ['home', 'two words', 'x'];
    expect(parseTags(formatTags(tags))).toEqual(tags);
  });
});
