import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, DEFAULT_NOTIFICATION_DELIVERY } from '@tasklane/contract';
import {
  buildCategory,
  buildComment,
  buildFeature,
  buildProject,
  buildSignedInUser,
  buildTask,
  buildTodo,
  buildUser,
  buildWorkspace,
  DEFAULT_PASSWORD,
  signIn,
  tokenFromCookie,
} from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';
import { sessionCookieFrom, startTestServer, type TestServer } from '../../../test/test-server.js';
import { rowsOf } from './account.repo.js';

const ME = '/api/v1/users/me';
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a tiny png body')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg body')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 body')]);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    authRateLimit: { perIp: 100_000, windowMs: 60_000 },
    loginFailures: { max: 100_000, maxPerIp: 100_000, windowMs: 60_000 },
  });
});
afterAll(async () => {
  await server.close();
});

const expectError = (response: { status: number; body: unknown; text: string }, status: number) => {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
};
const fieldsOf = (body: { errors?: Array<{ field: string }> }) => (body.errors ?? []).map((error) => error.field);

async function loginAs(user: { email: string; password: string }, userAgent?: string) {
  const response = await server.request('POST', '/api/v1/auth/login', {
    body: { email: user.email, password: user.password },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  expect(response.status, response.text).toBe(200);
  return sessionCookieFrom(response);
}

function uploadAvatar(cookie: string | undefined, parts: Parameters<typeof multipartBody>[0]) {
  const upload = multipartBody(parts);
  return server.request('PUT', `${ME}/avatar`, { cookie, rawBody: upload.body, headers: { 'content-type': upload.contentType } });
}

describe('PUT /api/v1/users/me: the profile', () => {
  it('changes the full name, username and email, answering the updated me', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    const username = `renamed_${Date.now()}`;
    const response = await server.request('PUT', ME, {
      cookie,
      body: { fullName: '  Ada Lovelace ', username, email: ` ${username.toUpperCase()}@Example.com` },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: expect.any(String),
      data: {
        _id: user.id,
        fullName: 'Ada Lovelace',
        username,
        email: `${username}@example.com`,
        avatar: null,
        createdAt: user.createdAt.toISOString(),
        isAdmin: false,
        twoFactorEnabled: false,
        timeZone: null,
        preferences: { todosLayout: 'cards', tasksLayout: 'cards' },
      },
    });
    expect((await server.request('GET', ME, { cookie })).body.data.fullName).toBe('Ada Lovelace');
    // The new email signs in; the old one no longer does.
    await loginAs({ email: `${username}@example.com`, password: user.password });
    expect((await server.request('POST', '/api/v1/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(401);
  });

  it('a field left out stays as it was; sending back your own email and username is no conflict', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    const response = await server.request('PUT', ME, { cookie, body: { fullName: 'Only The Name', email: user.email, username: user.username.toUpperCase() } });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ fullName: 'Only The Name', email: user.email, username: user.username.toUpperCase() });
  });

  it('validates each field as registration does', async () => {
    const { cookie } = await buildSignedInUser(server);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ fullName: 'ab' }, 'fullName', 'Full name must be at least 3 characters'],
      [{ username: 'a b' }, 'username', 'Username may only contain letters, numbers, dots, underscores and hyphens'],
      [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
      [{ email: 42 }, 'email', expect.any(String)],
    ];
    for (const [body, field, message] of cases) {
      const response = await server.request('PUT', ME, { cookie, body });
      expectError(response, 400);
      expect(response.body.errors, JSON.stringify(body)).toContainEqual({ field, message });
    }
  });

  it('refuses an email or username someone else has with 409 and the registration messages', async () => {
    const other = await buildUser(server);
    const { cookie } = await buildSignedInUser(server);
    const email = await server.request('PUT', ME, { cookie, body: { email: other.email.toUpperCase() } });
    expectError(email, 409);
    expect(email.body.message).toBe('Email is already registered');
    const username = await server.request('PUT', ME, { cookie, body: { username: other.username.toUpperCase() } });
    expectError(username, 409);
    expect(username.body.message).toBe('Username is already taken');
    const both = await server.request('PUT', ME, { cookie, body: { username: other.username, email: other.email } });
    expect(both.body.message).toBe('Email is already registered and username is already taken');
  });

  it('answers 401 when signed out', async () => {
    expectError(await server.request('PUT', ME, { body: { fullName: 'Nobody Here' } }), 401);
  });
});

