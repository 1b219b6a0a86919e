import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { createCategory, deleteCategory, listCategories } from './categories.service.js';

export function categoriesRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.categories.listAll, async (request) => ({
      success: true as const,
      categories: await listCategories(ctx, currentUser(request)),
    }));

    route(app, operations.categories.list, async (request) => ({
      success: true as const,
      categories: await listCategories(ctx, currentUser(request), request.query.type),
    }));

    route(app, operations.categories.create, async (request, reply) => {
      const category = await createCategory(ctx, currentUser(request), request.body);
      return reply.status(201).send({ success: true, message: 'Category created successfully', data: category });
    });

    route(app, operations.categories.delete, async (request) => {
      await deleteCategory(ctx, currentUser(request), request.params.id);
      return { success: true as const, message: 'Category deleted successfully' };
    });
  };
}
