import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import {
  addMember,
  changeMemberRole,
  createProject,
  deleteProject,
  getProject,
  listMembers,
  listMyProjects,
  removeMember,
  updateProject,
} from './projects.service.js';

export function projectsRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    route(app, operations.projects.listMine, async (request) => {
      const data = await listMyProjects(ctx, currentUser(request));
      return { success: true as const, message: data.length ? 'Projects fetched successfully' : 'No projects found', data };
    });

    route(app, operations.projects.create, async (request, reply) => {
      const data = await createProject(ctx, currentUser(request), request.body);
      return reply.status(201).send({ success: true, message: 'Project created successfully!', data });
    });

    route(app, operations.projects.get, async (request) => ({
      success: true as const,
      message: 'Project fetched successfully',
      data: await getProject(ctx, currentUser(request), request.params.projectId),
    }));

    route(app, operations.projects.update, async (request) => ({
      success: true as const,
      message: 'Project updated successfully!',
      data: await updateProject(ctx, currentUser(request), request.params.projectId, request.body),
    }));

    route(app, operations.projects.delete, async (request) => {
      await deleteProject(ctx, currentUser(request), request.params.projectId);
      return { success: true as const, message: 'Project deleted successfully!' };
    });

    route(app, operations.members.list, async (request) => ({
      success: true as const,
      message: 'Members fetched successfully',
      data: await listMembers(ctx, currentUser(request), request.params.projectId),
    }));

    route(app, operations.members.add, async (request, reply) => {
      const member = await addMember(ctx, currentUser(request), request.params.projectId, request.body.userId, request.body.role);
      return reply.status(201).send({
        success: true,
        message: `${member.userId.fullName} added to project successfully!`,
        data: member,
      });
    });

    route(app, operations.members.updateRole, async (request) => {
      const { projectId, userId } = request.params;
      const data = await changeMemberRole(ctx, currentUser(request), projectId, userId, request.body.role);
      return { success: true as const, message: 'Member role updated successfully!', data };
    });

    route(app, operations.members.remove, async (request) => {
      await removeMember(ctx, currentUser(request), request.params.projectId, request.params.userId);
      return { success: true as const, message: 'Member removed from project successfully!' };
    });
  };
}