describe('the time zone (PUT /api/v1/users/me)', () => {
  it('is null until chosen; PUT sets it alone, in its usual spelling, and GET answers it', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    expect((await server.request('GET', ME, { cookie })).body.data.timeZone).toBeNull();
    const set = await server.request('PUT', ME, { cookie, body: { timeZone: 'Pacific/Auckland' } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data).toMatchObject({ timeZone: 'Pacific/Auckland', fullName: user.fullName, email: user.email });
    expect((await server.request('GET', ME, { cookie })).body.data.timeZone).toBe('Pacific/Auckland');
    const respelled = await server.request('PUT', ME, { cookie, body: { timeZone: 'america/new_york' } });
    expect(respelled.body.data.timeZone).toBe('America/New_York');
    // A profile change leaves it as it is.
    expect((await server.request('PUT', ME, { cookie, body: { fullName: 'Still In New York' } })).body.data.timeZone).toBe('America/New_York');
  });

  it('refuses what is not a time zone name with 400 on its field, and keeps the one it had', async () => {
    const { cookie } = await buildSignedInUser(server);
    await server.request('PUT', ME, { cookie, body: { timeZone: 'Europe/Paris' } });
    for (const timeZone of ['Mars/Olympus_Mons', '+02:00', '', 'Europe/Paris\n', 42]) {
      const response = await server.request('PUT', ME, { cookie, body: { timeZone } });
      expectError(response, 400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.errors, JSON.stringify(timeZone)).toContainEqual({ field: 'timeZone', message: 'Time zone must be a time zone name such as Europe/Paris' });
    }
    expect((await server.request('GET', ME, { cookie })).body.data.timeZone).toBe('Europe/Paris');
  });

  it('takes back the answer it gave (null clears the zone: UTC until one is chosen again)', async () => {
    const { cookie } = await buildSignedInUser(server);
    await server.request('PUT', ME, { cookie, body: { timeZone: 'Asia/Tokyo' } });
    const me = (await server.request('GET', ME, { cookie })).body.data;
    const sentBack = await server.request('PUT', ME, { cookie, body: me });
    expect(sentBack.status, sentBack.text).toBe(200);
    expect(sentBack.body.data).toEqual(me);
    const cleared = await server.request('PUT', ME, { cookie, body: { timeZone: null } });
    expect(cleared.body.data.timeZone).toBeNull();
  });
});

