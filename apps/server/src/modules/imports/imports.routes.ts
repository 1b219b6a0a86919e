import multipart from '@fastify/multipart';
import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import { uploadPartsOf } from '../attachments/multipart.js';
import type { ServiceContext } from '../context.js';
import { getImport, startImport, type ImportWaker } from './imports.service.js';

export function importsRoutes(ctx: ServiceContext, runner: ImportWaker): FastifyPluginAsyncZod {
  const withRunner = { ...ctx, imports: runner };
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));
    // Multipart for these routes only, as for attachments; any other body reaches the handler's 415.
    await app.register(multipart, { throwFileSizeLimit: true });
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const limits = () => ({ maxFileBytes: ctx.config.uploads.maxFileBytes, maxFiles: 1 });

    route(app, operations.imports.startWorkspace, async (request, reply) => {
      const data = await startImport(withRunner, currentUser(request), 'workspace', request.params.id, uploadPartsOf(request, limits()));
      return reply.status(202).send({ success: true, message: 'Import started', data });
    });

    route(app, operations.imports.startTodos, async (request, reply) => {
      const data = await startImport(withRunner, currentUser(request), 'todos', null, uploadPartsOf(request, limits()));
      return reply.status(202).send({ success: true, message: 'Import started', data });
    });

    route(app, operations.imports.get, async (request) => {
      const data = await getImport(ctx, currentUser(request), request.params.importId);
      return { success: true as const, message: 'Import fetched successfully', data };
    });
  };
}
