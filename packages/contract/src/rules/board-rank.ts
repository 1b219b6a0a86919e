/**
 * Board ranks: fractional-index keys that order the cards of a board. A key sits between any
 * two others without renumbering anything, so a move writes one row. Keys compare as plain
 * byte strings (the database column is COLLATE "C"; here `<` on strings).
 *
 * A key is an integer part and a fraction. The integer part's first character says its length:
 * 'a'..'z' are 2..27 characters long ('a' plus one digit, 'b' plus two, ...), 'A'..'Z' are the
 * negative side, 27..2 characters long, so appending or prepending again and again grows keys
 * logarithmically. The fraction is base-62 digits without a trailing '0', which leaves room
 * between any two keys. (The scheme of David Greenspan's "Implementing Fractional Indexing".)
 */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ZERO = DIGITS[0]!;
const LAST = DIGITS[DIGITS.length - 1]!;
/** The smallest integer part: nothing can be placed before it. */
const SMALLEST_INTEGER = `A${ZERO.repeat(26)}`;

/**
 * The longest key a move writes. Splitting one gap again and again grows a key by a character
 * every six moves or so; a move whose key would be longer renumbers its column instead
 * (`spreadRanks`), so keys stay short however cards are moved (issue 13 §6).
 */
export const BOARD_RANK_MAX_LENGTH = 32;

export class BoardRankError extends Error {}

function integerLength(head: string): number {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 'a'.charCodeAt(0) + 2;
  if (head >= 'A' && head <= 'Z') return 'Z'.charCodeAt(0) - head.charCodeAt(0) + 2;
  throw new BoardRankError(`invalid rank head: ${head}`);
}

function integerPart(key: string): string {
  const length = integerLength(key[0] ?? '');
  if (length > key.length) throw new BoardRankError(`invalid rank: ${key}`);
  return key.slice(0, length);
}

/** True for a well-formed key: its integer part complete, digits only, no trailing '0'. */
export function isBoardRank(key: string): boolean {
  if (key.length === 0 || key.length > 256 || key === SMALLEST_INTEGER) return false;
  try {
    const integer = integerPart(key);
    for (const char of key.slice(1)) if (!DIGITS.includes(char)) return false;
    return !(key.length > integer.length && key.endsWith(ZERO));
  } catch {
    return false;
  }
}

function assertRank(key: string) {
  if (!isBoardRank(key)) throw new BoardRankError(`invalid rank: ${key}`);
}

/** A fraction strictly between fractions a and b (b null: above every fraction). */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    // Skip the common prefix ('a' is padded with zeros).
    let n = 0;
    while ((a[n] ?? ZERO) === b[n]) n += 1;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const digitA = a ? DIGITS.indexOf(a[0]!) : 0;
  const digitB = b !== null ? DIGITS.indexOf(b[0]!) : DIGITS.length;
  if (digitB - digitA > 1) return DIGITS[Math.round((digitA + digitB) / 2)]!;
  // Adjacent digits: b's first digit alone is between when b goes on; else descend into a.
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return DIGITS[digitA]! + midpoint(a.slice(1), null);
}

function incrementInteger(integer: string): string | null {
  const [head, ...digits] = integer.split('') as [string, ...string[]];
  let carry = true;
  for (let index = digits.length - 1; carry && index >= 0; index -= 1) {
    const next = DIGITS.indexOf(digits[index]!) + 1;
    if (next === DIGITS.length) {
      digits[index] = ZERO;
    } else {
      digits[index] = DIGITS[next]!;
      carry = false;
    }
  }
  if (!carry) return head + digits.join('');
  if (head === 'Z') return `a${ZERO}`;
  if (head === 'z') return null;
  const nextHead = String.fromCharCode(head.charCodeAt(0) + 1);
  if (nextHead > 'a') digits.push(ZERO);
  else digits.pop();
  return nextHead + digits.join('');
}

function decrementInteger(integer: string): string | null {
  const [head, ...digits] = integer.split('') as [string, ...string[]];
  let borrow = true;
  for (let index = digits.length - 1; borrow && index >= 0; index -= 1) {
    const previous = DIGITS.indexOf(digits[index]!) - 1;
    if (previous === -1) {
      digits[index] = LAST;
    } else {
      digits[index] = DIGITS[previous]!;
      borrow = false;
    }
  }
  if (!borrow) return head + digits.join('');
  if (head === 'a') return `Z${LAST}`;
  if (head === 'A') return null;
  const previousHead = String.fromCharCode(head.charCodeAt(0) - 1);
  if (previousHead < 'Z') digits.push(LAST);
  else digits.pop();
  return previousHead + digits.join('');
}

/**
 * A key strictly between `before` and `after` (either may be null: the start or the end of
 * the board). Throws BoardRankError for malformed keys or `before >= after`.
 */
export function rankBetween(before: string | null, after: string | null): string {
  if (before !== null) assertRank(before);
  if (after !== null) assertRank(after);
  if (before !== null && after !== null && before >= after) throw new BoardRankError(`${before} >= ${after}`);
  if (before === null) {
    if (after === null) return `a${ZERO}`;
    const integer = integerPart(after);
    const fraction = after.slice(integer.length);
    if (integer === SMALLEST_INTEGER) return integer + midpoint('', fraction);
    if (integer < after) return integer;
    const previous = decrementInteger(integer);
    if (previous === null) throw new BoardRankError('cannot rank before the first key');
    return previous;
  }
  if (after === null) {
    const integer = integerPart(before);
    const next = incrementInteger(integer);
    return next === null ? integer + midpoint(before.slice(integer.length), null) : next;
  }
  const integerBefore = integerPart(before);
  const integerAfter = integerPart(after);
  if (integerBefore === integerAfter) {
    return integerBefore + midpoint(before.slice(integerBefore.length), after.slice(integerAfter.length));
  }
  const next = incrementInteger(integerBefore);
  if (next === null) throw new BoardRankError('cannot rank after the last key');
  if (next < after) return next;
  return integerBefore + midpoint(before.slice(integerBefore.length), null);
}

/**
 * A key before `first`, the top of a board (null: an empty board), for a new card. Unlike
 * rankBetween it also takes a first key that an older version let grow past 256 characters:
 * a key before its integer part is before it too.
 */
export function rankBefore(first: string | null): string {
  if (first !== null && first.length > 256) {
    try {
      return rankBetween(null, integerPart(first));
    } catch {
      // Not even its integer part is a key: rankBetween says why.
    }
  }
  return rankBetween(null, first);
}

/**
 * `count` keys in increasing order, evenly spread over the fractions of the integer part `a0`
 * (as short as `count` allows: 5 characters for up to 3,843 cards, 6 up to 238,327), so that
 * there is as much room between any two of them, and before the first and after the last.
 * A column is renumbered with these when a move's key would grow past BOARD_RANK_MAX_LENGTH.
 */
export function spreadRanks(count: number): string[] {
  let width = 1;
  while (DIGITS.length ** width < count + 1) width += 1;
  const span = DIGITS.length ** width;
  const ranks: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    let value = Math.floor((index * span) / (count + 1));
    let fraction = '';
    for (let place = 0; place < width; place += 1) {
      fraction = DIGITS[value % DIGITS.length]! + fraction;
      value = Math.floor(value / DIGITS.length);
    }
    // Fixed-width digits keep their order when trailing zeros go (a key never ends in '0').
    ranks.push(`a${ZERO}${fraction.replace(/0+$/, '')}`);
  }
  return ranks;
}
