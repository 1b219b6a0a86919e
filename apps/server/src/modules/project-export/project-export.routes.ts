import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { exportProject } from './project-export.service.js';

/** GET /projects/{projectId}/export?format=json|csv (decision 041): a streamed download. */
export function projectExportRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.projects.export, async (request, reply) => {
      const download = await exportProject(ctx, currentUser(request), request.params.projectId, request.query.format);
      return reply
        .header('content-type', download.contentType)
        .header('content-disposition', attachmentDisposition(download.fileName))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(download.stream as never);
    });
  };
}
