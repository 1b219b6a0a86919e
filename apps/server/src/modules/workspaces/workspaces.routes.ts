import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { listWorkspaceProjects } from '../projects/projects.service.js';
import { createWorkspace, deleteWorkspace, listWorkspaces, renameWorkspace } from './workspaces.service.js';

export function workspacesRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.workspaces.list, async (request) => {
      const data = await listWorkspaces(ctx, currentUser(request));
      return { success: true as const, message: 'Workspaces fetched successfully', data };
    });

    route(app, operations.workspaces.create, async (request, reply) => {
      const data = await createWorkspace(ctx, currentUser(request), request.body.name);
      return reply.status(201).send({ success: true, message: 'Workspace created successfully!', data });
    });

    route(app, operations.workspaces.update, async (request) => {
      const data = await renameWorkspace(ctx, currentUser(request), request.params.id, request.body.name);
      return { success: true as const, message: 'Workspace updated successfully!', data };
    });

    route(app, operations.workspaces.delete, async (request) => {
      await deleteWorkspace(ctx, currentUser(request), request.params.id);
      return { success: true as const, message: 'Workspace deleted successfully!' };
    });

    route(app, operations.workspaces.listProjects, async (request) => {
      const projects = await listWorkspaceProjects(ctx, currentUser(request), request.params.id);
      return {
        success: true as const,
        message: projects.length ? 'Projects fetched successfully' : 'No projects found',
        data: { total: projects.length, projects },
      };
    });
  };
}
