import { describe, expect, it } from 'vitest';
import { decodeBoardCursor, encodeBoardCursor } from './board-cursor.js';

const id = '0b6f3c1e-2a4d-4e8f-9a1b-3c5d7e9f1a2b';

describe('board cursors', () => {
  it('round-trip a rank and an id, URL-safe', () => {
    for (const rank of ['a0', 'Zzz', `a0${'0'.repeat(300)}1`]) {
      const cursor = encodeBoardCursor({ rank, id });
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeBoardCursor(cursor)).toEqual({ rank, id });
    }
  });

  it('refuse what this server did not write', () => {
    const bad = [
      '',
      'not a cursor',
      'abc',
      encodeBoardCursor({ rank: '', id }),
      encodeBoardCursor({ rank: 'a0', id: 'not-an-id' }),
      btoa(JSON.stringify({ rank: 'a0', id })).replace(/=+$/, ''),
      btoa(JSON.stringify(['a0', id, 3])).replace(/=+$/, ''),
      'A'.repeat(3000),
    ];
    for (const text of bad) expect(decodeBoardCursor(text), text).toBeUndefined();
  });
});
