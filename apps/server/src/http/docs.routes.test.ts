import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../test/routes.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('API documentation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('reads the route tree (sanity check of the parser)', () => {
    const routes = registeredRoutes(server);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/v1/auth/login' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/v1/users/me' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/v1/health' });
  });

  it('serves an OpenAPI 3.1 document that lists every /api/v1 route with its method', async () => {
    const response = await server.request('GET', '/api/docs/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = response.body;
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });

    const expected = registeredRoutes(server)
      .filter((route) => route.path.startsWith('/api/v1/') && route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .map((route) => `${route.method} ${toOpenApiPath(route.path)}`);
    expect(expected.length).toBeGreaterThanOrEqual(6);

    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const missing = expected.filter((route) => !documented.includes(route));
    expect(missing, `routes missing from the OpenAPI document: ${missing.join(', ')}`).toEqual([]);
  });

  it('documents the auth and users operations with their request and response schemas', async () => {
    const { paths } = (await server.request('GET', '/api/docs/openapi.json')).body;
    const register = paths['/api/v1/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.properties).toMatchObject({
      username: expect.any(Object),
      fullName: expect.any(Object),
      email: expect.any(Object),
      password: expect.any(Object),
    });
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(['201', '400', '409']));
    expect(Object.keys(paths['/api/v1/auth/login'].post.responses)).toEqual(expect.arrayContaining(['200', '401']));
    expect(Object.keys(paths['/api/v1/users/me'].get.responses)).toEqual(expect.arrayContaining(['200', '401']));
    expect(Object.keys(paths['/api/v1/users'].get.responses)).toEqual(expect.arrayContaining(['200', '401']));
    // The password never appears in a response schema.
    expect(JSON.stringify(paths['/api/v1/users'].get.responses)).not.toMatch(/password/i);
  });

  it('documents the multipart attachment upload and the binary download', async () => {
    const { paths } = (await server.request('GET', '/api/docs/openapi.json')).body;
    const upload = paths['/api/v1/tasks/{taskId}/attachments'].post;
    const schema = upload.requestBody.content['multipart/form-data'].schema;
    expect(schema.required).toEqual(['files']);
    expect(schema.properties.files).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
    expect(schema.properties.description).toMatchObject({ type: 'string', maxLength: 1000 });
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '413', '415']));
    const download = paths['/api/v1/tasks/{taskId}/attachments/{attachmentId}'].get;
    expect(download.responses['200'].content['application/octet-stream'].schema).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('serves the browsable page as HTML', async () => {
    const response = await server.request('GET', '/api/docs/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.text).toMatch(/<html/i);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('answers /api/docs itself (directly or through a redirect to the page)', async () => {
    const response = await server.request('GET', '/api/docs');
    expect([200, 301, 302, 307, 308]).toContain(response.status);
  });
});