describe('display preferences (PUT /api/v1/users/me, issue 18)', () => {
  const DEFAULTS = { todosLayout: 'cards', tasksLayout: 'cards' };

  it('are the defaults until chosen; PUT changes the one sent, keeps the other, and GET answers both', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    expect((await server.request('GET', ME, { cookie })).body.data.preferences).toEqual(DEFAULTS);
    const set = await server.request('PUT', ME, { cookie, body: { preferences: { todosLayout: 'list' } } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data).toMatchObject({ preferences: { todosLayout: 'list', tasksLayout: 'cards' }, fullName: user.fullName, email: user.email });
    await server.request('PUT', ME, { cookie, body: { preferences: { tasksLayout: 'list' } } });
    expect((await server.request('GET', ME, { cookie })).body.data.preferences).toEqual({ todosLayout: 'list', tasksLayout: 'list' });
    // A profile change, and a client that knows nothing of preferences, leave them as they are.
    const renamed = await server.request('PUT', ME, { cookie, body: { fullName: 'Still Listing' } });
    expect(renamed.body.data.preferences).toEqual({ todosLayout: 'list', tasksLayout: 'list' });
    const back = await server.request('PUT', ME, { cookie, body: { preferences: { todosLayout: 'cards' } } });
    expect(back.body.data.preferences).toEqual({ todosLayout: 'cards', tasksLayout: 'list' });
  });

  it('refuses what is not a layout, or not an object, with 400 on its field, and keeps what it had', async () => {
    const { cookie } = await buildSignedInUser(server);
    await server.request('PUT', ME, { cookie, body: { preferences: { todosLayout: 'list' } } });
    const cases: Array<[unknown, string, string]> = [
      [{ todosLayout: 'grid' }, 'preferences.todosLayout', 'Layout must be cards or list'],
      [{ tasksLayout: 'LIST' }, 'preferences.tasksLayout', 'Layout must be cards or list'],
      [{ todosLayout: null }, 'preferences.todosLayout', 'Layout must be cards or list'],
      ['list', 'preferences', 'Preferences must be an object'],
      [['list'], 'preferences', 'Preferences must be an object'],
      [null, 'preferences', 'Preferences must be an object'],
    ];
    for (const [preferences, field, message] of cases) {
      const response = await server.request('PUT', ME, { cookie, body: { preferences } });
      expectError(response, 400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.errors, JSON.stringify(preferences)).toContainEqual({ field, message });
    }
    expect((await server.request('GET', ME, { cookie })).body.data.preferences).toEqual({ todosLayout: 'list', tasksLayout: 'cards' });
  });

  it("are the account's own: another person's answer keeps the defaults, and no other user object carries them", async () => {
    const chooser = await buildSignedInUser(server);
    const other = await buildSignedInUser(server);
    await server.request('PUT', ME, { cookie: chooser.cookie, body: { preferences: { todosLayout: 'list', tasksLayout: 'list' } } });
    expect((await server.request('GET', ME, { cookie: other.cookie })).body.data.preferences).toEqual(DEFAULTS);
    // Looked up by email, the chooser is shown without their preferences.
    const found = await server.request('GET', `/api/v1/users?email=${encodeURIComponent(chooser.user.email)}`, { cookie: other.cookie });
    expect(found.status, found.text).toBe(200);
    expect(found.text).toContain(chooser.user.id);
    expect(found.text).not.toContain('preferences');
    expect(found.text).not.toContain('Layout');
  });

  it('takes back the answer it gave', async () => {
    const { cookie } = await buildSignedInUser(server);
    await server.request('PUT', ME, { cookie, body: { preferences: { tasksLayout: 'list' } } });
    const me = (await server.request('GET', ME, { cookie })).body.data;
    const sentBack = await server.request('PUT', ME, { cookie, body: me });
    expect(sentBack.status, sentBack.text).toBe(200);
    expect(sentBack.body.data).toEqual(me);
  });
});

