import type { z } from 'zod';
import { errorResponseSchema } from '../errors.js';
import type { OperationRoute, OperationRoutes } from './routes.js';

/** The statuses an operation may answer with the contract's error envelope. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

/**
 * What an answer that is not JSON looks like (a download, an event stream): the OpenAPI
 * document says it, the server sends it as is, the client does not parse it.
 */
export interface RawResponse {
  readonly status: 200;
  readonly contentType: string;
  readonly description: string;
  readonly format?: 'binary';
  /**
   * Text worth compressing for clients that accept it (a calendar feed); raw answers are sent as
   * written otherwise (a file may be compressed already, an event must never wait in a buffer).
   */
  readonly isCompressible?: boolean;
}

/** An operation's schemas and documentation: everything but its route. */
export interface OperationSchemas {
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * A multipart body, documented by this JSON schema (zod cannot describe files); the server
   * parses it itself.
   */
  readonly multipartBody?: Readonly<Record<string, unknown>>;
  /** The JSON answers by status (success ones, and any other status with its own shape). */
  readonly responses: Readonly<Record<number, z.ZodType>>;
  /** The statuses answered with the error envelope (errorResponseSchema). */
  readonly errors: readonly ErrorStatus[];
  readonly rawResponse?: RawResponse;
}

/** One operation: its name, route and schemas. */
export type Operation<
  Name extends string = string,
  Route extends OperationRoute = OperationRoute,
  Schemas extends OperationSchemas = OperationSchemas,
> = Schemas & { readonly name: Name; readonly method: Route['method']; readonly path: Route['path'] };

export type AnyOperation = Operation<string, OperationRoute, OperationSchemas>;

type SchemasFor<Routes extends OperationRoutes> = { [G in keyof Routes]: { [N in keyof Routes[G]]: OperationSchemas } };

export type OperationsOf<Routes extends OperationRoutes, Defs extends SchemasFor<Routes>> = {
  [G in keyof Routes]: {
    [N in keyof Routes[G]]: Defs[G][N & keyof Defs[G]] extends infer S extends OperationSchemas
      ? Operation<`${G & string}.${N & string}`, Routes[G][N] & OperationRoute, S>
      : never;
  };
};

/**
 * Joins each route with its schemas. Both tables have the same groups and names (the types
 * require it), so an operation cannot have a route without schemas or the other way round.
 */
export function defineOperations<Routes extends OperationRoutes, const Defs extends SchemasFor<Routes>>(
  routes: Routes,
  definitions: Defs & { [G in Exclude<keyof Defs, keyof Routes>]: never },
): OperationsOf<Routes, Defs> {
  const result: Record<string, Record<string, AnyOperation>> = {};
  for (const [group, entries] of Object.entries(routes) as [string, Record<string, OperationRoute>][]) {
    result[group] = {};
    for (const [name, route] of Object.entries(entries)) {
      const schemas = (definitions as Record<string, Record<string, OperationSchemas>>)[group]?.[name];
      if (!schemas) throw new Error(`Operation ${group}.${name} has a route but no schemas`);
      result[group]![name] = { ...schemas, name: `${group}.${name}`, method: route.method, path: route.path };
    }
  }
  return result as OperationsOf<Routes, Defs>;
}

/** Every operation of a table, as a list. */
export function listOperations(operations: Record<string, Record<string, AnyOperation>>): AnyOperation[] {
  return Object.values(operations).flatMap((group) => Object.values(group));
}

/** The response schemas for the route's `response`: the JSON answers plus the error envelope for each error status. */
export function responseSchemasOf(operation: AnyOperation): Record<number, z.ZodType> {
  const responses: Record<number, z.ZodType> = { ...operation.responses };
  for (const status of operation.errors) responses[status] = errorResponseSchema;
  return responses;
}

/** The first 2xx JSON answer's status: the one a successful call gets. */
export function successStatusOf(operation: Pick<AnyOperation, 'responses'>): number | undefined {
  return Object.keys(operation.responses)
    .map(Number)
    .find((status) => status >= 200 && status < 300);
}

type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;
type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler reads, after validation (defaults filled in, values coerced). */
export type ParamsOf<O> = O extends { params: infer S } ? SchemaOutput<S> : undefined;
export type QueryOf<O> = O extends { query: infer S } ? SchemaOutput<S> : undefined;
export type BodyOf<O> = O extends { body: infer S } ? SchemaOutput<S> : undefined;

/** What a client sends (before the server's validation). */
export type ParamsInputOf<O> = O extends { params: infer S } ? SchemaInput<S> : undefined;
export type QueryInputOf<O> = O extends { query: infer S } ? SchemaInput<S> : undefined;
export type BodyInputOf<O> = O extends { body: infer S } ? SchemaInput<S> : undefined;

type SuccessStatus = 200 | 201 | 202;
/** The body of a successful answer, as a client reads it. */
export type ResponseOf<O> = O extends { responses: infer R }
  ? { [S in keyof R & SuccessStatus]: SchemaOutput<R[S]> }[keyof R & SuccessStatus]
  : never;
