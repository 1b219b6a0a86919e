import type { AnyOperation, errorResponseSchema } from '@tasklane/contract';
import { responseSchemasOf } from '@tasklane/contract';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyBaseLogger,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentWith } from './docs.js';

/** A Fastify instance (or plugin scope) whose schemas are the contract's zod schemas. */
export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

type SchemaOrUndefined<O, K extends string> = O extends { [P in K]: infer S } ? S : undefined;

/** The Fastify route schema an operation gives, as a type: what the handler's request and reply are typed by. */
export type RouteSchemaOf<O extends AnyOperation> = {
  params: SchemaOrUndefined<O, 'params'>;
  querystring: SchemaOrUndefined<O, 'query'>;
  body: SchemaOrUndefined<O, 'body'>;
  response: O['responses'] & { [S in O['errors'][number]]: typeof errorResponseSchema };
};

/** A handler for an operation: request.params, .query and .body typed from its schemas, and its answer checked against them. */
export type OperationHandler<O extends AnyOperation> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchemaOf<O>,
  ZodTypeProvider
>;

/** What a route may add to its operation: transport settings, never its method, path or schemas. */
export type RouteSettings = Pick<RouteShorthandOptions, 'bodyLimit' | 'logLevel'>;

/**
 * Registers an operation's route: method, URL (the contract's path, less the scope's prefix),
 * and the schemas Fastify validates input and serializes output with, which the OpenAPI
 * document is generated from. A multipart body and a raw answer (a download, a stream) are
 * documented from the entry too.
 */
export function route<O extends AnyOperation>(app: ZodApp, operation: O, handler: OperationHandler<O>, settings: RouteSettings = {}) {
  const prefix = app.prefix;
  if (!operation.path.startsWith(`${prefix}/`)) {
    throw new Error(`Operation ${operation.name} (${operation.path}) cannot be registered under ${prefix || '/'}`);
  }
  const { multipartBody, rawResponse } = operation;
  app.route({
    ...settings,
    method: operation.method,
    url: operation.path.slice(prefix.length),
    // A raw answer has no HEAD twin: a download or a stream would be opened only to be thrown away.
    // It goes out as written, never compressed (http/compression.ts): a file may be compressed
    // already, and an event must never wait in a compressor's buffer; text the contract marks
    // compressible (a calendar feed) is compressed as JSON is.
    ...(rawResponse ? { exposeHeadRoute: false, ...(rawResponse.isCompressible ? {} : { compress: false as const }) } : {}),
    schema: {
      operationId: operation.name,
      tags: [...operation.tags],
      summary: operation.summary,
      ...(multipartBody ? { consumes: ['multipart/form-data'] } : {}),
      ...(operation.params ? { params: operation.params } : {}),
      ...(operation.query ? { querystring: operation.query } : {}),
      ...(operation.body ? { body: operation.body } : {}),
      response: responseSchemasOf(operation),
    },
    ...(multipartBody || rawResponse
      ? {
          config: {
            swaggerTransform: documentWith((schema) => {
              if (multipartBody) schema.body = multipartBody;
              if (rawResponse) {
                schema.produces = [rawResponse.contentType];
                const body = { description: rawResponse.description, type: 'string', ...(rawResponse.format ? { format: rawResponse.format } : {}) };
                schema.response = { ...(schema.response as Record<string, unknown>), [rawResponse.status]: body };
              }
            }),
          },
        }
      : {}),
    // The handler's types come from the same operation as the schema above.
    handler: handler as RouteHandlerMethod,
  });
}