describe('the avatar', () => {
  it('uploads a PNG, names its versioned URL in the user, and serves it to signed-in users with caching headers', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    const response = await uploadAvatar(cookie, [{ field: 'avatar', fileName: 'me.png', content: PNG, contentType: 'image/png' }]);
    expect(response.status, response.text).toBe(200);
    const url: string = response.body.data.avatar;
    expect(url).toMatch(new RegExp(`^/api/v1/users/${user.id}/avatar\\?v=[0-9a-f]{12}$`));
    expect((await server.request('GET', ME, { cookie })).body.data.avatar).toBe(url);

    const viewer = await buildSignedInUser(server);
    const image = await fetch(`${server.url}${url}`, { headers: { cookie: viewer.cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);

    // A new upload gets a new URL; the old version is no longer cached for good.
    const again = await uploadAvatar(cookie, [{ field: 'file', fileName: 'me.jpg', content: JPEG, contentType: 'image/jpeg' }]);
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.avatar).not.toBe(url);
    const stale = await fetch(`${server.url}${url}`, { headers: { cookie: viewer.cookie } });
    expect(stale.headers.get('content-type')).toBe('image/jpeg');
    expect(stale.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('shows the avatar where the user appears: in the users list and on comments', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    const url = (await uploadAvatar(cookie, [{ field: 'avatar', fileName: 'a.webp', content: WEBP, contentType: 'image/webp' }])).body.data.avatar;
    expect(url).toEqual(expect.any(String));
    const project = await buildProject(server, cookie);
    const feature = await buildFeature(server, cookie, project._id);
    const task = await buildTask(server, cookie, feature._id);
    await buildComment(server, cookie, task._id);
    const comments = await server.request('GET', `/api/v1/tasks/${task._id}/comments`, { cookie });
    expect(comments.body.data[0].userId).toMatchObject({ _id: user.id, avatar: url });
  });

  it('checks the bytes, not the declared type: 415 for a text file named and declared as a PNG', async () => {
    const { cookie } = await buildSignedInUser(server);
    const response = await uploadAvatar(cookie, [{ field: 'avatar', fileName: 'me.png', content: 'not an image at all', contentType: 'image/png' }]);
    expectError(response, 415);
    expect(response.body.message).toBe('The avatar must be a PNG, JPEG or WebP image');
    const gif = await uploadAvatar(cookie, [{ field: 'avatar', fileName: 'me.gif', content: 'GIF89a....', contentType: 'image/gif' }]);
    expectError(gif, 415);
    const svgAsPng = await uploadAvatar(cookie, [{ field: 'avatar', fileName: 'me.svg', content: PNG, contentType: 'image/svg+xml' }]);
    expectError(svgAsPng, 415);
  });

  it('refuses more than 2 MB with 413, nothing with 400, two files with 400, and a JSON body with 415', async () => {
    const { cookie } = await buildSignedInUser(server);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await uploadAvatar(cookie, [{ field: 'avatar', fileName: 'big.png', content: big, contentType: 'image/png' }]);
    expectError(tooLarge, 413);
    expect(tooLarge.body.message).toBe('The avatar may be at most 2 MB');
    expectError(await uploadAvatar(cookie, [{ field: 'note', value: 'no file' }]), 400);
    const two = await uploadAvatar(cookie, [
      { field: 'avatar', fileName: 'a.png', content: PNG, contentType: 'image/png' },
      { field: 'avatar', fileName: 'b.png', content: PNG, contentType: 'image/png' },
    ]);
    expectError(two, 400);
    expectError(await server.request('PUT', `${ME}/avatar`, { cookie, body: { avatar: 'x' } }), 415);
    expect((await server.request('GET', ME, { cookie })).body.data.avatar).toBeNull();
  });

  it('DELETE removes it: the user shows initials again and the image is gone', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    await uploadAvatar(cookie, [{ field: 'avatar', fileName: 'me.png', content: PNG, contentType: 'image/png' }]);
    const response = await server.request('DELETE', `${ME}/avatar`, { cookie });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.avatar).toBeNull();
    expectError(await server.request('GET', `/api/v1/users/${user.id}/avatar`, { cookie }), 404);
  });

  it('answers 401 signed out, 404 for a user without one, 400 for a bad id', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    expectError(await server.request('GET', `/api/v1/users/${user.id}/avatar`), 401);
    expectError(await uploadAvatar(undefined, [{ field: 'avatar', fileName: 'me.png', content: PNG, contentType: 'image/png' }]), 401);
    expectError(await server.request('DELETE', `${ME}/avatar`), 401);
    expectError(await server.request('GET', `/api/v1/users/${user.id}/avatar`, { cookie }), 404);
    expectError(await server.request('GET', '/api/v1/users/not-a-uuid/avatar', { cookie }), 400);
  });
});

