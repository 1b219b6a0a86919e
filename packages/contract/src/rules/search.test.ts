import { describe, expect, it } from 'vitest';
import { matchesSearch, matchesTaskSearch, searchWords } from './search.js';

const task = { title: 'Fix the Login form', description: 'Users see 50% of errors; snake_case names', tags: ['frontend', 'Q3 release'] };

describe('what a search matches', () => {
  it('matches everything when blank', () => {
    expect(matchesTaskSearch(task, undefined)).toBe(true);
    expect(matchesTaskSearch(task, '   ')).toBe(true);
    expect(searchWords('  Login \t FORM ')).toEqual(['login', 'form']);
  });

  it('finds a word in the title, the description or one tag, in any case', () => {
    expect(matchesTaskSearch(task, 'LOGIN')).toBe(true);
    expect(matchesTaskSearch(task, 'errors;')).toBe(true);
    expect(matchesTaskSearch(task, 'FRONT')).toBe(true);
    expect(matchesTaskSearch(task, 'logout')).toBe(false);
  });

  it('wants every word, each wherever it is, in any order', () => {
    expect(matchesTaskSearch(task, 'form login')).toBe(true);
    expect(matchesTaskSearch(task, 'login frontend users')).toBe(true);
    expect(matchesTaskSearch(task, 'login billing')).toBe(false);
  });

  it('takes % and _ and punctuation literally', () => {
    expect(matchesTaskSearch(task, '50%')).toBe(true);
    expect(matchesTaskSearch(task, '%')).toBe(true);
    expect(matchesTaskSearch({ ...task, description: '' }, '%')).toBe(false);
    expect(matchesTaskSearch(task, 'e_c')).toBe(true);
    expect(matchesTaskSearch(task, 'l_gin')).toBe(false);
    expect(matchesTaskSearch(task, 'login.')).toBe(false);
  });

  it('looks for a word inside one tag, not across two', () => {
    expect(matchesTaskSearch(task, 'q3')).toBe(true);
    expect(matchesTaskSearch(task, 'frontendq3')).toBe(false);
  });

  it('skips missing fields (a board card has no description)', () => {
    expect(matchesTaskSearch({ title: 'Card', tags: [] }, 'card')).toBe(true);
    expect(matchesSearch([null, undefined, 'Roadmap'], 'map')).toBe(true);
  });
});
