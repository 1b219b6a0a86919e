import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { countUnread, listNotifications, markAllRead, markRead, setWatching, watchState } from './notifications.service.js';

export function notificationsRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.notifications.list, async (request) => {
      const result = await listNotifications(ctx, currentUser(request), request.query);
      return { success: true as const, ...result, message: result.total ? 'Notifications fetched successfully' : 'No notifications' };
    });

    route(app, operations.notifications.unreadCount, async (request) => ({
      success: true as const,
      data: await countUnread(ctx, currentUser(request)),
      message: 'Unread notifications counted',
    }));

    route(app, operations.notifications.markRead, async (request) => ({
      success: true as const,
      data: await markRead(ctx, currentUser(request), request.params.notificationId),
      message: 'Notification marked as read',
    }));

    route(app, operations.notifications.markAllRead, async (request) => ({
      success: true as const,
      data: await markAllRead(ctx, currentUser(request)),
      message: 'All notifications marked as read',
    }));

    route(app, operations.watching.get, async (request) => ({
      success: true as const,
      data: await watchState(ctx, currentUser(request), request.params.taskId),
      message: 'Watch state fetched',
    }));

    route(app, operations.watching.watch, async (request) => ({
      success: true as const,
      data: await setWatching(ctx, currentUser(request), request.params.taskId, true),
      message: 'You are watching this task',
    }));

    route(app, operations.watching.unwatch, async (request) => ({
      success: true as const,
      data: await setWatching(ctx, currentUser(request), request.params.taskId, false),
      message: 'You are no longer watching this task',
    }));
  };
}
