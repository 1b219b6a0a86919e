import { describe, expect, it } from 'vitest';
import { canDeleteComment, canEditComment } from './comment-rules.js';

describe('comment rules', () => {
  it('only the author edits', () => {
    expect(canEditComment(true)).toBe(true);
    expect(canEditComment(false)).toBe(false);
  });

  it('the author, a MODERATOR or an ADMIN deletes; a MEMBER or VIEWER only their own', () => {
    expect(canDeleteComment('VIEWER', true)).toBe(true);
    expect(canDeleteComment('VIEWER', false)).toBe(false);
    expect(canDeleteComment('MEMBER', false)).toBe(false);
    expect(canDeleteComment('MODERATOR', false)).toBe(true);
    expect(canDeleteComment('ADMIN', false)).toBe(true);
  });
});
