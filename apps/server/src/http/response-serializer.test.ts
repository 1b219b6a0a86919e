import { allOperations, responseSchemasOf, taskResponseSchema } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler, compileResponseWriter, responseJsonSchema, ResponseSchemaMismatchError } from './response-serializer.js';

const compile = (schema: z.ZodType, verify = false) =>
  compiledSerializerCompiler({ verify })({ schema, method: 'GET', url: '/test', httpStatus: '200' } as never) as (data: unknown) => string;

const person = z.object({ _id: z.string(), fullName: z.string() });
const entry = z.discriminatedUnion('action', [
  z.object({ action: z.literal('CREATED'), details: z.object({ title: z.string() }) }),
  z.object({ action: z.literal('RENAMED'), details: z.object({ from: z.string(), to: z.string() }) }),
]);
const answer = z.object({ success: z.literal(true), data: z.object({ owner: person.nullable(), history: z.array(entry), note: z.string().nullable() }) });

describe('the compiled response serializer', () => {
  it('writes only what the schema names, at every depth', () => {
    const write = compile(answer);
    const text = write({
      success: true,
      secret: 'top level',
      data: {
        owner: { _id: 'u1', fullName: 'Ada', passwordHash: 'argon2id$...' },
        history: [{ action: 'CREATED', details: { title: 'A', internal: 1 }, userId: 'x' }],
        note: null,
        sessionToken: 'abc',
      },
    });
    expect(JSON.parse(text)).toEqual({
      success: true,
      data: { owner: { _id: 'u1', fullName: 'Ada' }, history: [{ action: 'CREATED', details: { title: 'A' } }], note: null },
    });
    expect(text).not.toMatch(/secret|argon2id|passwordHash|sessionToken|internal/);
  });

  it('writes a null reference as null and tells the branches of a union apart by their constant', () => {
    const write = compile(answer);
    const data = {
      success: true,
      data: {
        owner: null,
        history: [
          { action: 'RENAMED', details: { from: 'a', to: 'b', title: 'not of this branch' } },
          { action: 'CREATED', details: { title: 'A', from: 'not of this branch' } },
        ],
        note: 'n',
      },
    };
    expect(JSON.parse(write(data))).toEqual({
      success: true,
      data: { owner: null, history: [{ action: 'RENAMED', details: { from: 'a', to: 'b' } }, { action: 'CREATED', details: { title: 'A' } }], note: 'n' },
    });
  });

  it('refuses an answer that lacks a required field or holds a value of another type, as the zod pass did', () => {
    expect(() => compile(answer)({ success: true, data: { owner: null, history: [] } })).toThrow(/note/);
    expect(() => compile(answer)({ success: true, data: { owner: null, history: [], note: 7 } })).toThrow(/note/);
  });

  it('rewrites nullables and discriminated unions so no branch is tried per value, each branch test a schema of its own', () => {
    const { schema, tests } = responseJsonSchema(taskResponseSchema);
    const json = JSON.stringify(schema);
    expect(json).not.toMatch(/"anyOf"|"oneOf"/);
    // Ajv compiles only these few lines for an `if`, not the whole answer it would point into.
    expect(json).toMatch(/"if":\{"\$ref":"branch-action-CREATED"\}/);
    expect(tests['branch-action-CREATED']).toEqual({
      $id: 'branch-action-CREATED',
      type: 'object',
      properties: { action: { const: 'CREATED' } },
      required: ['action'],
    });
  });

  it('a constant that cannot name a schema is tested in place, and its branches are still told apart', () => {
    const spaced = z.object({
      entry: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('to do'), title: z.string() }),
        z.object({ kind: z.literal('done/closed'), at: z.string() }),
      ]),
    });
    const { schema, tests } = responseJsonSchema(spaced);
    expect(tests).toEqual({});
    expect(JSON.stringify(schema)).toMatch(/"if":\{"type":"object","properties":\{"kind":\{"const":"to do"\}/);
    const write = compile(spaced);
    expect(JSON.parse(write({ entry: { kind: 'to do', title: 'A', at: 'x' } }))).toEqual({ entry: { kind: 'to do', title: 'A' } });
    expect(JSON.parse(write({ entry: { kind: 'done/closed', title: 'A', at: 'x' } }))).toEqual({ entry: { kind: 'done/closed', at: 'x' } });
  });

  it('compiles the answer of every operation of the contract', () => {
    let compiled = 0;
    for (const operation of allOperations) {
      for (const schema of Object.values(responseSchemasOf(operation))) {
        expect(typeof compileResponseWriter(schema)).toBe('function');
        compiled += 1;
      }
    }
    expect(compiled).toBeGreaterThan(allOperations.length);
  });

  it('in verify mode (the test servers), an answer the zod pass would write differently throws', () => {
    const write = compile(answer, true);
    // The compiled serializer alone would write this entry by its last branch; the zod pass refuses it.
    const unknownAction = { action: 'DELETED', details: { from: 'a', to: 'b' } };
    expect(() => compile(answer)({ success: true, data: { owner: null, history: [unknownAction], note: 'n' } })).not.toThrow();
    expect(() => write({ success: true, data: { owner: null, history: [unknownAction], note: 'n' } })).toThrow(ResponseSchemaMismatchError);
    expect(write({ success: true, data: { owner: null, history: [], note: 'n' } })).toBe('{"success":true,"data":{"owner":null,"history":[],"note":"n"}}');
  });
});
