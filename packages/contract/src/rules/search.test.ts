import { describe, expect, it } from 'vitest';
import { matchesSearch, matchesTaskSearch, searchPhrase } from './search.js';

const task = { title: 'Fix the Login form', description: 'Users see 50% of errors; snake_case names', tags: ['frontend', 'Q3 release'] };

describe('what a search matches', () => {
  it('matches everything when blank', () => {
    expect(matchesTaskSearch(task, undefined)).toBe(true);
    expect(matchesTaskSearch(task, '   ')).toBe(true);
    expect(searchPhrase('  Login  ')).toBe('login');
  });

  it('finds the phrase in the title, the description or one tag, in any case', () => {
    expect(matchesTaskSearch(task, 'LOGIN')).toBe(true);
    expect(matchesTaskSearch(task, 'errors;')).toBe(true);
    expect(matchesTaskSearch(task, 'FRONT')).toBe(true);
    expect(matchesTaskSearch(task, 'q3 rel')).toBe(true);
  });

  it('needs several words together and in order, not spread over fields', () => {
    expect(matchesTaskSearch(task, 'login form')).toBe(true);
    expect(matchesTaskSearch(task, 'form login')).toBe(false);
    expect(matchesTaskSearch(task, 'login frontend')).toBe(false);
  });

  it('takes % and _ and punctuation literally', () => {
    expect(matchesTaskSearch(task, '50%')).toBe(true);
    expect(matchesTaskSearch(task, '%')).toBe(true);
    expect(matchesTaskSearch({ ...task, description: '' }, '%')).toBe(false);
    expect(matchesTaskSearch(task, 'e_c')).toBe(true);
    expect(matchesTaskSearch(task, 'l_gin')).toBe(false);
    expect(matchesTaskSearch(task, 'login.')).toBe(false);
  });

  it('does not join tags: a phrase lies inside one of them', () => {
    expect(matchesTaskSearch(task, 'frontend q3')).toBe(false);
  });

  it('skips missing fields (a board card has no description)', () => {
    expect(matchesTaskSearch({ title: 'Card', tags: [] }, 'card')).toBe(true);
    expect(matchesSearch([null, undefined, 'Roadmap'], 'map')).toBe(true);
  });
});
