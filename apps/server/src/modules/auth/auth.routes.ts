import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readDeviceCookie, setDeviceCookie } from '../../http/device-cookie.js';
import { SMALL_BODY_LIMIT_BYTES } from '../../http/json-body.js';
import { setChallengeCookie } from '../../http/login-challenge-cookie.js';
import { route } from '../../http/operation-route.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { login, logout, register } from './auth.service.js';
import { describeRegistration } from './registration.service.js';

/** Open to anyone, so their bodies are kept small: 413 past 8 KB, unread. */
const small = { bodyLimit: SMALL_BODY_LIMIT_BYTES };

export function authRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      operations.auth.register,
      async (request, reply) => {
        const user = await register(ctx, request.body, request.ip);
        return reply.status(201).send({ success: true, message: 'Registration successful', data: user });
      },
      small,
    );

    route(
      app,
      operations.auth.login,
      async (request, reply) => {
        const { cookieSecure } = ctx.config;
        const signedIn = await login(ctx, request.body, {
          ip: request.ip,
          deviceToken: readDeviceCookie(request, cookieSecure),
          userAgent: request.headers['user-agent']?.slice(0, 512),
        });
        if ('twoFactorRequired' in signedIn) {
          // No session yet: the second step (POST /auth/login/2fa) finds this sign-in by its cookie.
          setChallengeCookie(reply, signedIn.challenge.token, signedIn.challenge.expiresAt, cookieSecure);
          return { success: true as const, data: { twoFactorRequired: true as const }, message: 'Enter the code from your authenticator app' };
        }
        setSessionCookie(reply, signedIn.token, signedIn.expiresAt, cookieSecure);
        setDeviceCookie(reply, signedIn.deviceToken, cookieSecure);
        return { success: true as const, data: signedIn.user, message: 'Login successful' };
      },
      small,
    );

    route(app, operations.auth.registration, async (request) => ({
      success: true as const,
      data: await describeRegistration(ctx, request.query.invite),
    }));

    route(
      app,
      operations.auth.logout,
      async (request, reply) => {
        await logout(ctx, readSessionToken(request, ctx.config.cookieSecure));
        clearSessionCookie(reply, ctx.config.cookieSecure);
        return { success: true as const, message: 'Logged out successfully' };
      },
      small,
    );
  };
}
