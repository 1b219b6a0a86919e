import {
  assignedTasksResponseSchema,
  boardQuerySchema,
  boardResponseSchema,
  moveTaskBodySchema,
  moveTaskResponseSchema,
  createTaskBodySchema,
  errorResponseSchema,
  listAssignedTasksQuerySchema,
  listTasksQuerySchema,
  messageResponseSchema,
  taskParamsSchema,
  taskQuerySchema,
  taskResponseSchema,
  tasksResponseSchema,
  updateTaskBodySchema,
} from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { getBoard, moveTask } from './tasks.board.service.js';
import { createTask, deleteTask, getTask, listAssignedTasks, listTasks, updateTask } from './tasks.service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export function tasksRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/tasks',
      {
        schema: {
          tags: ['tasks'],
          summary: "A page of a feature's tasks, filtered and sorted, with the feature's statistics (members)",
          querystring: listTasksQuerySchema,
          response: { 200: tasksResponseSchema, ...errors },
        },
      },
      async (request) => {
        const result = await listTasks(ctx, currentUser(request), request.query);
        return { success: true as const, ...result, message: result.total ? 'Tasks fetched successfully' : 'No tasks found' };
      },
    );

    app.get(
      '/tasks/board',
      {
        schema: {
          tags: ['tasks'],
          summary: "A feature's board: all its tasks as cards, in board order, with its statistics (members)",
          querystring: boardQuerySchema,
          response: { 200: boardResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { tasks, statistics, total } = await getBoard(ctx, currentUser(request), request.query.featureId);
        return { success: true as const, data: { tasks, statistics }, total, message: total ? 'Tasks fetched successfully' : 'No tasks found' };
      },
    );

    app.post(
      '/tasks/:taskId/move',
      {
        schema: {
          tags: ['tasks'],
          summary:
            'Move a card on the board (MEMBER, MODERATOR, ADMIN): to another column (its status, with history) and/or between two cards (its rank only: no history)',
          params: taskParamsSchema,
          body: moveTaskBodySchema,
          response: { 200: moveTaskResponseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Task moved successfully',
        data: await moveTask(ctx, currentUser(request), request.params.taskId, request.body),
      }),
    );

    app.get(
      '/tasks/:taskId',
      {
        schema: {
          tags: ['tasks'],
          summary: 'One task, populated, with its history newest first and your abilities (members)',
          params: taskParamsSchema,
          querystring: taskQuerySchema,
          response: { 200: taskResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Task fetched successfully',
        data: await getTask(ctx, currentUser(request), request.params.taskId, request.query.projectId),
      }),
    );

    app.post(
      '/tasks',
      {
        schema: {
          tags: ['tasks'],
          summary: 'Create a task in a feature (MEMBER, MODERATOR, ADMIN)',
          body: createTaskBodySchema,
          response: { 201: taskResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const data = await createTask(ctx, currentUser(request), request.body);
        return reply.status(201).send({ success: true, message: 'Task created successfully', data });
      },
    );

    app.put(
      '/tasks/:taskId',
      {
        schema: {
          tags: ['tasks'],
          summary: 'Edit a task (MEMBER, MODERATOR, ADMIN); records history; a stale version is 409',
          params: taskParamsSchema,
          body: updateTaskBodySchema,
          response: { 200: taskResponseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Task updated successfully',
        data: await updateTask(ctx, currentUser(request), request.params.taskId, request.body),
      }),
    );

    app.delete(
      '/tasks/:taskId',
      {
        schema: {
          tags: ['tasks'],
          summary: 'Delete a task with its comments and history (ADMIN, MODERATOR; a MEMBER their own)',
          params: taskParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await deleteTask(ctx, currentUser(request), request.params.taskId);
        return { success: true as const, message: 'Task deleted successfully' };
      },
    );

    app.get(
      '/users/tasks',
      {
        schema: {
          tags: ['tasks'],
          summary: 'Tasks assigned to you in projects you can open; all of them by default (up to 1000 a page)',
          querystring: listAssignedTasksQuerySchema,
          response: { 200: assignedTasksResponseSchema, ...errors },
        },
      },
      async (request) => {
        const result = await listAssignedTasks(ctx, currentUser(request), request.query);
        return { success: true as const, ...result, message: result.total ? 'Tasks fetched successfully' : 'No tasks found' };
      },
    );
  };
}
