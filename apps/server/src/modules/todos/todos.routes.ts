import {
  errorResponseSchema,
  listTodosQuerySchema,
  messageResponseSchema,
  todoBodySchema,
  todoParamsSchema,
  todoResponseSchema,
  todosResponseSchema,
  updateTodoBodySchema,
} from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { presentTodo } from './todos.presenter.js';
import { createTodo, deleteTodo, listTodos, updateTodo } from './todos.service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export function todosRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/todos',
      {
        schema: {
          tags: ['todos'],
          summary: 'Your todos, filtered, by due date then newest first',
          querystring: listTodosQuerySchema,
          response: { 200: todosResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { category, ...filters } = request.query;
        const todos = (await listTodos(ctx, currentUser(request), { ...filters, categoryId: category })).map(presentTodo);
        return { success: true as const, todos, data: todos, message: todos.length ? 'Todos fetched successfully' : 'No todos found' };
      },
    );

    app.post(
      '/todos',
      {
        schema: {
          tags: ['todos'],
          summary: 'Create a todo',
          body: todoBodySchema,
          response: { 201: todoResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const todo = presentTodo(await createTodo(ctx, currentUser(request), request.body));
        return reply.status(201).send({ success: true, message: 'Todo created successfully', todo, data: todo });
      },
    );

    app.put(
      '/todos/:todoId',
      {
        schema: {
          tags: ['todos'],
          summary: 'Replace a todo (send the full todo)',
          params: todoParamsSchema,
          body: updateTodoBodySchema,
          response: { 200: todoResponseSchema, ...errors },
        },
      },
      async (request) => {
        const todo = presentTodo(await updateTodo(ctx, currentUser(request), request.params.todoId, request.body));
        return { success: true as const, message: 'Todo updated successfully', todo, data: todo };
      },
    );

    app.delete(
      '/todos/:todoId',
      {
        schema: {
          tags: ['todos'],
          summary: 'Delete a todo',
          params: todoParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await deleteTodo(ctx, currentUser(request), request.params.todoId);
        return { success: true as const, message: 'Todo deleted successfully' };
      },
    );
  };
}
