import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOARD_RANK_MAX_LENGTH, BoardRankError, isBoardRank, rankBefore, rankBetween, spreadRanks } from './board-rank.js';

describe('rankBetween', () => {
  it('starts a board at a0 and appends and prepends around it', () => {
    expect(rankBetween(null, null)).toBe('a0');
    expect(rankBetween('a0', null)).toBe('a1');
    expect(rankBetween(null, 'a0')).toBe('Zz');
    expect(rankBetween('az', null)).toBe('b00');
    expect(rankBetween(null, 'b00')).toBe('az');
  });

  it('places a key between two others', () => {
    expect(rankBetween('a0', 'a1')).toBe('a0V');
    expect(rankBetween('a0', 'a2')).toBe('a1');
    expect(rankBetween('a0V', 'a1')).toBe('a0l');
    expect(rankBetween('a0', 'a0V')).toBe('a0G');
  });

  it('places keys among the migration backfill (e + five hexadecimal digits)', () => {
    expect(rankBetween('e00001', 'e00002')).toBe('e00001V');
    expect(rankBetween(null, 'e00001')).toBe('e00000');
    expect(rankBetween('e000ff', null)).toBe('e000fg');
  });

  it('refuses keys out of order or malformed', () => {
    expect(() => rankBetween('a1', 'a0')).toThrow(BoardRankError);
    expect(() => rankBetween('a1', 'a1')).toThrow(BoardRankError);
    expect(() => rankBetween('a10', null)).toThrow(BoardRankError);
    expect(() => rankBetween('!', null)).toThrow(BoardRankError);
    expect(() => rankBetween('b1', null)).toThrow(BoardRankError);
  });

  it('always lands strictly between, for any sequence of inserts', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 200 }), (positions) => {
        const keys: string[] = [];
        for (const position of positions) {
          const index = position % (keys.length + 1);
          const key = rankBetween(keys[index - 1] ?? null, keys[index] ?? null);
          expect(isBoardRank(key)).toBe(true);
          if (index > 0) expect(key > keys[index - 1]!).toBe(true);
          if (index < keys.length) expect(key < keys[index]!).toBe(true);
          keys.splice(index, 0, key);
        }
      }),
    );
  });

  it('keeps keys short when a column only ever grows at one end', () => {
    let top: string | null = null;
    let bottom: string | null = null;
    for (let index = 0; index < 10_000; index += 1) {
      top = rankBetween(null, top);
      bottom = rankBetween(bottom, null);
    }
    expect(top!.length).toBeLessThanOrEqual(4);
    expect(bottom!.length).toBeLessThanOrEqual(4);
  });
});

describe('isBoardRank', () => {
  it.each([
    ['a0', true],
    ['a0V', true],
    ['e00001', true],
    ['Zz', true],
    ['a', false],
    ['a0V0', false],
    ['', false],
    ['a-', false],
    ['A' + '0'.repeat(26), false],
  ])('%j → %j', (key, expected) => {
    expect(isBoardRank(key)).toBe(expected);
  });
});

describe('rankBefore', () => {
  it('is rankBetween(null, first) for a valid first key, and also places a key before one grown past 256 characters', () => {
    expect(rankBefore(null)).toBe('a0');
    expect(rankBefore('a0V')).toBe(rankBetween(null, 'a0V'));
    const grown = `a0${'0'.repeat(255)}1`;
    expect(isBoardRank(grown)).toBe(false);
    const key = rankBefore(grown);
    expect(isBoardRank(key)).toBe(true);
    expect(key < grown).toBe(true);
    expect(() => rankBefore('!')).toThrow(BoardRankError);
  });
});

describe('spreadRanks', () => {
  it('gives short, valid keys in increasing order, evenly spread', () => {
    expect(spreadRanks(0)).toEqual([]);
    expect(spreadRanks(1)).toEqual(['a0V']);
    expect(spreadRanks(3)).toEqual(['a0F', 'a0V', 'a0k']);
    for (const count of [1, 2, 61, 62, 3_843, 3_844, 5_000]) {
      const ranks = spreadRanks(count);
      expect(ranks).toHaveLength(count);
      expect(ranks.filter((rank) => !isBoardRank(rank))).toEqual([]);
      expect(ranks.filter((rank, index) => index > 0 && !(ranks[index - 1]! < rank))).toEqual([]);
      expect(Math.max(...ranks.map((rank) => rank.length))).toBeLessThanOrEqual(count < 3_844 ? 4 : 5);
    }
  });

  it('leaves room for moves before, between and after them', () => {
    const ranks = spreadRanks(10);
    expect(rankBetween(null, ranks[0]!) < ranks[0]!).toBe(true);
    expect(rankBetween(ranks[9]!, null) > ranks[9]!).toBe(true);
    for (let index = 1; index < 10; index += 1) expect(rankBetween(ranks[index - 1]!, ranks[index]!).length).toBeLessThanOrEqual(4);
  });

  it('splitting one gap again and again passes the longest key a move writes only after many moves', () => {
    const [top, under] = spreadRanks(2) as [string, string];
    let key = under;
    let moves = 0;
    while (key.length <= BOARD_RANK_MAX_LENGTH) {
      key = rankBetween(top, key);
      moves += 1;
    }
    expect(moves).toBeGreaterThan(150);
  });
});
