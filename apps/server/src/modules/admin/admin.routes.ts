import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { publicOrigin } from '../../http/public-origin.js';
import { currentUser, requireAdministrator, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { deleteUserAccount } from '../users/account-deletion.service.js';
import {
  changeRegistrationMode,
  createInvite,
  describeInstance,
  listInvitesForAdmin,
  listUsersForAdmin,
  readRegistrationMode,
  revokeInviteAs,
  updateUserAdministrationAs,
} from './admin.service.js';

/** The instance administrator's API (issue 16): every call 401 signed out, 403 for anyone but an administrator. */
export function adminRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));
    app.addHook('onRequest', requireAdministrator);

    route(app, operations.admin.listUsers, async (request) => {
      const page = await listUsersForAdmin(ctx, request.query);
      return { success: true as const, data: page.users, total: page.total, pagination: page.pagination, message: 'Users retrieved' };
    });

    route(app, operations.admin.updateUser, async (request) => ({
      success: true as const,
      data: await updateUserAdministrationAs(ctx, request.params.id, request.body),
      message: 'User updated',
    }));

    route(app, operations.admin.deleteUser, async (request) => {
      await deleteUserAccount(ctx, request.params.id);
      return { success: true as const, message: 'User deleted' };
    });

    route(app, operations.admin.getSettings, async () => ({
      success: true as const,
      data: { registration: await readRegistrationMode(ctx) },
      message: 'Settings retrieved',
    }));

    route(app, operations.admin.updateSettings, async (request) => ({
      success: true as const,
      data: { registration: await changeRegistrationMode(ctx, request.body.registration) },
      message: 'Settings saved',
    }));

    route(app, operations.admin.listInvites, async () => ({
      success: true as const,
      data: await listInvitesForAdmin(ctx),
      message: 'Invites retrieved',
    }));

    route(app, operations.admin.createInvite, async (request, reply) => {
      const invite = await createInvite(ctx, currentUser(request), request.body, publicOrigin(ctx.config, request));
      return reply.status(201).send({ success: true as const, data: invite, message: 'Invite created' });
    });

    route(app, operations.admin.revokeInvite, async (request) => {
      await revokeInviteAs(ctx, request.params.id);
      return { success: true as const, message: 'Invite revoked' };
    });

    route(app, operations.admin.instance, async () => ({
      success: true as const,
      data: await describeInstance(ctx),
      message: 'Instance facts retrieved',
    }));
  };
}