describe('PUT /api/v1/users/me/password', () => {
  it('changes it: every other session ends, this one stays, and only the new password signs in', async () => {
    const user = await buildUser(server);
    const here = await loginAs(user);
    const elsewhere = await loginAs(user);
    const newPassword = 'violet-kettle-orbit-7';
    const response = await server.request('PUT', `${ME}/password`, { cookie: here, body: { currentPassword: user.password, newPassword } });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String) });
    expect((await server.request('GET', ME, { cookie: here })).status).toBe(200);
    expectError(await server.request('GET', ME, { cookie: elsewhere }), 401);
    expect((await server.request('POST', '/api/v1/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(401);
    await loginAs({ email: user.email, password: newPassword });
  });

  it('a wrong current password is 400 on its field and signs nobody out', async () => {
    const user = await buildUser(server);
    const here = await loginAs(user);
    const elsewhere = await loginAs(user);
    const response = await server.request('PUT', `${ME}/password`, {
      cookie: here,
      body: { currentPassword: 'not-my-password', newPassword: 'violet-kettle-orbit-7' },
    });
    expectError(response, 400);
    expect(response.body.errors).toEqual([{ field: 'currentPassword', message: 'Current password is incorrect' }]);
    expect((await server.request('GET', ME, { cookie: here })).status).toBe(200);
    expect((await server.request('GET', ME, { cookie: elsewhere })).status).toBe(200);
  });

  it('refuses a common password with a clear message, and a short one by the registration rule', async () => {
    const user = await buildUser(server);
    const cookie = await loginAs(user);
    for (const newPassword of ['password123', 'Password1', 'qwertyuiop']) {
      const response = await server.request('PUT', `${ME}/password`, { cookie, body: { currentPassword: user.password, newPassword } });
      expectError(response, 400);
      expect(response.body.message, newPassword).toBe(COMMON_PASSWORD_MESSAGE);
      expect(response.body.errors).toEqual([{ field: 'newPassword', message: COMMON_PASSWORD_MESSAGE }]);
    }
    const short = await server.request('PUT', `${ME}/password`, { cookie, body: { currentPassword: user.password, newPassword: 'short' } });
    expectError(short, 400);
    expect(short.body.errors).toContainEqual({ field: 'newPassword', message: 'Password must be at least 8 characters' });
    const missing = await server.request('PUT', `${ME}/password`, { cookie, body: {} });
    expect(fieldsOf(missing.body).sort()).toEqual(['currentPassword', 'newPassword']);
    // Still the old password.
    await loginAs(user);
  });

  it('answers 401 when signed out', async () => {
    expectError(await server.request('PUT', `${ME}/password`, { body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'violet-kettle-orbit-7' } }), 401);
  });
});

