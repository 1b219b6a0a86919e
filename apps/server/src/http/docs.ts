import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { cookieName, SESSION_COOKIE } from './cookies.js';
import { docsContentSecurityPolicy } from './security-headers.js';

/** The OpenAPI document is generated from the routes' contract schemas, never by hand. */
export async function registerApiDocs(app: FastifyInstance, options: { cookieSecure: boolean }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tasklane API',
        version: '1.0.0',
        description:
          'The Tasklane REST API. Authentication is by the HttpOnly session cookie set by POST /api/v1/auth/login, or, for scripts, by a personal API token made in Settings (POST /api/v1/users/me/tokens) and sent as `Authorization: Bearer tl_...`: it acts as its person on every route (a read token only reads), without the origin check.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: cookieName(SESSION_COOKIE, options.cookieSecure) },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'tl_ and 43 base64url characters',
            description: 'A personal API token (decision 038): `read` tokens get 403 on any method but GET and HEAD',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: docsContentSecurityPolicy,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

type RouteTransform = Parameters<typeof jsonSchemaTransform>[0];

/**
 * A route-level OpenAPI transform for what a zod schema cannot say (a multipart body, a binary
 * response): the usual transform, then `patch` on the generated schema.
 */
export function documentWith(patch: (schema: Record<string, unknown>) => void) {
  return (route: RouteTransform) => {
    const result = jsonSchemaTransform(route);
    patch(result.schema as Record<string, unknown>);
    return result;
  };
}
