import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage } from './errors';

afterEach(() => vi.restoreAllMocks());

describe('errorMessage', () => {
  it("prefers the server's message, then the screen's fallback", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = new ApiError({ status: 409, code: 'CONFLICT', serverMessage: 'A category with this slug already exists' });
    expect(errorMessage(refused, 'Failed to create category')).toBe('A category with this slug already exists');
    expect(errorMessage(new ApiError({ status: 500, code: 'UNKNOWN' }), 'Failed to update todo', 'An error occurred')).toBe(
      'Failed to update todo',
    );
    expect(errorMessage(new Error('boom'), 'Failed to delete todo')).toBe('Failed to delete todo');
  });

  it('uses the unreachable message when no answer came back', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = new ApiError({ status: 0, code: 'NETWORK_ERROR' });
    expect(errorMessage(offline, 'Failed to create todo', 'An error occurred while submitting the todo')).toBe(
      'An error occurred while submitting the todo',
    );
    expect(errorMessage(offline, 'Failed to create todo')).toBe('Failed to create todo');
  });
});
