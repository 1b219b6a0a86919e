import { describe, expect, it } from 'vitest';
import { readReturnTo, returnToState } from './return-to';

describe('return to', () => {
  it('round-trips the page first asked for, with its query and hash', () => {
    const state = returnToState({ pathname: '/workspaces', search: '?a=1', hash: '#x' });
    expect(readReturnTo(state)).toBe('/workspaces?a=1#x');
  });
  it('falls back to the home page', () => {
    expect(readReturnTo(undefined)).toBe('/');
    expect(readReturnTo(null)).toBe('/');
    expect(readReturnTo({})).toBe('/');
    expect(readReturnTo({ from: 42 })).toBe('/');
  });
  it('refuses other origins and the login page itself', () => {
    expect(readReturnTo({ from: '//evil.example' })).toBe('/');
    expect(readReturnTo({ from: 'https://evil.example' })).toBe('/');
    expect(readReturnTo({ from: '/login' })).toBe('/');
  });
});
