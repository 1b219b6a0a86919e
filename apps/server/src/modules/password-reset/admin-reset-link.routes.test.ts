import { PASSWORD_RESET_MESSAGE } from '@tasklane/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, buildUser, signIn, type SignedInUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { users } from '../../db/schema.js';

/** POST /admin/users/:id/reset-link: an administrator's link to hand over when email is not configured. */
describe('an administrator makes a reset link', () => {
  let server: TestServer;
  let admin: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await buildSignedInUser(server);
    await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
  });
  afterAll(async () => {
    await server?.close();
  });

  const linkFor = (userId: string, cookie?: string) => server.request('POST', `/api/v1/admin/users/${userId}/reset-link`, { cookie });

  it('answers a single-use link that sets a new password, and the old one keeps working until then', async () => {
    const person = await buildSignedInUser(server);
    const response = await linkFor(person.user.id, admin.cookie);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ success: true, data: { url: expect.any(String), expiresAt: expect.any(String) } });
    const url = new URL(response.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/reset-password`);
    const hoursLeft = (Date.parse(response.body.data.expiresAt) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(0.9);
    expect(hoursLeft).toBeLessThanOrEqual(1);
    expect((await server.request('GET', '/api/v1/users/me', { cookie: person.cookie })).status).toBe(200);

    const token = url.searchParams.get('token')!;
    const reset = await server.request('POST', '/api/v1/auth/reset-password', { body: { token, password: 'handed-over-secret-3' } });
    expect(reset.body).toEqual({ success: true, message: PASSWORD_RESET_MESSAGE });
    expect((await server.request('GET', '/api/v1/users/me', { cookie: person.cookie })).status).toBe(401);
    await signIn(server, { email: person.user.email, password: 'handed-over-secret-3' });
    expect((await server.request('POST', '/api/v1/auth/reset-password', { body: { token, password: 'again-a-secret-4' } })).status).toBe(400);
  });

  it('is for administrators only: 401 signed out, 403 for everyone else', async () => {
    const person = await buildUser(server);
    const other = await buildSignedInUser(server);
    expect((await linkFor(person.id)).status).toBe(401);
    const refused = await linkFor(person.id, other.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'Only administrators can make password-reset links' });
    // Not even for their own account.
    expect((await linkFor(other.user.id, other.cookie)).status).toBe(403);
  });

  it('404 for an unknown or deleted user, 400 for an id that is not one, 409 for a deactivated account', async () => {
    expect((await linkFor('00000000-0000-4000-8000-000000000000', admin.cookie)).status).toBe(404);
    expect((await linkFor('not-an-id', admin.cookie)).status).toBe(400);
    const deleted = await buildUser(server);
    await server.database.db.execute(sql`update users set deleted_at = now() where id = ${deleted.id}`);
    expect((await linkFor(deleted.id, admin.cookie)).status).toBe(404);
    const deactivated = await buildUser(server);
    await server.database.db.execute(sql`update users set deactivated_at = now() where id = ${deactivated.id}`);
    const conflict = await linkFor(deactivated.id, admin.cookie);
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toMatch(/deactivated/);
  });
});
