import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/*
 * Issue 15 §2: answers are written by fast-json-stringify, compiled once per route and status
 * from the contract's zod schema (its JSON Schema, as the OpenAPI document shows it), instead of
 * a zod pass plus JSON.stringify per answer. What the schema does not name never leaves: every
 * object schema of an answer is closed (zod's output JSON Schema says `additionalProperties:
 * false`), and fast-json-stringify writes the named properties only. A required property that is
 * missing throws, as the zod pass did, and the error handler answers 500.
 */

type JsonSchema = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNullSchema = (schema: unknown) => isObject(schema) && schema.type === 'null' && Object.keys(schema).length === 1;
/** Keywords that only describe: they do not change what is written. */
const DESCRIPTIVE = new Set(['description', 'title', 'examples', 'example', 'default', 'deprecated']);
/** Keywords whose value is a map of property names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

/** The property every branch pins to a different constant (`action` of a history entry), if any. */
function discriminatorOf(branches: JsonSchema[]): string | undefined {
  if (!branches.every((branch) => branch.type === 'object' && isObject(branch.properties))) return undefined;
  const first = branches[0]!.properties as Record<string, JsonSchema>;
  for (const key of Object.keys(first)) {
    const constants = branches.map((branch) => {
      const property = (branch.properties as Record<string, JsonSchema>)[key];
      const required = Array.isArray(branch.required) && branch.required.includes(key);
      return isObject(property) && 'const' in property && required ? JSON.stringify(property.const) : undefined;
    });
    if (constants.every((constant) => constant !== undefined) && new Set(constants).size === branches.length) return key;
  }
  return undefined;
}

/**
 * The test of one branch of a discriminated union (`action` is `CREATED`), as a schema of its
 * own that the chain's `if` names by `$ref`. fast-json-stringify checks an `if` with Ajv, and Ajv
 * compiles the whole schema a JSON pointer points into before the pointed part: for a task's
 * answer that was about a second of CPU on the route's first answer, where these few-line schemas
 * compile in milliseconds.
 */
function branchTest(key: string, constant: unknown, tests: Record<string, JsonSchema>): JsonSchema {
  const condition = { type: 'object', properties: { [key]: { const: constant } }, required: [key] };
  // Ids of letters, digits and _ - only, so that no id needs escaping; any other constant is tested in place.
  const id = `branch-${key}-${String(constant)}`;
  if (typeof constant !== 'string' || !/^[\w-]+$/.test(id)) return condition;
  tests[id] = { $id: id, ...condition };
  return { $ref: id };
}

/**
 * Rewrites the two unions zod emits into forms fast-json-stringify writes without trying each
 * branch with a validator per value: `anyOf [X, null]` (a nullable) becomes X with a type list,
 * and a union of objects told apart by one constant property (a discriminated union) becomes an
 * if/then/else chain on that property, each `if` a schema of its own put in `tests` (by id).
 * Anything else is kept as it is.
 */
export function serializationSchema(schema: unknown, tests: Record<string, JsonSchema> = {}): unknown {
  if (Array.isArray(schema)) return schema.map((item) => serializationSchema(item, tests));
  if (!isObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] =
      SCHEMA_MAPS.has(key) && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, serializationSchema(sub, tests)]))
        : serializationSchema(value, tests);
  }
  const union = (out.anyOf ?? out.oneOf) as JsonSchema[] | undefined;
  const alone = Object.keys(out).every((key) => key === 'anyOf' || key === 'oneOf' || DESCRIPTIVE.has(key));
  if (!Array.isArray(union) || !alone) return out;
  const branches = union.filter((branch) => !isNullSchema(branch));
  const nullable = branches.length === union.length - 1;
  if (nullable && branches.length === 1 && typeof branches[0]!.type === 'string' && !('const' in branches[0]!)) {
    return { ...branches[0], type: [branches[0]!.type, 'null'] };
  }
  const key = !nullable ? discriminatorOf(branches) : undefined;
  if (!key) return out;
  let chain: JsonSchema = branches[branches.length - 1]!;
  for (let index = branches.length - 2; index >= 0; index--) {
    const constant = ((branches[index]!.properties as Record<string, JsonSchema>)[key] as JsonSchema).const;
    chain = { if: branchTest(key, constant, tests), then: branches[index], else: chain };
  }
  return chain;
}

/** The JSON Schema of an answer's zod schema, as written (its output side), and the branch tests it names. */
export function responseJsonSchema(schema: z.ZodType): { schema: unknown; tests: Record<string, JsonSchema> } {
  const tests: Record<string, JsonSchema> = {};
  const json = serializationSchema(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }), tests);
  return { schema: json, tests };
}

/** fast-json-stringify's writer of an answer's zod schema. */
export function compileResponseWriter(schema: z.ZodType): (data: unknown) => string {
  const json = responseJsonSchema(schema);
  type Schema = Parameters<typeof fastJson>[0];
  return fastJson(json.schema as Schema, { schema: json.tests as unknown as Record<string, Schema> });
}

/** A route's answer could not be written by its schema: a bug of the server, never of the client. */
export class ResponseSchemaMismatchError extends Error {
  constructor(method: string, url: string, detail: string) {
    super(`The answer of ${method} ${url} does not match its schema: ${detail}`);
    this.name = 'ResponseSchemaMismatchError';
  }
}

function resolveZod(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  if (isObject(schema) && schema.properties instanceof z.ZodType) return schema.properties;
  throw new Error(`A response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * Fastify's serializer compiler for the contract's schemas. With `verify` (the test servers),
 * every answer is also run through the zod pass it replaced, and any difference (a field the
 * schema drops, a value it would refuse) throws: the whole API suite checks the two agree.
 */
export function compiledSerializerCompiler(options: { verify?: boolean } = {}): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = resolveZod(schema);
    // Compiled on the route's first answer of this status, not at start: most routes and error
    // statuses of a running server are never answered, and each compiled writer costs memory.
    let compiled: ((data: unknown) => string) | undefined;
    const stringify = (data: unknown) => {
      compiled ??= compileResponseWriter(zodSchema);
      return compiled(data);
    };
    if (!options.verify) return stringify;
    return (data: unknown) => {
      const written = stringify(data);
      const checked = z.safeEncode(zodSchema, data);
      if (!checked.success) throw new ResponseSchemaMismatchError(method, url, checked.error.message);
      const expected: unknown = JSON.parse(JSON.stringify(checked.data));
      if (!isDeepStrictEqual(JSON.parse(written), expected)) {
        throw new ResponseSchemaMismatchError(method, url, `the compiled serializer wrote ${written.slice(0, 2000)}, the schema gives ${JSON.stringify(expected).slice(0, 2000)}`);
      }
      return written;
    };
  };
}
