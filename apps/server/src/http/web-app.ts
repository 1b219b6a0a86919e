import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from './errors.js';
import { firstScreenPages } from './first-screen.js';

/**
 * Serves the built single-page app. Client routes fall back to index.html; /api/* never
 * does: an unknown API path is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, options: { cookieSecure: boolean }) {
  const indexPath = path.join(webDist, 'index.html');
  const hasWebApp = fs.existsSync(indexPath);
  const pages = hasWebApp ? firstScreenPages(webDist) : undefined;
  if (hasWebApp) {
    const shared = {
      index: false as const,
      // The build writes .br and .gz copies of every text asset (scripts/build.mjs).
      preCompressed: true,
      setHeaders(reply: FastifyReply, filePath: string) {
        // Hashed assets never change; everything else is revalidated.
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    };
    // The few files at the build's top level get a route each. The hashed assets, hundreds of
    // files with their compressed copies, are served by one wildcard route: a route per file
    // cost about 0.1 s of every start. A name that is not there falls through to the 404 below.
    await app.register(fastifyStatic, { ...shared, root: webDist, wildcard: false, globIgnore: ['assets/**'] });
    const assets = path.join(webDist, 'assets');
    if (fs.existsSync(assets)) {
      await app.register(fastifyStatic, { ...shared, root: assets, prefix: '/assets/', wildcard: true, decorateReply: false });
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isPageRequest) throw notFound(`No route for ${request.method} ${pathname}`);
    if (!hasWebApp) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm start`, which builds it.');
    }
    if (path.extname(pathname) !== '') throw notFound(`No file at ${pathname}`);
    // The page names the code and (signed in) the API answers its first screen needs, so that
    // the browser fetches them alongside the entry script instead of after it (first-screen.ts).
    const screen = pages!.firstScreen(request, options.cookieSecure);
    reply.header('cache-control', 'no-cache').header('vary', 'cookie');
    if (screen.fetches.length === 0 && screen.modules.length === 0 && !screen.staticScreen) return reply.sendFile('index.html', webDist);
    return reply.type('text/html; charset=utf-8').send(pages!.html(screen));
  });
}
