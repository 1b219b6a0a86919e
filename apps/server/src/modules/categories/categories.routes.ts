import {
  categoriesResponseSchema,
  categoryParamsSchema,
  createCategoryBodySchema,
  createCategoryResponseSchema,
  errorResponseSchema,
  listCategoriesQuerySchema,
  messageResponseSchema,
} from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { presentCategory } from './categories.presenter.js';
import { createCategory, deleteCategory, listCategories } from './categories.service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export function categoriesRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/categories/all',
      { schema: { tags: ['categories'], summary: 'All your categories', response: { 200: categoriesResponseSchema, ...errors } } },
      async (request) => ({
        success: true as const,
        categories: (await listCategories(ctx, currentUser(request))).map(presentCategory),
      }),
    );

    app.get(
      '/categories',
      {
        schema: {
          tags: ['categories'],
          summary: 'Your categories, optionally of one type',
          querystring: listCategoriesQuerySchema,
          response: { 200: categoriesResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        categories: (await listCategories(ctx, currentUser(request), request.query.type)).map(presentCategory),
      }),
    );

    app.post(
      '/categories',
      {
        schema: {
          tags: ['categories'],
          summary: 'Create a category',
          body: createCategoryBodySchema,
          response: { 201: createCategoryResponseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const category = await createCategory(ctx, currentUser(request), request.body);
        return reply
          .status(201)
          .send({ success: true, message: 'Category created successfully', data: presentCategory(category) });
      },
    );

    app.delete(
      '/categories/:id',
      {
        schema: {
          tags: ['categories'],
          summary: 'Delete a category; todos that used it keep living without one',
          params: categoryParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await deleteCategory(ctx, currentUser(request), request.params.id);
        return { success: true as const, message: 'Category deleted successfully' };
      },
    );
  };
}
