import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { listSubtasks, reorderSubtasks } from './subtasks.service.js';
import { getBoard, moveTask } from './tasks.board.service.js';
import { createTask, deleteTask, getTask, listAssignedTasks, listTasks, updateTask } from './tasks.service.js';

export function tasksRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.tasks.list, async (request) => {
      const result = await listTasks(ctx, currentUser(request), request.query);
      return { success: true as const, ...result, message: result.total ? 'Tasks fetched successfully' : 'No tasks found' };
    });

    route(app, operations.tasks.board, async (request) => {
      const { columns, statistics, total } = await getBoard(ctx, currentUser(request), request.query);
      return { success: true as const, data: { columns, statistics }, total, message: total ? 'Tasks fetched successfully' : 'No tasks found' };
    });

    route(app, operations.tasks.move, async (request) => ({
      success: true as const,
      message: 'Task moved successfully',
      data: await moveTask(ctx, currentUser(request), request.params.taskId, request.body),
    }));

    route(app, operations.tasks.get, async (request) => ({
      success: true as const,
      message: 'Task fetched successfully',
      data: await getTask(ctx, currentUser(request), request.params.taskId, request.query.projectId),
    }));

    route(app, operations.tasks.create, async (request, reply) => {
      const data = await createTask(ctx, currentUser(request), request.body);
      return reply.status(201).send({ success: true, message: 'Task created successfully', data });
    });

    route(app, operations.tasks.update, async (request) => ({
      success: true as const,
      message: 'Task updated successfully',
      data: await updateTask(ctx, currentUser(request), request.params.taskId, request.body),
    }));

    route(app, operations.tasks.delete, async (request) => {
      await deleteTask(ctx, currentUser(request), request.params.taskId, request.query.subtasks);
      return { success: true as const, message: 'Task deleted successfully' };
    });

    route(app, operations.subtasks.list, async (request) => {
      const data = await listSubtasks(ctx, currentUser(request), request.params.taskId);
      return { success: true as const, data, message: data.length ? 'Subtasks fetched successfully' : 'No subtasks found' };
    });

    route(app, operations.subtasks.reorder, async (request) => ({
      success: true as const,
      message: 'Subtasks reordered successfully',
      data: await reorderSubtasks(ctx, currentUser(request), request.params.taskId, request.body),
    }));

    route(app, operations.tasks.listAssigned, async (request) => {
      const result = await listAssignedTasks(ctx, currentUser(request), request.query);
      return { success: true as const, ...result, message: result.total ? 'Tasks fetched successfully' : 'No tasks found' };
    });
  };
}
