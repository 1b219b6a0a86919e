import { randomBytes, randomUUID } from 'node:crypto';
import { notificationKinds } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { createUnsubscribeToken, readUnsubscribeToken } from './unsubscribe-tokens.js';

describe('unsubscribe tokens', () => {
  const key = randomBytes(32);
  const userId = randomUUID();

  it('name the person and the kinds they were made for', () => {
    expect(readUnsubscribeToken(key, createUnsubscribeToken(key, userId, ['COMMENT']))).toEqual({ userId, kinds: ['COMMENT'] });
    // A digest's link names every kind it lists, in the contract's order.
    expect(readUnsubscribeToken(key, createUnsubscribeToken(key, userId, ['OVERDUE', 'ASSIGNED', 'COMMENT']))).toEqual({
      userId,
      kinds: ['ASSIGNED', 'COMMENT', 'OVERDUE'],
    });
    expect(readUnsubscribeToken(key, createUnsubscribeToken(key, userId, notificationKinds))?.kinds).toEqual([...notificationKinds]);
  });

  it('cannot be made without the key, nor changed to another person or kind', () => {
    const token = createUnsubscribeToken(key, userId, ['COMMENT']);
    const [version, , mask, signature] = token.split('.') as [string, string, string, string];
    expect(readUnsubscribeToken(randomBytes(32), token)).toBeUndefined();
    expect(readUnsubscribeToken(key, `${version}.${randomUUID()}.${mask}.${signature}`)).toBeUndefined();
    expect(readUnsubscribeToken(key, `${version}.${userId}.ff.${signature}`)).toBeUndefined();
    expect(readUnsubscribeToken(key, `${token}x`)).toBeUndefined();
    expect(readUnsubscribeToken(key, '')).toBeUndefined();
    // A validly signed token naming no kind turns nothing off.
    expect(readUnsubscribeToken(key, createUnsubscribeToken(key, userId, []))).toBeUndefined();
  });
});
