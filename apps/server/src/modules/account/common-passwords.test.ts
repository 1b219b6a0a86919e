import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.js';

describe('isCommonPassword', () => {
  it('knows the usual suspects, whatever their case', async () => {
    for (const password of ['password', 'password1', 'Password123', 'qwertyuiop', '12345678', 'iloveyou']) {
      expect(await isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets an unpredictable password through', async () => {
    for (const password of ['correct-horse-42', 'Tr0ub4dor&3-lane', 'violet kettle orbit']) {
      expect(await isCommonPassword(password), password).toBe(false);
    }
  });
});
