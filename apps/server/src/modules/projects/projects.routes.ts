import {
  addMemberBodySchema,
  createProjectBodySchema,
  errorResponseSchema,
  memberParamsSchema,
  memberResponseSchema,
  membersResponseSchema,
  messageResponseSchema,
  projectParamsSchema,
  projectResponseSchema,
  projectsListResponseSchema,
  updateMemberBodySchema,
  updateProjectBodySchema,
  updateProjectQuerySchema,
} from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { presentMember } from './projects.presenter.js';
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

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const withConflict = { ...errors, 409: errorResponseSchema };

export function projectsRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/users/projects',
      {
        schema: {
          tags: ['projects'],
          summary: 'Projects you are a member of, with your role, progress and statistics',
          response: { 200: projectsListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await listMyProjects(ctx, currentUser(request));
        return { success: true as const, message: data.length ? 'Projects fetched successfully' : 'No projects found', data };
      },
    );

    app.post(
      '/projects',
      {
        schema: {
          tags: ['projects'],
          summary: 'Create a project in a workspace you own; you become its ADMIN',
          body: createProjectBodySchema,
          response: { 201: projectResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const data = await createProject(ctx, currentUser(request), request.body);
        return reply.status(201).send({ success: true, message: 'Project created successfully!', data });
      },
    );

    app.get(
      '/projects/:projectId',
      {
        schema: {
          tags: ['projects'],
          summary: 'One project (members only)',
          params: projectParamsSchema,
          response: { 200: projectResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Project fetched successfully',
        data: await getProject(ctx, currentUser(request), request.params.projectId),
      }),
    );

    app.put(
      '/projects/:projectId',
      {
        schema: {
          tags: ['projects'],
          summary: 'Edit a project (ADMIN, MODERATOR); a stale version is 409',
          params: projectParamsSchema,
          querystring: updateProjectQuerySchema,
          body: updateProjectBodySchema,
          response: { 200: projectResponseSchema, ...withConflict },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Project updated successfully!',
        data: await updateProject(ctx, currentUser(request), request.params.projectId, request.body),
      }),
    );

    app.delete(
      '/projects/:projectId',
      {
        schema: {
          tags: ['projects'],
          summary: 'Delete a project and everything in it (ADMIN)',
          params: projectParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await deleteProject(ctx, currentUser(request), request.params.projectId);
        return { success: true as const, message: 'Project deleted successfully!' };
      },
    );

    app.get(
      '/projects/:projectId/members',
      {
        schema: {
          tags: ['projects'],
          summary: "A project's members",
          params: projectParamsSchema,
          response: { 200: membersResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Members fetched successfully',
        data: (await listMembers(ctx, currentUser(request), request.params.projectId)).map(presentMember),
      }),
    );

    app.post(
      '/projects/:projectId/members',
      {
        schema: {
          tags: ['projects'],
          summary: 'Add a member (ADMIN any role; MODERATOR only MEMBER or VIEWER)',
          params: projectParamsSchema,
          body: addMemberBodySchema,
          response: { 201: memberResponseSchema, ...withConflict },
        },
      },
      async (request, reply) => {
        const member = await addMember(ctx, currentUser(request), request.params.projectId, request.body.userId, request.body.role);
        return reply.status(201).send({
          success: true,
          message: `${member.user.fullName} added to project successfully!`,
          data: presentMember(member),
        });
      },
    );

    app.put(
      '/projects/:projectId/members/:userId',
      {
        schema: {
          tags: ['projects'],
          summary: "Change a member's role (ADMIN); the last ADMIN cannot be demoted",
          params: memberParamsSchema,
          body: updateMemberBodySchema,
          response: { 200: memberResponseSchema, ...withConflict },
        },
      },
      async (request) => {
        const { projectId, userId } = request.params;
        const member = await changeMemberRole(ctx, currentUser(request), projectId, userId, request.body.role);
        return { success: true as const, message: 'Member role updated successfully!', data: presentMember(member) };
      },
    );

    app.delete(
      '/projects/:projectId/members/:userId',
      {
        schema: {
          tags: ['projects'],
          summary: 'Remove a member (ADMIN any; MODERATOR only MEMBER or VIEWER), or leave (any member, their own id); the last ADMIN stays',
          params: memberParamsSchema,
          response: { 200: messageResponseSchema, ...withConflict },
        },
      },
      async (request) => {
        await removeMember(ctx, currentUser(request), request.params.projectId, request.params.userId);
        return { success: true as const, message: 'Member removed from project successfully!' };
      },
    );
  };
}
