import { describe, expect, it } from 'vitest';
import { formatTaskKey, parseTaskKey, projectKeyCandidates, proposeProjectKey, PROJECT_KEY_PATTERN } from './task-keys.js';

describe('proposeProjectKey', () => {
  it.each([
    ['Web Platform', 'WP'],
    ['Website', 'WEB'],
    ['website', 'WEB'],
    ['  Mobile app (iOS) ', 'MAI'],
    ['Crème brûlée', 'CB'],
    ['Ox', 'OX'],
    ['A Project', 'AP'],
    ['one two three four five six seven', 'OTTFFS'],
    ['Project 3fa2b1', 'PF'],
    ['X', 'PRJ'],
    ['1234', 'PRJ'],
    ['Проект', 'PRJ'],
    ['Q 42', 'PRJ'],
  ])('%s -> %s', (name, key) => {
    expect(proposeProjectKey(name)).toBe(key);
    expect(key).toMatch(PROJECT_KEY_PATTERN);
  });
});

describe('projectKeyCandidates', () => {
  it('starts with the proposal, then the name taken longer, then one and two letters added (up to six)', () => {
    const candidates = projectKeyCandidates('Website');
    expect(candidates.slice(0, 6)).toEqual(['WEB', 'WEBS', 'WEBSI', 'WEBSIT', 'WEBA', 'WEBB']);
    expect(candidates).toContain('WEBZ');
    expect(candidates).toContain('WEBZZ');
  });

  it('are all valid keys and none twice', () => {
    for (const name of ['Web Platform', 'one two three four five six', 'X', 'Website']) {
      const candidates = projectKeyCandidates(name);
      expect(new Set(candidates).size).toBe(candidates.length);
      for (const candidate of candidates) expect(candidate).toMatch(PROJECT_KEY_PATTERN);
      expect(candidates.length).toBeGreaterThan(600);
    }
  });
});

describe('task keys', () => {
  it('format and parse, in any case', () => {
    expect(formatTaskKey('WEB', 42)).toBe('WEB-42');
    expect(parseTaskKey('WEB-42')).toEqual({ projectKey: 'WEB', number: 42 });
    expect(parseTaskKey('web-7')).toEqual({ projectKey: 'WEB', number: 7 });
  });

  it.each(['WEB', 'WEB-', 'WEB-0', 'WEB-042', 'W-1', 'TOOLONG-1', 'WEB-1a', 'WE B-1', '3fa85f64-5717-4562-b3fc-2c963f66afa6'])(
    'refuses %s',
    (text) => expect(parseTaskKey(text)).toBeNull(),
  );
});
