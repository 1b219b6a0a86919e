import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas in the server's OpenAPI document, which the
 * contract's zod schemas generate: valid values of a schema, and values that break it.
 */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
};

/** Picks real ids (or other values) for fields by name, so that valid requests can succeed. */
export type FieldHints = (name: string) => fc.Arbitrary<unknown> | undefined;

const uuid = fc.uuid();
const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** Text that is worth sending: letters, punctuation, SQL and markup metacharacters, unicode. */
function text(minLength: number, maxLength: number) {
  const pieces = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.constantFrom("'", '"', ';', '--', '%', '_', '\\', '<b>', '</script>', '$1', '😀', 'é', '\t', ' ', '日本'),
  );
  return fc
    .array(pieces, { maxLength: 8 })
    .map((parts) => parts.join(''))
    // PostgreSQL text cannot hold NUL; the server refuses it (tested among the invalid inputs).
    .map((value) => value.split(String.fromCharCode(0)).join(''))
    .map((value) => (value.trim().length >= minLength ? value : `${value}${'x'.repeat(minLength)}`))
    .map((value) => [...value].slice(0, maxLength).join(''))
    .filter((value) => value.trim().length >= minLength && [...value].length <= maxLength);
}

export function validArbitrary(schema: JsonSchema, name = '', hints: FieldHints = () => undefined): fc.Arbitrary<unknown> {
  const hinted = name ? hints(name) : undefined;
  if (hinted) return hinted;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => validArbitrary(option, name, hints)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1_000_000, 1_000_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000, noNaN: true, noDefaultInfinity: true });
    case 'array': {
      const items = validArbitrary(schema.items ?? {}, `${name}[]`, hints);
      return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
    }
    case 'object':
      return objectArbitrary(schema, hints);
    case 'string':
    default:
      return stringArbitrary(schema);
  }
}

function stringArbitrary(schema: JsonSchema) {
  if (schema.format === 'uuid') return uuid;
  if (schema.pattern?.startsWith('^\\d{4}-\\d{2}-\\d{2}')) return isoDate;
  if (schema.pattern === '^#[0-9A-Fa-f]{6}$') return fc.stringMatching(/^#[0-9A-Fa-f]{6}$/);
  if (schema.pattern) {
    const maxLength = schema.maxLength ?? 60;
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((value) => value.length >= (schema.minLength ?? 0) && value.length <= maxLength);
  }
  return text(schema.minLength ?? 0, Math.min(schema.maxLength ?? 200, 300));
}

function objectArbitrary(schema: JsonSchema, hints: FieldHints) {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(([key, value]) => [key, validArbitrary(value, key, hints)] as const);
  return fc.record(Object.fromEntries(entries), { requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)) });
}

/** A value that breaks `schema` in one way or another (or, now and then, by luck does not). */
export function invalidArbitrary(schema: JsonSchema, hints: FieldHints = () => undefined): fc.Arbitrary<unknown> {
  const wrongShapes = fc.oneof(
    fc.constant(null),
    fc.integer(),
    fc.string(),
    fc.array(fc.anything(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 10 }), fc.anything({ maxDepth: 2 }), { maxKeys: 4 }),
  );
  if (schema.type !== 'object' || !schema.properties) return fc.oneof(wrongShapes, breakLeaf(schema));
  const keys = Object.keys(schema.properties);
  const brokenField = fc.constantFrom(...keys).chain((key) =>
    fc.tuple(validArbitrary(schema, '', hints), fc.constant(key), breakLeaf(schema.properties![key]!)).map(([valid, field, broken]) => ({
      ...(valid as Record<string, unknown>),
      [field]: broken,
    })),
  );
  const missingRequired = (schema.required ?? []).length
    ? fc.tuple(validArbitrary(schema, '', hints), fc.constantFrom(...schema.required!)).map(([valid, field]) => {
        const copy = { ...(valid as Record<string, unknown>) };
        delete copy[field];
        return copy;
      })
    : brokenField;
  return fc.oneof({ arbitrary: brokenField, weight: 5 }, { arbitrary: missingRequired, weight: 2 }, { arbitrary: wrongShapes, weight: 1 });
}

/** A value of the wrong type, out of range, too long, or not one of the allowed values. */
export function breakLeaf(schema: JsonSchema): fc.Arbitrary<unknown> {
  // 'bad' stays short: a fuzzed password is a secret for the log audit, and a common word would be
  // found in every log line whose URL carries the same breaker.
  const breakers: Array<fc.Arbitrary<unknown>> = [fc.constantFrom(true, 12.5, -1, [], {}, 'bad', '', '   ')];
  if (schema.maxLength !== undefined) {
    breakers.push(fc.integer({ min: 1, max: 50 }).map((extra) => 'y'.repeat(schema.maxLength! + extra)));
  }
  if (schema.maximum !== undefined) breakers.push(fc.integer({ min: 1, max: 1000 }).map((extra) => schema.maximum! + extra));
  if (schema.minimum !== undefined) breakers.push(fc.integer({ min: 1, max: 1000 }).map((extra) => schema.minimum! - extra));
  if (schema.enum) breakers.push(fc.constantFrom('NOPE', 'blocked', 'Pending', 'DROP TABLE'));
  if (schema.format === 'uuid') breakers.push(fc.constantFrom('12', 'xyz', '00000000-0000-0000-0000', '../../etc/passwd'));
  if (schema.type === 'array') breakers.push(fc.array(fc.constant('z'), { minLength: (schema.maxItems ?? 20) + 1, maxLength: (schema.maxItems ?? 20) + 3 }));
  return fc.oneof(...breakers);
}
