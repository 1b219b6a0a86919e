import { describe, expect, it } from 'vitest';
import { API_TOKEN_PATTERN, createApiTokenBodySchema, createApiTokenFormSchema } from './api-tokens.js';

describe('createApiTokenBodySchema', () => {
  it('trims the name and reads an expiry: a date is the end of that day (UTC), a timestamp its instant, empty or null is never', () => {
    expect(createApiTokenBodySchema.parse({ name: ' CI ', scope: 'read' })).toEqual({ name: 'CI', scope: 'read', expiresAt: null });
    expect(createApiTokenBodySchema.parse({ name: 'CI', scope: 'read-write', expiresAt: '2999-02-01' }).expiresAt).toBe('2999-02-01T23:59:59.999Z');
    expect(createApiTokenBodySchema.parse({ name: 'CI', scope: 'read', expiresAt: '2999-02-01T10:00:00-05:00' }).expiresAt).toBe('2999-02-01T15:00:00.000Z');
    expect(createApiTokenBodySchema.parse({ name: 'CI', scope: 'read', expiresAt: '' }).expiresAt).toBeNull();
    expect(createApiTokenBodySchema.parse({ name: 'CI', scope: 'read', expiresAt: null }).expiresAt).toBeNull();
  });

  it('refuses an empty or long name, another scope, and an expiry in the past or that is not a date', () => {
    const fieldOf = (body: unknown) => createApiTokenBodySchema.safeParse(body).error?.issues[0]?.path[0];
    expect(fieldOf({ name: '  ', scope: 'read' })).toBe('name');
    expect(fieldOf({ name: 'x'.repeat(101), scope: 'read' })).toBe('name');
    expect(fieldOf({ name: 'CI', scope: 'write' })).toBe('scope');
    expect(fieldOf({ name: 'CI', scope: 'read', expiresAt: '2001-01-01' })).toBe('expiresAt');
    expect(fieldOf({ name: 'CI', scope: 'read', expiresAt: 'next week' })).toBe('expiresAt');
    expect(fieldOf({ name: 'CI', scope: 'read', expiresAt: '10000-01-01' })).toBe('expiresAt');
  });
});

describe('the settings form', () => {
  it('takes a date input value or nothing for the expiry', () => {
    expect(createApiTokenFormSchema.safeParse({ name: 'CI', scope: 'read', expiresOn: '' }).success).toBe(true);
    expect(createApiTokenFormSchema.safeParse({ name: 'CI', scope: 'read', expiresOn: '2999-01-01' }).success).toBe(true);
    expect(createApiTokenFormSchema.safeParse({ name: '', scope: 'read', expiresOn: '' }).error?.issues[0]?.message).toBe('Name is required');
  });
});

describe('API_TOKEN_PATTERN', () => {
  it('matches tl_ and 43 base64url characters only', () => {
    expect(API_TOKEN_PATTERN.test(`tl_${'a-_Z9'.repeat(8)}abc`)).toBe(true);
    expect(API_TOKEN_PATTERN.test(`tl_${'a'.repeat(42)}`)).toBe(false);
    expect(API_TOKEN_PATTERN.test(`tl_${'a'.repeat(44)}`)).toBe(false);
    expect(API_TOKEN_PATTERN.test(`xx_${'a'.repeat(43)}`)).toBe(false);
    expect(API_TOKEN_PATTERN.test(`tl_${'a'.repeat(42)}=`)).toBe(false);
  });
});