describe('sessions', () => {
  const storedKey = (cookie: string) => createHash('sha256').update(tokenFromCookie(cookie)).digest('hex');

  it('lists where the account is signed in: created, last seen, address, browser and system, and which one is this', async () => {
    const user = await buildUser(server);
    const chrome = await loginAs(user, CHROME_ON_WINDOWS);
    const firefox = await loginAs(user, FIREFOX_ON_LINUX);
    const response = await server.request('GET', `${ME}/sessions`, { cookie: firefox });
    expect(response.status, response.text).toBe(200);
    expect(response.body.success).toBe(true);
    const sessions = response.body.data as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual(['_id', 'browser', 'clientIp', 'createdAt', 'current', 'lastSeenAt', 'os']);
      expect(session.clientIp).toEqual(expect.stringMatching(/127\.0\.0\.1|::1/));
      expect(Number.isNaN(Date.parse(String(session.createdAt)))).toBe(false);
      expect(Number.isNaN(Date.parse(String(session.lastSeenAt)))).toBe(false);
    }
    const current = sessions.find((session) => session.current)!;
    const other = sessions.find((session) => !session.current)!;
    expect(current).toMatchObject({ browser: 'Firefox 133', os: 'Linux' });
    expect(other).toMatchObject({ browser: 'Chrome 131', os: 'Windows 10' });
    // The id names the session without being able to sign in: neither the token nor its stored hash.
    for (const cookie of [chrome, firefox]) {
      expect(response.text).not.toContain(tokenFromCookie(cookie));
      expect(response.text).not.toContain(storedKey(cookie));
    }
    expectError(await server.request('GET', ME, { cookie: `tasklane_session=${String(other._id)}` }), 401);
  });

  it('DELETE /users/me/sessions/{id} ends one of yours; another account\'s session id is 404', async () => {
    const user = await buildUser(server);
    const here = await loginAs(user);
    const there = await loginAs(user);
    const stranger = await buildSignedInUser(server);
    const strangerSessions = (await server.request('GET', `${ME}/sessions`, { cookie: stranger.cookie })).body.data;
    const notMine = await server.request('DELETE', `${ME}/sessions/${strangerSessions[0]._id}`, { cookie: here });
    expectError(notMine, 404);
    expect((await server.request('GET', ME, { cookie: stranger.cookie })).status).toBe(200);

    const sessions = (await server.request('GET', `${ME}/sessions`, { cookie: here })).body.data;
    const target = sessions.find((session: { current: boolean }) => !session.current);
    const response = await server.request('DELETE', `${ME}/sessions/${target._id}`, { cookie: here });
    expect(response.status, response.text).toBe(200);
    expectError(await server.request('GET', ME, { cookie: there }), 401);
    expect((await server.request('GET', ME, { cookie: here })).status).toBe(200);
    expectError(await server.request('DELETE', `${ME}/sessions/${target._id}`, { cookie: here }), 404);
    expectError(await server.request('DELETE', `${ME}/sessions/not-an-id`, { cookie: here }), 400);
  });

  it('DELETE /users/me/sessions ends all but this one', async () => {
    const user = await buildUser(server);
    const here = await loginAs(user);
    const others = [await loginAs(user), await loginAs(user)];
    const response = await server.request('DELETE', `${ME}/sessions`, { cookie: here });
    expect(response.status, response.text).toBe(200);
    for (const cookie of others) expectError(await server.request('GET', ME, { cookie }), 401);
    const left = (await server.request('GET', `${ME}/sessions`, { cookie: here })).body.data;
    expect(left).toEqual([expect.objectContaining({ current: true })]);
  });

  it('keeps last seen fresh: a session seen over a minute ago is marked seen by its next request, and its user too', async () => {
    const user = await buildUser(server);
    const cookie = await loginAs(user);
    await server.database.db.execute(sql`update sessions set last_seen_at = now() - interval '2 hours' where id = ${storedKey(cookie)}`);
    expect((await server.request('GET', ME, { cookie })).status).toBe(200);
    const result = await server.database.db.execute(
      sql`select s.last_seen_at > now() - interval '1 minute' as session_fresh, u.last_seen_at > now() - interval '1 minute' as user_fresh
          from sessions s join users u on u.id = s.user_id where s.id = ${storedKey(cookie)}`,
    );
    expect(rowsOf(result)).toEqual([{ session_fresh: true, user_fresh: true }]);
  });

  it('answers 401 when signed out', async () => {
    expectError(await server.request('GET', `${ME}/sessions`), 401);
    expectError(await server.request('DELETE', `${ME}/sessions`), 401);
    expectError(await server.request('DELETE', `${ME}/sessions/${'0'.repeat(32)}`), 401);
  });
});

