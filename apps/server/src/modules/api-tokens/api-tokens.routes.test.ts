import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { API_TOKEN_PATTERN, apiTokenRefusals } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestEventStream } from '../../../test/event-stream.js';
import { buildCategory, buildProject, buildSignedInAdmin, buildSignedInUser, type SignedInUser } from '../../../test/factories.js';
import { apiOperations } from '../../../test/routes.js';
import { startTestServer, type RequestOptions, type TestServer } from '../../../test/test-server.js';

const TOKENS = '/api/v1/users/me/tokens';
const FOREIGN_ORIGIN = 'https://attacker.example';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

/** A token of `owner`'s, made from their session; the answer's data (with its secret). */
async function makeToken(owner: SignedInUser, body: Record<string, unknown> = {}) {
  const made = await server.request('POST', TOKENS, { cookie: owner.cookie, body: { name: 'Script', scope: 'read-write', ...body } });
  expect(made.status, made.text).toBe(201);
  return made.body.data as { _id: string; name: string; scope: string; token: string; expiresAt: string | null };
}

const bearer = (token: string, options: RequestOptions = {}): RequestOptions => ({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });

function expectRefusal(response: { status: number; body: unknown }, status: number, message?: string) {
  expect(response.status).toBe(status);
  expect(response.body).toMatchObject({ success: false, code: expect.any(String), message: message ?? expect.any(String) });
}

describe('POST /api/v1/users/me/tokens', () => {
  it('makes a token whose secret is shown this once, then listed with its last use but never its secret', async () => {
    const owner = await buildSignedInUser(server);
    const made = await server.request('POST', TOKENS, { cookie: owner.cookie, body: { name: '  Backup script ', scope: 'read' } });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ success: true, message: expect.any(String) });
    const created = made.body.data;
    expect(created).toMatchObject({ _id: expect.any(String), name: 'Backup script', scope: 'read', expiresAt: null, lastUsedAt: null });
    expect(created.token).toMatch(API_TOKEN_PATTERN);

    const listed = await server.request('GET', TOKENS, { cookie: owner.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      { _id: created._id, name: 'Backup script', scope: 'read', createdAt: created.createdAt, expiresAt: null, lastUsedAt: null },
    ]);
    expect(listed.text).not.toContain(created.token);

    expect((await server.request('GET', '/api/v1/todos', bearer(created.token))).status).toBe(200);
    const afterUse = (await server.request('GET', TOKENS, { cookie: owner.cookie })).body.data[0];
    expect(afterUse.lastUsedAt).toEqual(expect.any(String));
    // Written at most once a minute: the next request leaves it as it is.
    expect((await server.request('GET', '/api/v1/todos', bearer(created.token))).status).toBe(200);
    expect((await server.request('GET', TOKENS, { cookie: owner.cookie })).body.data[0].lastUsedAt).toBe(afterUse.lastUsedAt);
  });

  it('stores only a hash of the secret', async () => {
    const owner = await buildSignedInUser(server);
    const { _id, token } = await makeToken(owner);
    const rows = await server.database.db.execute(sql`select token_hash from api_tokens where id = ${_id}`);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(token.slice(3));
  });

  it('takes an expiry: a date is the end of that day (UTC), a timestamp as it is', async () => {
    const owner = await buildSignedInUser(server);
    expect((await makeToken(owner, { expiresAt: '2999-01-31' })).expiresAt).toBe('2999-01-31T23:59:59.999Z');
    expect((await makeToken(owner, { expiresAt: '2999-01-31T17:00:00+02:00' })).expiresAt).toBe('2999-01-31T15:00:00.000Z');
    expect((await makeToken(owner, { expiresAt: null })).expiresAt).toBeNull();
  });

  it('refuses invalid input with the field errors (400)', async () => {
    const owner = await buildSignedInUser(server);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ scope: 'read' }, 'name'],
      [{ name: '   ', scope: 'read' }, 'name'],
      [{ name: 'x'.repeat(101), scope: 'read' }, 'name'],
      [{ name: 'Script' }, 'scope'],
      [{ name: 'Script', scope: 'admin' }, 'scope'],
      [{ name: 'Script', scope: 'read', expiresAt: '2001-01-01' }, 'expiresAt'],
      [{ name: 'Script', scope: 'read', expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ name: 'Script', scope: 'read', expiresAt: 12 }, 'expiresAt'],
    ];
    for (const [body, field] of cases) {
      const response = await server.request('POST', TOKENS, { cookie: owner.cookie, body });
      expectRefusal(response, 400);
      expect(response.body.errors.map((error: { field: string }) => error.field), JSON.stringify(body)).toContain(field);
    }
    expect((await server.request('GET', TOKENS, { cookie: owner.cookie })).body.data).toEqual([]);
  });
});

