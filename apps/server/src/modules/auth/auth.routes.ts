import {
  errorResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  registerBodySchema,
  registerResponseSchema,
} from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readDeviceCookie, setDeviceCookie } from '../../http/device-cookie.js';
import { SMALL_BODY_LIMIT_BYTES } from '../../http/json-body.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { presentUser } from '../users/users.presenter.js';
import { login, logout, register } from './auth.service.js';

/** Open to anyone, so their bodies are kept small: 413 past 8 KB, unread. */
export function authRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/register',
      {
        bodyLimit: SMALL_BODY_LIMIT_BYTES,
        schema: {
          tags: ['auth'],
          summary: 'Create an account',
          body: registerBodySchema,
          response: { 201: registerResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const user = await register(ctx, request.body, request.ip);
        return reply.status(201).send({ success: true, message: 'Registration successful', data: presentUser(user) });
      },
    );

    app.post(
      '/auth/login',
      {
        bodyLimit: SMALL_BODY_LIMIT_BYTES,
        schema: {
          tags: ['auth'],
          summary: 'Sign in: receive the session cookie, and the device cookie that exempts this browser from lockouts caused elsewhere',
          body: loginBodySchema,
          response: { 200: loginResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { cookieSecure } = ctx.config;
        const signedIn = await login(ctx, request.body, { ip: request.ip, deviceToken: readDeviceCookie(request, cookieSecure) });
        setSessionCookie(reply, signedIn.token, signedIn.expiresAt, cookieSecure);
        setDeviceCookie(reply, signedIn.deviceToken, cookieSecure);
        return { success: true as const, data: presentUser(signedIn.user), message: 'Login successful' };
      },
    );

    app.post(
      '/auth/logout',
      {
        bodyLimit: SMALL_BODY_LIMIT_BYTES,
        schema: {
          tags: ['auth'],
          summary: 'Sign out: ends the session on the server',
          response: { 200: messageResponseSchema },
        },
      },
      async (request, reply) => {
        await logout(ctx, readSessionToken(request, ctx.config.cookieSecure));
        clearSessionCookie(reply, ctx.config.cookieSecure);
        return { success: true as const, message: 'Logged out successfully' };
      },
    );
  };
}
