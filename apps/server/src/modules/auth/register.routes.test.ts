import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistration, buildUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { users } from '../../db/schema.js';

const REGISTER = '/api/v1/auth/register';
const USER_KEYS = ['_id', 'avatar', 'createdAt', 'email', 'fullName', 'username'];

describe('POST /api/v1/auth/register', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The per-IP limit is proven in rate-limit.routes.test.ts; here it must not interfere.
    server = await startTestServer({ authRateLimit: { perIp: 10_000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await server.close();
  });

  async function storedUser(email: string) {
    const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  it('creates the account: 201 with the envelope and the public user, never the password or its hash', async () => {
    const body = buildRegistration();
    const response = await server.request('POST', REGISTER, { body });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      message: expect.any(String),
      data: { username: body.username, fullName: body.fullName, email: body.email, avatar: null },
    });
    expect(Object.keys(response.body.data).sort()).toEqual(USER_KEYS);
    expect(response.body.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(response.body.data.createdAt).toISOString()).toBe(response.body.data.createdAt);
    expect(response.text).not.toContain(body.password);
    expect(response.text).not.toMatch(/argon2|password/i);
    // Registering does not sign in.
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('stores an argon2id hash with OWASP parameters (m=19456, t=2, p=1), never the plain password', async () => {
    const body = buildRegistration({ password: 'a-long-secret-99' });
    expect((await server.request('POST', REGISTER, { body })).status).toBe(201);

    const row = await storedUser(body.email);
    expect(row).toBeDefined();
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain(body.password);
  });

  it('trims the email and lower-cases it, so registering it again in other case is a 409', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const first = await server.request('POST', REGISTER, {
      body: buildRegistration({ email: `Bob${suffix}@X.com ` }),
    });
    expect(first.status).toBe(201);
    expect(first.body.data.email).toBe(`bob${suffix}@x.com`);
    expect(await storedUser(`bob${suffix}@x.com`)).toBeDefined();

    const second = await server.request('POST', REGISTER, { body: buildRegistration({ email: `bob${suffix}@x.com` }) });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ success: false, message: 'Email is already registered', code: 'CONFLICT' });

    const third = await server.request('POST', REGISTER, { body: buildRegistration({ email: `  BOB${suffix}@X.COM` }) });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('Email is already registered');
  });

  it('refuses a username taken in any case with 409 "Username is already taken"', async () => {
    const existing = await buildUser(server);
    const response = await server.request('POST', REGISTER, {
      body: buildRegistration({ username: existing.username.toUpperCase() }),
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, message: 'Username is already taken', code: 'CONFLICT' });
  });

  it('says both when the email and the username are taken', async () => {
    const existing = await buildUser(server);
    const response = await server.request('POST', REGISTER, {
      body: buildRegistration({ username: existing.username, email: existing.email }),
    });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('CONFLICT');
    expect(response.body.message).toMatch(/email/i);
    expect(response.body.message).toMatch(/username/i);
  });

  it('trims username and full name before storing them', async () => {
    const plain = buildRegistration();
    const response = await server.request('POST', REGISTER, {
      body: { ...plain, username: `  ${plain.username}  `, fullName: `  ${plain.fullName} ` },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.username).toBe(plain.username);
    expect(response.body.data.fullName).toBe(plain.fullName);
  });

  describe('validation mirrors SPEC section 5 with the same messages', () => {
    const cases: Array<[field: string, value: string, message: string]> = [
      ['username', 'ab', 'Username must be at least 3 characters'],
      ['username', '   ab   ', 'Username must be at least 3 characters'],
      ['fullName', 'Al', 'Full name must be at least 3 characters'],
      ['fullName', '  ', 'Full name must be at least 3 characters'],
      ['email', 'not-an-email', 'Invalid email address'],
      ['email', 'a@b', 'Invalid email address'],
      ['email', 'a b@c.de', 'Invalid email address'],
      ['email', '@example.com', 'Invalid email address'],
      ['password', 'short12', 'Password must be at least 8 characters'],
      ['password', '', 'Password must be at least 8 characters'],
    ];

    it.each(cases)('%s %j → 400 %j', async (field, value, message) => {
      const response = await server.request('POST', REGISTER, { body: buildRegistration({ [field]: value }) });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        message,
        code: 'VALIDATION_ERROR',
        errors: [{ field, message }],
      });
    });

    it('reports every failing field together', async () => {
      const response = await server.request('POST', REGISTER, {
        body: { username: 'ab', fullName: 'Al', email: 'nope', password: 'short' },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'username', message: 'Username must be at least 3 characters' },
          { field: 'fullName', message: 'Full name must be at least 3 characters' },
          { field: 'email', message: 'Invalid email address' },
          { field: 'password', message: 'Password must be at least 8 characters' },
        ]),
      );
      expect(response.body.errors).toHaveLength(4);
      expect(response.body.message).toBe(response.body.errors[0].message);
    });

    it('names every missing field', async () => {
      const response = await server.request('POST', REGISTER, { body: {} });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      const fields = (response.body.errors as Array<{ field: string; message: string }>).map((error) => error.field);
      expect(fields.sort()).toEqual(['email', 'fullName', 'password', 'username']);
      for (const error of response.body.errors) expect(error.message).toEqual(expect.any(String));
    });

    it('treats a missing field alone as a 400 for that field', async () => {
      const { password: _password, ...withoutPassword } = buildRegistration();
      const response = await server.request('POST', REGISTER, { body: withoutPassword });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([{ field: 'password', message: expect.stringMatching(/password/i) }]);
    });

    it('refuses fields of the wrong type with a 400, not a 500', async () => {
      const response = await server.request('POST', REGISTER, {
        body: { username: 123, fullName: ['x'], email: { a: 1 }, password: true },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      const fields = new Set((response.body.errors as Array<{ field: string }>).map((error) => error.field));
      expect([...fields].sort()).toEqual(['email', 'fullName', 'password', 'username']);
    });

    it('does not create the account when validation fails', async () => {
      const body = buildRegistration({ password: 'short' });
      expect((await server.request('POST', REGISTER, { body })).status).toBe(400);
      expect(await storedUser(body.email)).toBeUndefined();
    });
  });

  describe('bad bodies get a 4xx envelope, never a 500', () => {
    const badBodies: Array<[name: string, rawBody: string | undefined, contentType: string | undefined]> = [
      ['malformed JSON', '{"username": "abc", ', 'application/json'],
      ['a JSON string', '"just a string"', 'application/json'],
      ['JSON null', 'null', 'application/json'],
      ['a JSON array', '[1,2,3]', 'application/json'],
      ['an empty JSON body', '', 'application/json'],
      ['no body at all', undefined, undefined],
      ['a __proto__ key', '{"__proto__": {"x": 1}, "username": "abc"}', 'application/json'],
      ['form-encoded', 'username=abc&password=12345678', 'application/x-www-form-urlencoded'],
      ['plain text', 'hello', 'text/plain'],
      ['XML', '<user/>', 'application/xml'],
    ];

    it.each(badBodies)('%s', async (_name, rawBody, contentType) => {
      const response = await server.request('POST', REGISTER, {
        rawBody,
        headers: contentType ? { 'content-type': contentType } : {},
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.body).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
    });

    it('answers malformed JSON with 400', async () => {
      const response = await server.request('POST', REGISTER, {
        rawBody: '{"email": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: expect.stringMatching(/BAD_REQUEST|VALIDATION_ERROR/) });
    });
  });
});
