import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, buildUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

const USERS = '/api/v1/users';
const USER_KEYS = ['_id', 'avatar', 'createdAt', 'email', 'fullName', 'username'];

describe('GET /api/v1/users', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ authRateLimit: { perIp: 10_000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 401 when signed out', async () => {
    const response = await server.request('GET', USERS);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, message: expect.any(String), code: 'UNAUTHORIZED' });
  });

  it('answers 401 for a garbage cookie', async () => {
    const response = await server.request('GET', USERS, { cookie: 'tasklane_session=nope' });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });

  it('lists every user with the public fields only', async () => {
    const { user: me, cookie } = await buildSignedInUser(server);
    const other = await buildUser(server, { fullName: 'Ada Lovelace' });

    const response = await server.request('GET', USERS, { cookie });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(Array.isArray(response.body.data)).toBe(true);

    for (const item of response.body.data) expect(Object.keys(item).sort()).toEqual(USER_KEYS);
    const byId = new Map<string, any>(response.body.data.map((item: any) => [item._id, item]));
    for (const user of [me, other]) {
      expect(byId.get(user.id)).toEqual({
        _id: user.id,
        username: user.username,
        fullName: user.fullName,
        email: user.email,
        avatar: null,
        createdAt: user.createdAt.toISOString(),
      });
    }
    expect(response.text).not.toMatch(/argon2|password/i);
  });

  it('includes accounts created through register', async () => {
    const { cookie } = await buildSignedInUser(server);
    const registration = {
      username: `listed_${Date.now()}`,
      fullName: 'Listed Person',
      email: `listed_${Date.now()}@example.com`,
      password: 'listed-password-1',
    };
    expect((await server.request('POST', '/api/v1/auth/register', { body: registration })).status).toBe(201);

    const response = await server.request('GET', USERS, { cookie });
    expect(response.body.data).toContainEqual(
      expect.objectContaining({ username: registration.username, email: registration.email }),
    );
    expect(response.text).not.toContain(registration.password);
  });
});