describe('DELETE /api/v1/users/me: delete my account', () => {
  it('needs the password: a wrong one is 400 and deletes nothing', async () => {
    const { cookie } = await buildSignedInUser(server);
    const response = await server.request('DELETE', ME, { cookie, body: { password: 'not-my-password' } });
    expectError(response, 400);
    expect(response.body.errors).toEqual([{ field: 'password', message: 'Password is incorrect' }]);
    expect((await server.request('GET', ME, { cookie })).status).toBe(200);
    expectError(await server.request('DELETE', ME, { cookie, body: {} }), 400);
  });

  it('is refused with 409 and the projects named while the user is the last ADMIN of a project others use', async () => {
    const owner = await buildSignedInUser(server);
    const member = await buildSignedInUser(server);
    const shared = await buildProject(server, owner.cookie, { name: 'Apollo', members: [{ userId: member.user.id, role: 'MEMBER' }] });
    await buildProject(server, owner.cookie, { name: 'Solo' });
    const response = await server.request('DELETE', ME, { cookie: owner.cookie, body: { password: owner.user.password } });
    expectError(response, 409);
    expect(response.body.message).toContain('Apollo');
    expect(response.body.message).not.toContain('Solo');
    expect(response.body.errors).toEqual([{ field: 'projects', message: 'Apollo' }]);
    expect((await server.request('GET', ME, { cookie: owner.cookie })).status).toBe(200);
    expect((await server.request('GET', `/api/v1/projects/${shared._id}`, { cookie: member.cookie })).status).toBe(200);
  });

  it('deletes it: signed out everywhere, todos and categories gone, tasks, comments and history kept by "Deleted user"', async () => {
    const owner = await buildSignedInUser(server);
    const leaver = await buildSignedInUser(server, { fullName: 'Leaving Person' });
    const otherSession = await signIn(server, leaver.user);
    const project = await buildProject(server, owner.cookie, { members: [{ userId: leaver.user.id, role: 'ADMIN' }] });
    const feature = await buildFeature(server, owner.cookie, project._id);
    const task = await buildTask(server, leaver.cookie, feature._id, { assigneeId: leaver.user.id });
    await buildComment(server, leaver.cookie, task._id, 'Parting words');
    const category = await buildCategory(server, leaver.cookie);
    const todo = await buildTodo(server, leaver.cookie, { category: category._id });
    // A workspace only the leaver uses goes with them.
    const ownSpace = await buildWorkspace(server, leaver.cookie);
    await buildProject(server, leaver.cookie, { workspaceId: ownSpace._id, name: 'Private' });
    expect((await server.request('PUT', '/api/v1/users/me/notification-settings', { cookie: leaver.cookie, body: { kinds: { COMMENT: 'EMAIL' } } })).status).toBe(200);

    const response = await server.request('DELETE', ME, { cookie: leaver.cookie, body: { password: leaver.user.password } });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/tasklane_session=;/);
    for (const cookie of [leaver.cookie, otherSession]) expectError(await server.request('GET', ME, { cookie }), 401);
    expect((await server.request('POST', '/api/v1/auth/login', { body: { email: leaver.user.email, password: leaver.user.password } })).status).toBe(401);

    const comments = await server.request('GET', `/api/v1/tasks/${task._id}/comments`, { cookie: owner.cookie });
    expect(comments.body.data[0]).toMatchObject({ comment: 'Parting words', userId: { _id: leaver.user.id, fullName: 'Deleted user', avatar: null } });
    expect(comments.text).not.toContain(leaver.user.email);
    const detail = await server.request('GET', `/api/v1/tasks/${task._id}?projectId=${project._id}`, { cookie: owner.cookie });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data.assigneeId).toMatchObject({ _id: leaver.user.id, fullName: 'Deleted user' });
    expect(detail.body.data.createdBy).toMatchObject({ fullName: 'Deleted user' });
    expect(JSON.stringify(detail.body.data.history)).toContain('Deleted user');
    expect(detail.text).not.toContain('Leaving Person');

    const leftovers = await server.database.db.execute(sql`
      select (select count(*)::int from todos where id = ${todo._id}) as todos,
             (select count(*)::int from categories where id = ${category._id}) as categories,
             (select count(*)::int from workspaces where id = ${ownSpace._id}) as workspaces,
             (select count(*)::int from project_members where user_id = ${leaver.user.id}) as memberships,
             (select count(*)::int from sessions where user_id = ${leaver.user.id}) as sessions,
             (select count(*)::int from notification_preferences where user_id = ${leaver.user.id}) as preferences`);
    expect(rowsOf(leftovers)).toEqual([{ todos: 0, categories: 0, workspaces: 0, memberships: 0, sessions: 0, preferences: 0 }]);
    // Nobody finds, or adds, the deleted account any more.
    const lookup = await server.request('GET', `/api/v1/users?email=${encodeURIComponent(leaver.user.email)}`, { cookie: owner.cookie });
    expect(lookup.body.data).toEqual([]);
  });

  it('keeps a workspace of theirs that others use, owned by "Deleted user"', async () => {
    const leaver = await buildSignedInUser(server);
    const colleague = await buildSignedInUser(server);
    const project = await buildProject(server, leaver.cookie, { members: [{ userId: colleague.user.id, role: 'ADMIN' }] });
    const response = await server.request('DELETE', ME, { cookie: leaver.cookie, body: { password: leaver.user.password } });
    expect(response.status, response.text).toBe(200);
    expect((await server.request('GET', `/api/v1/projects/${project._id}`, { cookie: colleague.cookie })).status).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    expectError(await server.request('DELETE', ME, { body: { password: DEFAULT_PASSWORD } }), 401);
  });
});

