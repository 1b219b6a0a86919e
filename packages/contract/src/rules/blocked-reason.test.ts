import { describe, expect, it } from 'vitest';
import { blockedReasonAfter, hasBlockedReason } from './task-rules.js';

describe('a blocked reason only while BLOCKED', () => {
  it('belongs to BLOCKED alone', () => {
    expect(hasBlockedReason('BLOCKED')).toBe(true);
    for (const status of ['TODO', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const) expect(hasBlockedReason(status)).toBe(false);
  });

  it('drops any reason when the task is not BLOCKED', () => {
    expect(blockedReasonAfter('TODO', 'waiting')).toBeNull();
    expect(blockedReasonAfter('IN_PROGRESS', undefined, { status: 'BLOCKED', blockedReason: 'waiting' })).toBeNull();
  });

  it('takes the reason asked for, null included', () => {
    expect(blockedReasonAfter('BLOCKED', 'vendor')).toBe('vendor');
    expect(blockedReasonAfter('BLOCKED', null, { status: 'BLOCKED', blockedReason: 'old' })).toBeNull();
  });

  it('keeps the reason it had when none is asked for, only if it was BLOCKED already', () => {
    expect(blockedReasonAfter('BLOCKED', undefined, { status: 'BLOCKED', blockedReason: 'old' })).toBe('old');
    expect(blockedReasonAfter('BLOCKED', undefined, { status: 'TODO', blockedReason: 'stale' })).toBeNull();
    expect(blockedReasonAfter('BLOCKED', undefined)).toBeNull();
  });
});
