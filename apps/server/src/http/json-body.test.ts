import { describe, expect, it } from 'vitest';
import { containsNul, isNestedDeeperThan } from './json-body.js';

describe('isNestedDeeperThan', () => {
  it.each([
    ['a scalar', '42', 0, false],
    ['one object', '{"a":1}', 1, false],
    ['one object past a limit of 0', '{"a":1}', 0, true],
    ['arrays and objects together', '{"a":[{"b":[1]}]}', 4, false],
    ['arrays and objects together, one level too many', '{"a":[{"b":[[1]]}]}', 4, true],
    ['siblings (depth is not a count)', '[[1],[2],[3],[4],[5]]', 2, false],
    ['brackets in a string', '["[[[[{{{{"]', 1, false],
    ['an escaped quote in a string', '["\\"[[[["]', 1, false],
    ['an escaped backslash ending a string', '["\\\\",[[1]]]', 2, true],
    ['an unterminated deep prefix', '[[[[[[', 5, true],
  ])('%s', (_name, text, limit, expected) => {
    expect(isNestedDeeperThan(text, limit)).toBe(expected);
  });

});

describe('containsNul', () => {
  it.each([
    ['a plain string', 'abc', false],
    ['a backslash and u0000', '\\u0000', false],
    ['U+0000', 'a\u0000', true],
    ['U+0000 deep in an array', [1, ['x', ['\u0000']]], true],
    ['U+0000 in a key', { ['k\u0000']: 1 }, true],
    ['U+0000 in a nested value', { a: { b: 'x\u0000' } }, true],
    ['numbers, booleans and null', { a: 1, b: true, c: null }, false],
  ])('%s', (_name, value, expected) => {
    expect(containsNul(value)).toBe(expected);
  });
});