describe('token management needs a signed-in session', () => {
  it('is 401 signed out', async () => {
    expectRefusal(await server.request('GET', TOKENS), 401);
    expectRefusal(await server.request('POST', TOKENS, { body: { name: 'Script', scope: 'read' } }), 401);
    expectRefusal(await server.request('DELETE', `${TOKENS}/00000000-0000-4000-8000-000000000000`), 401);
  });

  it('is 403 with a token, even a read-write one, so a leaked token cannot mint or revoke tokens', async () => {
    const owner = await buildSignedInUser(server);
    const { _id, token } = await makeToken(owner);
    expectRefusal(await server.request('GET', TOKENS, bearer(token)), 403, apiTokenRefusals.sessionOnly);
    expectRefusal(await server.request('POST', TOKENS, bearer(token, { body: { name: 'Another', scope: 'read-write' } })), 403, apiTokenRefusals.sessionOnly);
    expectRefusal(await server.request('DELETE', `${TOKENS}/${_id}`, bearer(token)), 403, apiTokenRefusals.sessionOnly);
    expect((await server.request('GET', TOKENS, { cookie: owner.cookie })).body.data).toHaveLength(1);
  });
});

describe('DELETE /api/v1/users/me/tokens/{id}', () => {
  it('revokes the token: it is 401 from then on, and gone from the list', async () => {
    const owner = await buildSignedInUser(server);
    const { _id, token } = await makeToken(owner);
    const kept = await makeToken(owner, { name: 'Kept' });
    expect((await server.request('GET', '/api/v1/users/me', bearer(token))).status).toBe(200);
    const revoked = await server.request('DELETE', `${TOKENS}/${_id}`, { cookie: owner.cookie });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body).toMatchObject({ success: true, message: 'API token revoked' });
    expectRefusal(await server.request('GET', '/api/v1/users/me', bearer(token)), 401, apiTokenRefusals.invalid);
    expect((await server.request('GET', TOKENS, { cookie: owner.cookie })).body.data.map((item: { _id: string }) => item._id)).toEqual([kept._id]);
    expectRefusal(await server.request('DELETE', `${TOKENS}/${_id}`, { cookie: owner.cookie }), 404);
  });

  it("is 404 for another person's token, which keeps working; 400 for an id that is not one", async () => {
    const [owner, other] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
    const { _id, token } = await makeToken(owner);
    expectRefusal(await server.request('DELETE', `${TOKENS}/${_id}`, { cookie: other.cookie }), 404);
    expect((await server.request('GET', '/api/v1/users/me', bearer(token))).status).toBe(200);
    expectRefusal(await server.request('DELETE', `${TOKENS}/not-an-id`, { cookie: owner.cookie }), 400);
  });
});

