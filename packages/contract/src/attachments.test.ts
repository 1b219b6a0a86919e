import { describe, expect, it } from 'vitest';
import { attachmentDescriptionSchema, formatFileSize } from './attachments.js';

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [64 * 1024, '64 KB'],
    [25 * 1024 * 1024, '25 MB'],
    [2.25 * 1024 * 1024, '2.3 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('%i bytes → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});

describe('attachmentDescriptionSchema', () => {
  it('trims, and reads empty as none', () => {
    expect(attachmentDescriptionSchema.parse('  Signed copy  ')).toBe('Signed copy');
    expect(attachmentDescriptionSchema.parse('   ')).toBeNull();
  });

  it('refuses a NUL character, which the database cannot store', () => {
    expect(attachmentDescriptionSchema.safeParse('a\u0000b').error?.issues[0]?.message).toBe('Description may not contain NUL characters');
  });

  it('refuses more than 1000 characters', () => {
    const result = attachmentDescriptionSchema.safeParse('x'.repeat(1001));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Description must be at most 1000 characters');
  });
});
