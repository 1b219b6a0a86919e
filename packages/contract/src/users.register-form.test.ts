import { describe, expect, it } from 'vitest';
import { registerFormSchema } from './users.js';

// SPEC.md section 5: "each failure gives its own toast and all are shown together".
describe('registerFormSchema reports every failure at once', () => {
  it('gives all five section 5 messages, in form order, for a form that breaks every rule', () => {
    const result = registerFormSchema.safeParse({
      username: 'ab',
      fullName: 'Al',
      email: 'not-an-email',
      password: 'short',
      confirmPassword: 'different',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['username', 'Username must be at least 3 characters'],
      ['fullName', 'Full name must be at least 3 characters'],
      ['email', 'Invalid email address'],
      ['password', 'Password must be at least 8 characters'],
      ['confirmPassword', 'Passwords do not match'],
    ]);
  });

  it('still reports the mismatch when only the password is too short', () => {
    const result = registerFormSchema.safeParse({
      username: 'ada_l',
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'short',
      confirmPassword: 'shorter',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Password must be at least 8 characters',
      'Passwords do not match',
    ]);
  });

  it('compares the confirmation exactly: case and surrounding spaces count', () => {
    const form = { username: 'ada_l', fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'Engine-1843' };
    for (const confirmPassword of ['engine-1843', 'Engine-1843 ', ' Engine-1843']) {
      const result = registerFormSchema.safeParse({ ...form, confirmPassword });
      expect(result.error?.issues.map((issue) => issue.message), confirmPassword).toEqual(['Passwords do not match']);
    }
    expect(registerFormSchema.safeParse({ ...form, confirmPassword: 'Engine-1843' }).success).toBe(true);
  });
});
