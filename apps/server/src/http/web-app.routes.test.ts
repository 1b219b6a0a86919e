import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../../test/factories.js';
import { startTestServer, type TestResponse, type TestServer } from '../../test/test-server.js';

const INDEX_HTML = '<!doctype html><html><head><script type="module" src="/assets/app-3f2a1c.js"></script></head><body><div id="root"></div></body></html>';

function expectSecurityHeaders(response: TestResponse) {
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
  expect(response.headers.get('x-request-id')).toBeTruthy();
}

function expectJsonNotHtml(response: TestResponse) {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.text).not.toMatch(/<html|<!doctype/i);
  expect(response.body).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
}

// A browser navigating (or a misrouted fetch) asks for HTML; /api/* must still answer JSON.
const asBrowser = { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } };

describe('serving the built web app', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-web-dist-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-3f2a1c.js'), 'console.log("app");');
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // The landing pages' chunks, as the web build lists them (apps/web/first-screen-chunks.ts).
    fs.writeFileSync(path.join(webDist, 'first-screen.json'), JSON.stringify({ '/': ['/assets/todos-page-1a2b.js'], '/login': ['/assets/login-page-3c4d.js'] }));
    // The sign-in form and the dashboard's frame as the web build renders them (apps/web/static-screens.ts).
    fs.writeFileSync(
      path.join(webDist, 'static-screens.json'),
      JSON.stringify({ '/login': '<main><h1>Welcome Back</h1><form></form></main>', '/': '<header>Tasklane</header><main><h1>Todos</h1></main>' }),
    );
    server = await startTestServer({ webDist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves index.html at / with the security headers and no long-lived caching', async () => {
    const response = await server.request('GET', '/', asBrowser);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.text).toBe(INDEX_HTML);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(response);
  });

  it.each(['/register', '/list', '/workspaces', '/dashboard/5f0c2b', '/forgot-password'])(
    'falls back to index.html for the client route %s',
    async (route) => {
      const response = await server.request('GET', route, asBrowser);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.text).toBe(INDEX_HTML);
      expectSecurityHeaders(response);
    },
  );

  it("names a signed-in dashboard's first data and code in its page, so the browser fetches them alongside the script", async () => {
    const { cookie } = await buildSignedInUser(server);
    const response = await server.request('GET', '/', { ...asBrowser, cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('vary')).toMatch(/cookie/i);
    const preloads = [...response.text.matchAll(/<link rel="(preload|modulepreload)"[^>]*href="([^"]+)"/g)].map((match) => `${match[1]} ${match[2]}`);
    expect(preloads).toEqual([
      'preload /api/v1/users/me',
      'preload /api/v1/todos?hideDone=true&amp;page=1&amp;limit=24',
      'preload /api/v1/categories?type=TODO',
      'preload /api/v1/users/me/today',
      'modulepreload /assets/todos-page-1a2b.js',
    ]);
    // Fetch preloads in the mode of the app's same-origin fetch, placed after the entry script
    // and what blocks the first paint (on HTTP/1.1's six connections those are asked for first).
    expect(response.text).toContain('<link rel="preload" as="fetch" crossorigin href="/api/v1/todos?hideDone=true&amp;page=1&amp;limit=24">');
    expect(response.text.indexOf('rel="preload"')).toBeGreaterThan(response.text.indexOf('<script'));
    expect(response.text.indexOf('rel="preload"')).toBeLessThan(response.text.indexOf('</head>'));
    expectSecurityHeaders(response);

    // Another signed-in page: who is signed in, not the dashboard's data.
    const other = await server.request('GET', '/workspaces', { ...asBrowser, cookie });
    expect(other.text).toContain('<link rel="preload" as="fetch" crossorigin href="/api/v1/users/me">');
    expect(other.text).not.toContain('/api/v1/todos');
    // The dashboard with a filter asks for other todos than the preload would fetch: none.
    const filtered = await server.request('GET', '/?status=PENDING', { ...asBrowser, cookie });
    expect(filtered.text).not.toContain('/api/v1/todos');
    // The Today view does not depend on the filters (decision 037): it is preloaded either way, and only on the dashboard.
    expect(filtered.text).toContain('<link rel="preload" as="fetch" crossorigin href="/api/v1/users/me/today">');
    expect(other.text).not.toContain('/api/v1/users/me/today');
  });

  it('names no data for a visitor without a session, and the login page only its own code', async () => {
    const signedOut = await server.request('GET', '/', asBrowser);
    expect(signedOut.text).toBe(INDEX_HTML);
    for (const route of ['/login', '/login?next=%2Flist']) {
      const login = await server.request('GET', route, asBrowser);
      expect(login.status).toBe(200);
      // Its form is in its HTML: the entry script and the page's chunk are fetched once it is painted.
      expect(login.text).toContain(
        '<script defer src="/after-first-paint.js" data-entry="/assets/app-3f2a1c.js" data-modules="/assets/login-page-3c4d.js"></script>',
      );
      expect(login.text).not.toContain('type="module"');
      expect(login.text).not.toContain('rel="modulepreload"');
      expect(login.text).not.toContain('/api/v1/');
      expectSecurityHeaders(login);
    }
  });

  it("puts the sign-in form's HTML in #root of /login, for everyone, and nowhere else", async () => {
    const { cookie } = await buildSignedInUser(server);
    for (const signedIn of [undefined, cookie]) {
      const login = await server.request('GET', '/login?next=%2Flist', { ...asBrowser, cookie: signedIn });
      expect(login.text).toContain('<body><div id="root"><main><h1>Welcome Back</h1><form></form></main><template id="first-screen-end"></template></div>');
      // Its first paint waits for the whole form: never a part of it that then grows.
      expect(login.text).toContain('<link rel="expect" href="#first-screen-end" blocking="render">');
    }
    for (const route of ['/register', '/', '/workspaces']) {
      const other = await server.request('GET', route, asBrowser);
      expect(other.text, route).toContain('<div id="root"></div>');
      expect(other.text, route).not.toContain('rel="expect"');
    }
  });

  it("puts the dashboard's frame in #root of / for a visitor with a session only, its scripts and preloads left in place", async () => {
    const { cookie } = await buildSignedInUser(server);
    for (const route of ['/', '/?status=PENDING']) {
      const dashboard = await server.request('GET', route, { ...asBrowser, cookie });
      expect(dashboard.text, route).toContain('<body><div id="root"><header>Tasklane</header><main><h1>Todos</h1></main><template id="first-screen-end"></template></div>');
      expect(dashboard.text, route).toContain('<link rel="expect" href="#first-screen-end" blocking="render">');
      // Its todos need the app: its entry script and chunks are fetched at once, not after the paint.
      expect(dashboard.text, route).toContain('<script type="module" src="/assets/app-3f2a1c.js"></script>');
      expect(dashboard.text, route).toContain('<link rel="modulepreload" crossorigin href="/assets/todos-page-1a2b.js">');
      expect(dashboard.text, route).not.toContain('after-first-paint');
    }
    // Without a session the visitor is on their way to /login; other signed-in pages have no frame.
    expect((await server.request('GET', '/', asBrowser)).text).toBe(INDEX_HTML);
    expect((await server.request('GET', '/workspaces', { ...asBrowser, cookie })).text).toContain('<div id="root"></div>');
  });

  it('serves hashed assets with immutable caching and the security headers', async () => {
    const response = await server.request('GET', '/assets/app-3f2a1c.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expectSecurityHeaders(response);
  });

  it('serves other static files revalidated', async () => {
    const response = await server.request('GET', '/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing file (a path with an extension) with a 404, not index.html', async () => {
    const response = await server.request('GET', '/assets/app-000000.js');
    expect(response.status).toBe(404);
    expect(response.text).not.toBe(INDEX_HTML);
  });

  it('refuses a path that climbs out of the assets with a 403 in the error envelope', async () => {
    // Sent as written: fetch would resolve the dots before sending.
    const { hostname, port } = new URL(server.url);
    const response = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      http
        .get({ host: hostname, port, path: '/assets/%2e%2e/index.html', headers: { accept: 'text/html' } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
        })
        .on('error', reject);
    });
    expect(response.status).toBe(403);
    expect(response.type).toMatch(/^application\/json/);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('answers a Range no byte of an asset can serve with 416 RANGE_NOT_SATISFIABLE in the error envelope', async () => {
    const response = await server.request('GET', '/assets/app-3f2a1c.js', { headers: { range: 'bytes=5000-6000' } });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toMatchObject({ success: false, code: 'RANGE_NOT_SATISFIABLE' });
    const partial = await server.request('GET', '/assets/app-3f2a1c.js', { headers: { range: 'bytes=0-6' } });
    expect(partial.status).toBe(206);
    expect(partial.text).toBe('console');
  });

  it.each([
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/v1'],
    ['GET', '/api/v1/no-such-thing'],
    ['GET', '/api/v1/users/me/extra'],
    ['GET', '/api/v1/index.html'],
    ['POST', '/api/v1/no-such-thing'],
  ])('never answers %s %s with the web app, even when HTML is asked for', async (method, route) => {
    const response = await server.request(method, route, asBrowser);
    expect(response.status).toBe(404);
    expectJsonNotHtml(response);
    expectSecurityHeaders(response);
  });

  it('answers a signed-out API call with the JSON 401, not the web app', async () => {
    const response = await server.request('GET', '/api/v1/users/me', asBrowser);
    expect(response.status).toBe(401);
    expectJsonNotHtml(response);
  });

  it('does not answer a POST to a page path with the web app', async () => {
    const response = await server.request('POST', '/login', { body: {} });
    expect(response.status).toBe(404);
    expectJsonNotHtml(response);
  });
});

describe('when the web app has not been built', () => {
  let server: TestServer;
  beforeAll(async () => {
    const missing = path.join(os.tmpdir(), `tasklane-no-web-dist-${process.pid}-${Date.now()}`);
    server = await startTestServer({ webDist: missing });
  });
  afterAll(async () => {
    await server.close();
  });

  it('still serves the API', async () => {
    const response = await server.request('GET', '/api/v1/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it.each(['/', '/login', '/list'])('answers the page %s with a plain-text 404 that says to build, with the security headers', async (route) => {
    const response = await server.request('GET', route, asBrowser);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.text).toMatch(/not been built/);
    expectSecurityHeaders(response);
  });

  it.each([
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/v1/no-such-thing'],
    ['DELETE', '/api/v1/no-such-thing'],
  ])('answers %s %s with the JSON 404 envelope', async (method, route) => {
    const response = await server.request(method, route, asBrowser);
    expect(response.status).toBe(404);
    expectJsonNotHtml(response);
    expect(response.body.code).toBe('NOT_FOUND');
  });

  it('answers a signed-out API call with the JSON 401', async () => {
    const response = await server.request('GET', '/api/v1/users', asBrowser);
    expect(response.status).toBe(401);
    expectJsonNotHtml(response);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });
});