describe('a request with Authorization: Bearer <token>', () => {
  it('acts as its person: GET /users/me answers them as their session does, and names the token', async () => {
    const owner = await buildSignedInUser(server);
    const { _id, token } = await makeToken(owner, { name: 'CI', scope: 'read', expiresAt: '2999-12-31' });
    const bySession = await server.request('GET', '/api/v1/users/me', { cookie: owner.cookie });
    const byToken = await server.request('GET', '/api/v1/users/me', bearer(token));
    expect(byToken.status).toBe(200);
    expect(bySession.body.data.token).toBeUndefined();
    expect(byToken.body.data).toEqual({ ...bySession.body.data, token: { _id, name: 'CI', scope: 'read', expiresAt: '2999-12-31T23:59:59.999Z' } });
  });

  it('reads and writes what its person may, and is refused what they may not', async () => {
    const [owner, stranger] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
    const { token } = await makeToken(owner);
    const category = await buildCategory(server, owner.cookie);
    const created = await server.request('POST', '/api/v1/todos', bearer(token, { body: { title: 'From a script', category: category._id } }));
    expect(created.status, created.text).toBe(201);
    const listed = await server.request('GET', '/api/v1/todos', { cookie: owner.cookie });
    expect(listed.body.todos.map((todo: { title: string }) => todo.title)).toContain('From a script');
    const project = await buildProject(server, stranger.cookie);
    expectRefusal(await server.request('GET', `/api/v1/projects/${project._id}`, bearer(token)), 404);
    // An instance administrator's route: not for this person.
    expectRefusal(await server.request('GET', '/api/v1/admin/users', bearer(token)), 403);
  });

  it("of an administrator reaches the administrator's routes", async () => {
    const admin = await buildSignedInAdmin(server);
    const { token } = await makeToken(admin, { scope: 'read' });
    const response = await server.request('GET', '/api/v1/admin/instance', bearer(token));
    expect(response.status, response.text).toBe(200);
  });

  it('opens the live event stream', async () => {
    const owner = await buildSignedInUser(server);
    const { token } = await makeToken(owner, { scope: 'read' });
    const stream = await openTestEventStream(server.url, undefined, { headers: { authorization: `Bearer ${token}` } });
    stream.close();
    expect(stream.status).toBe(200);
    const refused = await openTestEventStream(server.url, undefined, { headers: { authorization: `Bearer tl_${randomBytes(32).toString('base64url')}` } });
    refused.close();
    expect(refused.status).toBe(401);
  });

  it('is let in by every route that lets a signed-in person in (and the token routes refuse it on purpose)', async () => {
    const owner = await buildSignedInUser(server);
    const { token } = await makeToken(owner);
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const checked: string[] = [];
    for (const operation of apiOperations(server)) {
      const [method, path] = operation.split(' ') as [string, string];
      // The stream never ends (opened with a token above); deleting the account is tested below.
      if (path === '/api/v1/events' || (method === 'DELETE' && path === '/api/v1/users/me')) continue;
      const url = path.replace(/:[A-Za-z]+/g, unknownId);
      if ((await server.request(method, url)).status !== 401) continue;
      const response = await server.request(method, url, bearer(token, { body: method === 'GET' ? undefined : {} }));
      const label = `${operation}: ${response.status} ${response.text.slice(0, 200)}`;
      if (path.startsWith(TOKENS)) expect(response.body?.message, label).toBe(apiTokenRefusals.sessionOnly);
      else expect(response.status, label).not.toBe(401);
      checked.push(operation);
    }
    expect(checked.length).toBeGreaterThan(60);
  });

  it('with a read token: every read works and every write is 403, whatever the route', async () => {
    const owner = await buildSignedInUser(server);
    const { token } = await makeToken(owner, { scope: 'read' });
    const category = await buildCategory(server, owner.cookie);
    expect((await server.request('GET', '/api/v1/todos', bearer(token))).status).toBe(200);
    expect((await server.request('GET', '/api/v1/workspaces', bearer(token))).status).toBe(200);
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/api/v1/todos', { title: 'Nope', category: category._id }],
      ['PUT', '/api/v1/users/me', { fullName: 'Not Changed' }],
      ['DELETE', `/api/v1/categories/${category._id}`, undefined],
      ['POST', '/api/v1/workspaces', { name: 'Nope' }],
      ['DELETE', '/api/v1/users/me/sessions', undefined],
    ];
    for (const [method, path, body] of writes) {
      expectRefusal(await server.request(method, path, bearer(token, { body })), 403, apiTokenRefusals.readOnly);
    }
    const me = await server.request('GET', '/api/v1/users/me', { cookie: owner.cookie });
    expect(me.body.data.fullName).toBe(owner.user.fullName);
  });

  it('needs no origin check, while a cookie from a foreign origin is still refused', async () => {
    const owner = await buildSignedInUser(server);
    const { token } = await makeToken(owner);
    const category = await buildCategory(server, owner.cookie);
    const body = { title: 'Cross-origin', category: category._id };
    const withToken = await server.request('POST', '/api/v1/todos', bearer(token, { body, headers: { origin: FOREIGN_ORIGIN } }));
    expect(withToken.status, withToken.text).toBe(201);
    expectRefusal(await server.request('POST', '/api/v1/todos', { cookie: owner.cookie, body, headers: { origin: FOREIGN_ORIGIN } }), 403);
  });

  it('is the only credential looked at: a bad token is 401 even beside a valid session cookie', async () => {
    const owner = await buildSignedInUser(server);
    const { token } = await makeToken(owner);
    const invalid = [`tl_${randomBytes(32).toString('base64url')}`, 'not-a-token', token.slice(0, -1), `${token}x`, ''];
    for (const value of invalid) {
      expectRefusal(await server.request('GET', '/api/v1/users/me', bearer(value, { cookie: owner.cookie })), 401);
    }
    // A cookie request from a foreign origin cannot pass as a token request with a made-up one.
    const forged = (value: string) =>
      server.request('POST', '/api/v1/workspaces', bearer(value, { cookie: owner.cookie, body: { name: 'Forged' }, headers: { origin: FOREIGN_ORIGIN } }));
    expectRefusal(await forged(`tl_${randomBytes(32).toString('base64url')}`), 401);
    expectRefusal(await forged('not-a-token'), 403);
    expect((await server.request('GET', '/api/v1/workspaces', { cookie: owner.cookie })).body.data).toEqual([]);
    // Another scheme is not ours: the request goes by its cookie.
    const basic = await server.request('GET', '/api/v1/users/me', { cookie: owner.cookie, headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(200);
  });

  it('is 401 once the token has expired', async () => {
    const owner = await buildSignedInUser(server);
    const { _id, token } = await makeToken(owner, { expiresAt: '2999-01-01' });
    expect((await server.request('GET', '/api/v1/users/me', bearer(token))).status).toBe(200);
    await server.database.db.execute(sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${_id}`);
    expectRefusal(await server.request('GET', '/api/v1/users/me', bearer(token)), 401, apiTokenRefusals.invalid);
    // Still listed (its expiry says why it no longer works) until revoked.
    expect((await server.request('GET', TOKENS, { cookie: owner.cookie })).body.data).toHaveLength(1);
  });
});

describe('tokens and the account', () => {
  it('survive a password change', async () => {
    const owner = await buildSignedInUser(server);
    const { token } = await makeToken(owner);
    const changed = await server.request('PUT', '/api/v1/users/me/password', {
      cookie: owner.cookie,
      body: { currentPassword: owner.user.password, newPassword: 'a-brand-new-password-7' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await server.request('GET', '/api/v1/users/me', bearer(token))).status).toBe(200);
  });

  it('are refused while the account is deactivated, and work again once it is reactivated', async () => {
    const admin = await buildSignedInAdmin(server);
    const owner = await buildSignedInUser(server);
    const { token } = await makeToken(owner);
    const deactivate = (deactivated: boolean) =>
      server.request('PUT', `/api/v1/admin/users/${owner.user.id}`, { cookie: admin.cookie, body: { isAdmin: false, deactivated } });
    expect((await deactivate(true)).status).toBe(200);
    expectRefusal(await server.request('GET', '/api/v1/users/me', bearer(token)), 401);
    expect((await deactivate(false)).status).toBe(200);
    expect((await server.request('GET', '/api/v1/users/me', bearer(token))).status).toBe(200);
  });

  it('are in "Export my data" as the list shows them, never with a secret or its hash', async () => {
    const owner = await buildSignedInUser(server);
    const { _id, token } = await makeToken(owner, { name: 'Exported', scope: 'read' });
    const response = await fetch(`${server.url}/api/v1/users/me/export`, { headers: { cookie: owner.cookie } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text).apiTokens).toEqual([expect.objectContaining({ _id, name: 'Exported', scope: 'read', expiresAt: null, lastUsedAt: null })]);
    const rows = await server.database.db.execute(sql`select token_hash from api_tokens where id = ${_id}`);
    const hash = (JSON.stringify(rows).match(/[0-9a-f]{64}/) ?? [''])[0]!;
    expect(hash).toHaveLength(64);
    expect(text).not.toContain(hash);
    expect(text).not.toContain(token.slice(3));
  });

  it('go with the account when it is deleted', async () => {
    const owner = await buildSignedInUser(server);
    const { token } = await makeToken(owner);
    await makeToken(owner, { scope: 'read' });
    const deleted = await server.request('DELETE', '/api/v1/users/me', { cookie: owner.cookie, body: { password: owner.user.password } });
    expect(deleted.status, deleted.text).toBe(200);
    expectRefusal(await server.request('GET', '/api/v1/users/me', bearer(token)), 401);
    const rows = await server.database.db.execute(sql`select count(*)::int as count from api_tokens where user_id = ${owner.user.id}`);
    expect(JSON.stringify(rows)).toContain('"count":0');
  });
});

describe('the API documentation', () => {
  it('names the bearer token as a way to authenticate', async () => {
    const document = (await server.request('GET', '/api/docs/openapi.json')).body;
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/v1/users/me/tokens'].post.responses['201']).toBeDefined();
  });
});

describe('the request log', () => {
  it('never holds a token, in a header or in a URL', async () => {
    const owner = await buildSignedInUser(server);
    const { token } = await makeToken(owner);
    await server.request('GET', '/api/v1/users/me', bearer(token));
    await server.request('GET', `/api/v1/todos?oops=${token}`, bearer(token));
    await server.request('GET', `/api/v1/todos?oops=${token}`);
    expect(server.logs.some((line) => line.includes('/api/v1/todos?oops=tl_[redacted]'))).toBe(true);
    expect(server.logs.filter((line) => line.includes(token.slice(3)))).toEqual([]);
  });
});

describe('the per-token rate limit (API_TOKEN_RATE_LIMIT_PER_TOKEN)', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ apiTokenRateLimit: { perToken: 3, windowMs: 60 * 60_000 } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("cuts one token at its limit with 429 and Retry-After, and leaves other tokens and the person's session alone", async () => {
    const owner = await buildSignedInUser(limited);
    const token = async (name: string) => {
      const made = await limited.request('POST', TOKENS, { cookie: owner.cookie, body: { name, scope: 'read' } });
      expect(made.status).toBe(201);
      return made.body.data.token as string;
    };
    const [first, second] = [await token('First'), await token('Second')];
    for (let index = 0; index < 3; index += 1) expect((await limited.request('GET', '/api/v1/users/me', bearer(first))).status).toBe(200);
    const refused = await limited.request('GET', '/api/v1/users/me', bearer(first));
    expectRefusal(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.request('GET', '/api/v1/users/me', bearer(second))).status).toBe(200);
    expect((await limited.request('GET', '/api/v1/users/me', { cookie: owner.cookie })).status).toBe(200);
  });
});
