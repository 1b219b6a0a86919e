import {
  errorResponseSchema,
  messageResponseSchema,
  workspaceBodySchema,
  workspaceParamsSchema,
  workspaceProjectsResponseSchema,
  workspaceResponseSchema,
  workspacesResponseSchema,
} from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { listWorkspaceProjects } from '../projects/projects.service.js';
import { presentWorkspace } from './workspaces.presenter.js';
import { createWorkspace, deleteWorkspace, listWorkspaces, renameWorkspace } from './workspaces.service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export function workspacesRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/workspaces',
      {
        schema: {
          tags: ['workspaces'],
          summary: 'Workspaces you own or hold a project membership in',
          response: { 200: workspacesResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const data = (await listWorkspaces(ctx, user)).map((row) => presentWorkspace(row, user.id));
        return { success: true as const, message: 'Workspaces fetched successfully', data };
      },
    );

    app.post(
      '/workspaces',
      {
        schema: {
          tags: ['workspaces'],
          summary: 'Create a workspace',
          body: workspaceBodySchema,
          response: { 201: workspaceResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const workspace = await createWorkspace(ctx, user, request.body.name);
        return reply
          .status(201)
          .send({ success: true, message: 'Workspace created successfully!', data: presentWorkspace(workspace, user.id) });
      },
    );

    app.put(
      '/workspaces/:id',
      {
        schema: {
          tags: ['workspaces'],
          summary: 'Rename a workspace (owner only)',
          params: workspaceParamsSchema,
          body: workspaceBodySchema,
          response: { 200: workspaceResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const workspace = await renameWorkspace(ctx, user, request.params.id, request.body.name);
        return { success: true as const, message: 'Workspace updated successfully!', data: presentWorkspace(workspace, user.id) };
      },
    );

    app.delete(
      '/workspaces/:id',
      {
        schema: {
          tags: ['workspaces'],
          summary: 'Delete a workspace and everything in it (owner only)',
          params: workspaceParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await deleteWorkspace(ctx, currentUser(request), request.params.id);
        return { success: true as const, message: 'Workspace deleted successfully!' };
      },
    );

    app.get(
      '/workspaces/:id/projects',
      {
        schema: {
          tags: ['workspaces'],
          summary: "A workspace's projects: all for its owner, else those you are a member of",
          params: workspaceParamsSchema,
          response: { 200: workspaceProjectsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const projects = await listWorkspaceProjects(ctx, currentUser(request), request.params.id);
        return {
          success: true as const,
          message: projects.length ? 'Projects fetched successfully' : 'No projects found',
          data: { total: projects.length, projects },
        };
      },
    );
  };
}
