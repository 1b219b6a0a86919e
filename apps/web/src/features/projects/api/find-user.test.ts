import { afterEach, describe, expect, it, vi } from 'vitest';
import { findUser } from './find-user';

afterEach(() => vi.unstubAllGlobals());

describe('findUser', () => {
  it('looks the user up by the query string of the lookup', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, data: [] }), { status: 200 })));
    await expect(findUser({ email: 'a+b@example.com' })).resolves.toBeNull();
    await findUser({ username: 'ada.l' });
    expect(vi.mocked(fetch).mock.calls.map(([path]) => path)).toEqual(['/api/v1/users?email=a%2Bb%40example.com', '/api/v1/users?username=ada.l']);
  });
});
