import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { createTodo, deleteTodo, getDefaultTodoCategory, getTodo, listTodos, quickAddTodo, setDefaultTodoCategory, updateTodo } from './todos.service.js';

export function todosRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.todos.list, async (request) => {
      const { category, ...filters } = request.query;
      const { todos, ...page } = await listTodos(ctx, currentUser(request), { ...filters, categoryId: category });
      // Without a page asked for, exactly the spec's { success, todos, data, message }.
      const found = ('total' in page ? page.total : todos.length) > 0;
      return { success: true as const, todos, data: todos, ...page, message: found ? 'Todos fetched successfully' : 'No todos found' };
    });

    route(app, operations.todos.create, async (request, reply) => {
      const todo = await createTodo(ctx, currentUser(request), request.body);
      return reply.status(201).send({ success: true, message: 'Todo created successfully', todo, data: todo });
    });

    route(app, operations.todos.quickAdd, async (request, reply) => {
      const todo = await quickAddTodo(ctx, currentUser(request), request.body);
      return reply.status(201).send({ success: true, message: 'Todo created successfully', todo, data: todo });
    });

    route(app, operations.todos.defaultCategory, async (request) => {
      const data = await getDefaultTodoCategory(ctx, currentUser(request));
      return { success: true as const, message: data ? 'Default category fetched successfully' : 'No default category yet', data };
    });

    route(app, operations.todos.setDefaultCategory, async (request) => {
      const data = await setDefaultTodoCategory(ctx, currentUser(request), request.body.categoryId);
      return { success: true as const, message: 'Default category saved successfully', data };
    });

    route(app, operations.todos.get, async (request) => {
      const todo = await getTodo(ctx, currentUser(request), request.params.todoId);
      return { success: true as const, message: 'Todo fetched successfully', todo, data: todo };
    });

    route(app, operations.todos.update, async (request) => {
      const todo = await updateTodo(ctx, currentUser(request), request.params.todoId, request.body);
      return { success: true as const, message: 'Todo updated successfully', todo, data: todo };
    });

    route(app, operations.todos.delete, async (request) => {
      await deleteTodo(ctx, currentUser(request), request.params.todoId);
      return { success: true as const, message: 'Todo deleted successfully' };
    });
  };
}
