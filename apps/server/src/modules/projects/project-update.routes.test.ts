import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildProject, buildSignedInUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

describe('PUT /api/v1/projects/:projectId keeps what the body leaves out', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ authRateLimit: { perIp: 100_000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('a rename alone keeps the description, logo, cover image, status and settings', async () => {
    const { cookie } = await buildSignedInUser(server);
    const project = await buildProject(server, cookie, {
      description: 'Ship it',
      logo: 'https://example.com/logo.png',
      coverImage: 'https://example.com/cover.png',
      status: 'PLANNING',
      settings: { color: '#EF4444', isPublic: true },
    });
    const response = await server.request('PUT', `/api/v1/projects/${project._id}`, { cookie, body: { name: 'Renamed' } });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      name: 'Renamed',
      description: 'Ship it',
      logo: 'https://example.com/logo.png',
      coverImage: 'https://example.com/cover.png',
      status: 'PLANNING',
      settings: { color: '#EF4444', isPublic: true },
    });
  });

  it('empty text and null clear the logo and cover image', async () => {
    const { cookie } = await buildSignedInUser(server);
    const project = await buildProject(server, cookie, { logo: 'https://example.com/l.png', coverImage: 'https://example.com/c.png' });
    const response = await server.request('PUT', `/api/v1/projects/${project._id}`, {
      cookie,
      body: { name: project.name, logo: '', coverImage: null, description: null },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ logo: null, coverImage: null, description: '' });
  });

  it("a moderator may re-send the project's current category, made by the admin", async () => {
    const admin = await buildSignedInUser(server);
    const moderator = await buildSignedInUser(server);
    const category = await buildCategory(server, admin.cookie, { type: 'PROJECT' });
    const project = await buildProject(server, admin.cookie, {
      category: category._id,
      members: [{ userId: moderator.user.id, role: 'MODERATOR' }],
    });
    const response = await server.request('PUT', `/api/v1/projects/${project._id}`, {
      cookie: moderator.cookie,
      body: { name: 'Edited by the moderator', category: category._id },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.category).toEqual({ _id: category._id });
  });

  it('a stale version is 409 and changes nothing; the current one applies and bumps it', async () => {
    const { cookie } = await buildSignedInUser(server);
    const project = await buildProject(server, cookie, { name: 'Original' });
    expect(project.version).toBe(1);
    const first = await server.request('PUT', `/api/v1/projects/${project._id}`, { cookie, body: { name: 'First', version: 1 } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ name: 'First', version: 2 });
    const stale = await server.request('PUT', `/api/v1/projects/${project._id}`, { cookie, body: { name: 'Second', version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      success: false,
      code: 'CONFLICT',
      message: 'This project was changed by someone else. Reload to see the latest version.',
    });
    const current = await server.request('GET', `/api/v1/projects/${project._id}`, { cookie });
    expect(current.body.data).toMatchObject({ name: 'First', version: 2 });
  });
});
