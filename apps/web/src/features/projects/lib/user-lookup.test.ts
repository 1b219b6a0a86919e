import { describe, expect, it } from 'vitest';
import { parseUserLookup } from './user-lookup';

describe('parseUserLookup', () => {
  it('reads an email (trimmed, lower-cased as the server stores it) or a username', () => {
    expect(parseUserLookup('  Ada@Example.COM ')).toEqual({ lookup: { email: 'ada@example.com' } });
    expect(parseUserLookup(' Ada_L ')).toEqual({ lookup: { username: 'Ada_L' } });
  });

  it('refuses what the server would refuse, with its message', () => {
    expect(parseUserLookup('   ')).toEqual({ error: 'Enter an email or a username' });
    expect(parseUserLookup('ada@example')).toEqual({ error: 'Invalid email address' });
    expect(parseUserLookup('ad')).toEqual({ error: 'Username must be at least 3 characters' });
    expect(parseUserLookup('ada lovelace')).toEqual({
      error: 'Username may only contain letters, numbers, dots, underscores and hyphens',
    });
  });
});
