import { describe, expect, it } from 'vitest';
import { emailPattern, loginBodySchema, registerBodySchema, registerFormSchema } from './users.js';

const valid = { username: 'ada_l', fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical1' };

function messagesOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return (result.error?.issues ?? []).map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

describe('registerBodySchema', () => {
  it('accepts a valid registration', () => {
    expect(registerBodySchema.parse(valid)).toEqual(valid);
  });

  it('accepts the minimum lengths: username and full name of 3, password of 8', () => {
    const result = registerBodySchema.safeParse({ ...valid, username: 'abc', fullName: 'Abe', password: '12345678' });
    expect(result.success).toBe(true);
  });

  it.each([
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['username', '  ab  ', 'Username must be at least 3 characters'],
    ['fullName', 'Al', 'Full name must be at least 3 characters'],
    ['fullName', '   Al   ', 'Full name must be at least 3 characters'],
    ['email', 'plainaddress', 'Invalid email address'],
    ['email', 'a@b', 'Invalid email address'],
    ['email', 'a@.', 'Invalid email address'],
    ['email', 'two words@example.com', 'Invalid email address'],
    ['email', 'a@@b.co', 'Invalid email address'],
    ['password', '1234567', 'Password must be at least 8 characters'],
  ])('%s %j → %j', (field, value, message) => {
    const result = registerBodySchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(messagesOf(result)).toEqual([{ field, message }]);
  });

  it('reports all four section 5 messages together', () => {
    const result = registerBodySchema.safeParse({ username: 'a', fullName: 'b', email: 'c', password: 'd' });
    expect(messagesOf(result)).toEqual([
      { field: 'username', message: 'Username must be at least 3 characters' },
      { field: 'fullName', message: 'Full name must be at least 3 characters' },
      { field: 'email', message: 'Invalid email address' },
      { field: 'password', message: 'Password must be at least 8 characters' },
    ]);
  });

  it('names each missing field', () => {
    expect(messagesOf(registerBodySchema.safeParse({}))).toEqual([
      { field: 'username', message: 'Username is required' },
      { field: 'fullName', message: 'Full name is required' },
      { field: 'email', message: 'Email is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('trims username, full name and email, and lower-cases the email', () => {
    const parsed = registerBodySchema.parse({
      ...valid,
      username: '  ada_l ',
      fullName: ' Ada Lovelace  ',
      email: '  Ada@Example.COM ',
    });
    expect(parsed).toEqual({ ...valid, email: 'ada@example.com' });
  });

  it('keeps the password exactly as typed, spaces included', () => {
    expect(registerBodySchema.parse({ ...valid, password: '  spaced pass  ' }).password).toBe('  spaced pass  ');
  });
});

describe('registerFormSchema', () => {
  it("refuses a confirmation that differs with 'Passwords do not match' on confirmPassword", () => {
    const result = registerFormSchema.safeParse({ ...valid, confirmPassword: 'analytical2' });
    expect(result.success).toBe(false);
    expect(messagesOf(result)).toEqual([{ field: 'confirmPassword', message: 'Passwords do not match' }]);
  });

  it('accepts a matching confirmation', () => {
    expect(registerFormSchema.safeParse({ ...valid, confirmPassword: valid.password }).success).toBe(true);
  });
});

describe('loginBodySchema', () => {
  it('trims and lower-cases the email, and keeps the password as typed', () => {
    expect(loginBodySchema.parse({ email: '  Ada@Example.COM ', password: ' pw ' })).toEqual({
      email: 'ada@example.com',
      password: ' pw ',
    });
  });

  it('requires email and password', () => {
    expect(messagesOf(loginBodySchema.safeParse({ email: '', password: '' }))).toEqual([
      { field: 'email', message: 'Email is required' },
      { field: 'password', message: 'Password is required' },
    ]);
    expect(messagesOf(loginBodySchema.safeParse({ email: '   ', password: 'x' }))).toEqual([
      { field: 'email', message: 'Email is required' },
    ]);
    expect(messagesOf(loginBodySchema.safeParse({}))).toEqual([
      { field: 'email', message: 'Email is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });
});

describe('emailPattern (text, at sign, text, dot, text)', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.org', 'x@y.z'])('accepts %j', (email) => {
    expect(emailPattern.test(email)).toBe(true);
  });
  it.each(['', 'a@b', '@b.co', 'a@.co', 'a@b.', 'a b@c.de', 'a@b@c.de'])('refuses %j', (email) => {
    expect(emailPattern.test(email)).toBe(false);
  });
});
