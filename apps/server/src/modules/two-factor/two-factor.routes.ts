import { operations } from '@tasklane/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readDeviceCookie, setDeviceCookie } from '../../http/device-cookie.js';
import { SMALL_BODY_LIMIT_BYTES } from '../../http/json-body.js';
import { clearChallengeCookie, readChallengeCookie } from '../../http/login-challenge-cookie.js';
import { route } from '../../http/operation-route.js';
import { currentUser, requireUser, setSessionCookie } from '../../http/session.js';
import type { ServiceContext } from '../context.js';
import { completeLogin, confirmTwoFactor, disableTwoFactor, enrolTwoFactor } from './two-factor.service.js';

const small = { bodyLimit: SMALL_BODY_LIMIT_BYTES };

export function twoFactorRoutes(ctx: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The account's own settings: signed in only.
    await app.register(async (account) => {
      account.addHook('onRequest', requireUser(ctx));

      route(account, operations.twoFactor.enrol, async (request) => ({
        success: true as const,
        data: await enrolTwoFactor(ctx, currentUser(request)),
        message: 'Scan the QR code with your authenticator app, then enter the code it shows',
      }));

      route(
        account,
        operations.twoFactor.confirm,
        async (request) => ({
          success: true as const,
          data: { recoveryCodes: await confirmTwoFactor(ctx, currentUser(request), request.body.code) },
          message: 'Two-factor sign-in is on',
        }),
        small,
      );

      route(
        account,
        operations.twoFactor.disable,
        async (request) => {
          const client = { ip: request.ip, deviceToken: readDeviceCookie(request, ctx.config.cookieSecure) };
          await disableTwoFactor(ctx, currentUser(request), request.body.password, client);
          return { success: true as const, message: 'Two-factor sign-in is off' };
        },
        small,
      );
    });

    // The second step of a sign-in: open to anyone who holds a challenge cookie.
    route(
      app,
      operations.twoFactor.completeLogin,
      async (request, reply) => {
        const { cookieSecure } = ctx.config;
        const signedIn = await completeLogin(ctx, request.body, {
          ip: request.ip,
          deviceToken: readDeviceCookie(request, cookieSecure),
          challengeToken: readChallengeCookie(request, cookieSecure),
          userAgent: request.headers['user-agent']?.slice(0, 512),
        });
        clearChallengeCookie(reply, cookieSecure);
        setSessionCookie(reply, signedIn.token, signedIn.expiresAt, cookieSecure);
        setDeviceCookie(reply, signedIn.deviceToken, cookieSecure);
        return { success: true as const, data: signedIn.user, message: 'Login successful' };
      },
      small,
    );
  };
}