describe('GET /api/v1/users/me/export', () => {
  it('downloads everything the account owns or wrote as one JSON file', async () => {
    const { user, cookie } = await buildSignedInUser(server);
    const category = await buildCategory(server, cookie, { name: 'Errands' });
    const todo = await buildTodo(server, cookie, { title: 'Buy milk', category: category._id });
    const workspace = await buildWorkspace(server, cookie, { name: 'Home base' });
    const project = await buildProject(server, cookie, { workspaceId: workspace._id, name: 'Garden' });
    const feature = await buildFeature(server, cookie, project._id);
    const task = await buildTask(server, cookie, feature._id);
    const comment = await buildComment(server, cookie, task._id, 'Water the roses');
    const later = await buildTask(server, cookie, feature._id);
    const relation = (await server.request('POST', `/api/v1/tasks/${later._id}/relations`, { cookie, body: { type: 'BLOCKED_BY', taskId: task.key } })).body.data;
    const webhook = (
      await server.request('POST', `/api/v1/projects/${project._id}/webhooks`, { cookie, body: { url: 'https://hooks.example.com/garden', events: ['task.created'], active: false } })
    ).body.data;
    const stranger = await buildSignedInUser(server);
    await buildTodo(server, stranger.cookie, { title: 'Not theirs' });
    expect((await server.request('PUT', `${ME}/notification-settings`, { cookie, body: { kinds: { COMMENT: 'EMAIL' } } })).status).toBe(200);
    expect((await server.request('PUT', '/api/v1/todos/default-category', { cookie, body: { categoryId: category._id } })).status).toBe(200);

    const response = await fetch(`${server.url}${ME}/export`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="tasklane-export-.*\.json"$/);
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ _id: user.id, email: user.email, username: user.username, fullName: user.fullName });
    expect(data.notificationSettings).toEqual({ ...DEFAULT_NOTIFICATION_DELIVERY, COMMENT: 'EMAIL' });
    expect(data.defaultTodoCategoryId).toBe(category._id);
    expect(data.categories.map((item: { _id: string }) => item._id)).toContain(category._id);
    expect(data.todos).toEqual([expect.objectContaining({ _id: todo._id, title: 'Buy milk', category: category._id })]);
    expect(data.workspaces.map((item: { name: string }) => item.name)).toContain('Home base');
    expect(data.projects).toContainEqual(expect.objectContaining({ _id: project._id, name: 'Garden', workspaceId: workspace._id, key: project.key }));
    expect(data.features).toContainEqual(expect.objectContaining({ _id: feature._id, defaultCategoryId: null }));
    expect(data.tasks).toContainEqual(expect.objectContaining({ _id: task._id, number: 1, parentTaskId: null }));
    expect(data.taskRelations).toEqual([expect.objectContaining({ _id: relation._id, type: 'BLOCKS', sourceTaskId: task._id, targetTaskId: later._id, createdBy: user.id })]);
    expect(data.comments).toEqual([expect.objectContaining({ _id: comment._id, comment: 'Water the roses', taskId: task._id })]);
    expect(data.webhooks).toEqual([
      { _id: webhook._id, projectId: project._id, url: 'https://hooks.example.com/garden', events: ['task.created'], active: false, pausedReason: null, createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);
    expect(text).not.toContain(webhook.secret);
    expect(text).not.toContain('Not theirs');
    expect(text).not.toMatch(/argon2|passwordHash|password_hash|totp/i);
  });

  it('streams a large account in batches', async () => {
    const { cookie } = await buildSignedInUser(server);
    const category = await buildCategory(server, cookie);
    const me = (await server.request('GET', ME, { cookie })).body.data;
    await server.database.db.execute(sql`
      insert into todos (owner_id, title, priority, status, category_id)
      select ${me._id}, 'Bulk ' || n, 'LOW', 'PENDING', ${category._id} from generate_series(1, 1203) n`);
    const response = await server.request('GET', `${ME}/export`, { cookie });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text).todos).toHaveLength(1203);
  });

  it('answers 401 when signed out', async () => {
    expectError(await server.request('GET', `${ME}/export`), 401);
  });
});
