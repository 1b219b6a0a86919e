import { cleanFileName, webhookEventTypes } from '@tasklane/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCategory,
  buildFeature,
  buildProject,
  buildSignedInAdmin,
  buildSignedInUser,
  buildTask,
  buildTodo,
  buildUser,
  DEFAULT_PASSWORD,
  type SignedInUser,
} from '../test/factories.js';
import { multipartBody, type FormPart } from '../test/multipart.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { breakLeaf, invalidArbitrary, validArbitrary, type FieldHints, type JsonSchema } from './schema-arbitraries.js';

/**
 * Fuzzing (issue 7): for every operation of the OpenAPI document (generated from the contract),
 * fast-check builds valid and invalid bodies, path parameters and queries. The server never
 * answers 5xx; every 4xx carries the error envelope; what a valid create or update accepted
 * comes back unchanged (but for the documented normalizations: trimming, lower-cased emails,
 * upper-cased colours, the BLOCK synonym, calendar dates).
 */
const VALID_RUNS = Number(process.env.FUZZ_VALID_RUNS ?? 140);
const INVALID_RUNS = Number(process.env.FUZZ_INVALID_RUNS ?? 140);
// Sign-in and registration hash passwords on purpose slowly: fewer runs there.
const SLOW_OPERATIONS = new Set(['POST /api/v1/auth/register', 'POST /api/v1/auth/login']);

type Parameter = { in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema };
type Operation = { method: string; path: string; parameters: Parameter[]; body?: JsonSchema };
type Input = { params: Record<string, unknown>; query: Record<string, unknown>; body?: unknown; rawBody?: string; contentType?: string };

let server: TestServer;
let owner: SignedInUser;
let world: Record<'workspace' | 'project' | 'feature' | 'task' | 'todo' | 'todoCategory' | 'taskCategory' | 'member', string>;
let freshUsers: string[] = [];
const operations: Operation[] = [];
const counts = { requests: 0, twoHundreds: 0, fourHundreds: 0, roundTrips: 0 };

beforeAll(async () => {
  server = await startTestServer({
    authRateLimit: { perIp: 10_000_000, windowMs: 60_000 },
    loginFailures: { max: 10_000_000, maxPerIp: 10_000_000, windowMs: 60_000 },
    passwordResetLimits: { perIp: 10_000_000, perEmail: 10_000_000, windowMs: 60_000 },
  });
  // An administrator of the instance too, so the admin routes (issue 16) are fuzzed past their 403.
  owner = await buildSignedInAdmin(server);
  const member = await buildUser(server);
  const project = await buildProject(server, owner.cookie, { members: [{ userId: member.id, role: 'MEMBER' }] });
  const feature = await buildFeature(server, owner.cookie, project._id);
  const taskCategory = await buildCategory(server, owner.cookie, { type: 'TASK' });
  const task = await buildTask(server, owner.cookie, feature._id, { categoryId: taskCategory._id });
  const todoCategory = await buildCategory(server, owner.cookie);
  const todo = await buildTodo(server, owner.cookie, { category: todoCategory._id });
  world = {
    workspace: project.workspaceId._id,
    project: project._id,
    feature: feature._id,
    task: task._id,
    todo: todo._id,
    todoCategory: todoCategory._id,
    taskCategory: taskCategory._id,
    member: member.id,
  };
  // People who are not members yet, for valid member additions.
  freshUsers = await Promise.all(Array.from({ length: VALID_RUNS + 20 }, async () => (await buildUser(server)).id));

  const document = (await server.request('GET', '/api/docs/openapi.json')).body;
  for (const [path, methods] of Object.entries<Record<string, any>>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(methods)) {
      // The event stream never ends: its input (lastEventId) is covered by events.routes.test.ts.
      if (operation.responses?.['200']?.content?.['text/event-stream']) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
});

afterAll(async () => {
  console.log(
    `fuzzing: ${counts.requests} requests over ${operations.length} operations ` +
      `(${counts.twoHundreds} 2xx, ${counts.fourHundreds} 4xx, 0 5xx; ${counts.roundTrips} valid writes round-tripped)`,
  );
  await server?.close();
});

/** Real ids and values where a field names something that must exist, so valid requests can succeed. */
function hintsFor(operation: Operation): FieldHints {
  const destroys = operation.method === 'DELETE';
  const isProjects = operation.path.startsWith('/api/v1/projects');
  let nextFresh = 0;
  return (name) => {
    switch (name) {
      case 'category':
        return isProjects ? fc.constant(null) : fc.constant(world.todoCategory);
      case 'categoryId':
        // The default todo category (quick add) is a TODO one; a task's, a TASK one.
        return fc.constant(operation.path === '/api/v1/todos/default-category' ? world.todoCategory : world.taskCategory);
      case 'defaultCategoryId':
        return fc.constantFrom(world.taskCategory, null, '');
      case 'featureId':
        return fc.constant(world.feature);
      case 'projectId':
        return destroys ? fc.uuid() : fc.constant(world.project);
      case 'workspaceId':
        return fc.constant(world.workspace);
      case 'taskId':
        return destroys ? fc.uuid() : fc.constant(world.task);
      case 'todoId':
        return destroys ? fc.uuid() : fc.constant(world.todo);
      case 'id':
        // An administrator's change goes to the member (never the owner, whose session every request uses).
        if (operation.path.startsWith('/api/v1/admin/users') && !destroys) return fc.constant(world.member);
        if (destroys || operation.path.startsWith('/api/v1/categories')) return fc.uuid();
        return fc.constant(operation.path.startsWith('/api/v1/features') ? world.feature : world.workspace);
      case 'userId':
        // A member's role or removal, or a new member for an addition.
        return operation.method === 'POST' ? fc.constant(null).map(() => freshUsers[nextFresh++ % freshUsers.length]) : fc.constant(world.member);
      case 'assigneeId':
        return fc.constantFrom(owner.user.id, world.member, null);
      case 'logo':
      case 'coverImage':
        return fc.oneof(fc.webUrl({ validSchemes: ['https'] }), fc.constant(''));
      case 'slug':
        return fc.uuid().map((value) => `fuzz-${value.slice(0, 8)}`);
      // A project's key: six letters, so a valid write is rarely refused as taken (409).
      case 'key':
        return isProjects ? fc.stringMatching(/^[A-Z]{6}$/) : undefined;
      case 'email':
        return operation.path.endsWith('/login') ? fc.constant(owner.user.email) : fc.uuid().map((value) => `f${value.slice(0, 12)}@example.com`);
      case 'username':
        return fc.uuid().map((value) => `fuzz_${value.slice(0, 12)}`);
      // Every other password unique: the log audit treats each as a secret, and a generated string
      // ('constructor', 'valueOf') would also turn up in an unrelated logged URL by chance.
      // (The other secret fields: see the default below.)
      case 'password':
        return operation.path.endsWith('/login') ? fc.constant(DEFAULT_PASSWORD) : fc.uuid().map((value) => `Fz-${value}`);
      // Two-factor codes of the right shape (the code schemas normalize before they check).
      case 'code':
        return fc.stringMatching(/^\d{6}$/);
      case 'recoveryCode':
        return fc.stringMatching(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{2}$/);
      // A webhook's (issue 20): a public https URL, and events each once in the documented order (as answered).
      case 'url':
        return operation.path.includes('/webhooks') ? fc.webUrl({ validSchemes: ['https'] }) : undefined;
      case 'events':
        return operation.path.includes('/webhooks') ? fc.subarray([...webhookEventTypes], { minLength: 1 }) : undefined;
      default:
        // Any other secret the log audit watches (a field named like a password or a token:
        // currentPassword, newPassword, confirmPassword, token, inviteToken) unique too, for the
        // same reason: a generated 'toString' sent as a reset token was found in a logged search URL.
        return /password|token/i.test(name) ? fc.uuid().map((value) => `Fz-${value}`) : undefined;
    }
  };
}

function validInput(operation: Operation): fc.Arbitrary<Input> {
  const hints = hintsFor(operation);
  const params = fc.record(
    Object.fromEntries(operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, validArbitrary(p.schema, p.name, hints)])),
  );
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const query = fc.record(Object.fromEntries(queryParameters.map((p) => [p.name, validArbitrary(p.schema, p.name, hints)])), {
    requiredKeys: queryParameters.filter((p) => p.required).map((p) => p.name),
  });
  const body = operation.body ? validArbitrary(operation.body, '', hints) : fc.constant(undefined);
  return fc.record({ params, query, body });
}

function invalidInput(operation: Operation): fc.Arbitrary<Input> {
  const hints = hintsFor(operation);
  const breakings: Array<fc.Arbitrary<Input>> = [];
  const valid = validInput(operation);
  for (const parameter of operation.parameters) {
    breakings.push(
      fc.tuple(valid, breakLeaf(parameter.schema)).map(([input, broken]) => ({
        ...input,
        [parameter.in === 'path' ? 'params' : 'query']: { ...input[parameter.in === 'path' ? 'params' : 'query'], [parameter.name]: broken },
      })),
    );
  }
  if (operation.body) {
    breakings.push(fc.tuple(valid, invalidArbitrary(operation.body, hints)).map(([input, body]) => ({ ...input, body })));
    breakings.push(
      fc.tuple(valid, fc.constantFrom('{', '{"a":', 'null', '[]', '{"__proto__":{"x":1}}', '"text"', '\u0000')).map(([input, rawBody]) => ({
        ...input,
        body: undefined,
        rawBody,
      })),
    );
    breakings.push(fc.tuple(valid, fc.string()).map(([input, rawBody]) => ({ ...input, body: undefined, rawBody, contentType: 'text/plain' })));
  }
  if (breakings.length === 0) return valid;
  return fc.oneof(...breakings);
}

function urlFor(operation: Operation, input: Input) {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String(input.params[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query)) {
    if (value === undefined) continue;
    search.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

async function send(operation: Operation, input: Input) {
  const url = urlFor(operation, input);
  // Logging out would end the session every other request runs on.
  const cookie = operation.path === '/api/v1/auth/logout' ? undefined : owner.cookie;
  const response =
    input.rawBody !== undefined
      ? await server.request(operation.method, url, { cookie, rawBody: input.rawBody, headers: { 'content-type': input.contentType ?? 'application/json' } })
      : await server.request(operation.method, url, { cookie, body: input.body });
  counts.requests += 1;
  const label = `${operation.method} ${url} ${JSON.stringify(input.body ?? input.rawBody)?.slice(0, 300)}`;
  if (response.status >= 500) throw new Error(`${response.status} for ${label}: ${response.text}`);
  if (response.status >= 400) {
    counts.fourHundreds += 1;
    if (typeof response.body?.message !== 'string' || typeof response.body?.code !== 'string' || response.body?.success !== false) {
      throw new Error(`${response.status} without the error envelope for ${label}: ${response.text}`);
    }
  } else {
    counts.twoHundreds += 1;
  }
  return response;
}

/** The value the server is documented to store for what was sent. */
function expected(key: string, sent: unknown): unknown {
  if (typeof sent === 'string') {
    const trimmed = sent.trim();
    if (key === 'email') return trimmed.toLowerCase();
    if (key === 'color') return trimmed.toUpperCase();
    if (key === 'status' && trimmed === 'BLOCK') return 'BLOCKED';
    // A todo's repeat rule (decision 036): '' means none; a rule is kept upper-cased without a leading RRULE:.
    if (key === 'recurrence') return trimmed === '' ? null : trimmed.replace(/^RRULE:/i, '').toUpperCase();
    // An API token's expiry (decision 038): a date is the end of that day (UTC), a timestamp its instant.
    if (key === 'expiresAt') return trimmed === '' ? null : new Date(trimmed.length === 10 ? `${trimmed}T23:59:59.999Z` : trimmed).toISOString();
    if (key === 'dueDate') return trimmed === '' ? null : new Date(trimmed.length === 10 ? `${trimmed}T00:00:00Z` : trimmed).toISOString().slice(0, 10);
    if (['logo', 'coverImage', 'assigneeId', 'category', 'categoryId', 'defaultCategoryId'].includes(key) && trimmed === '') return null;
    return trimmed;
  }
  if (Array.isArray(sent)) return sent.map((item) => expected(key, item));
  if (sent === null && key === 'description') return '';
  return sent;
}

/** What came back for a field, reduced to what was sent: ids of populated references, calendar days. */
function received(key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && '_id' in value) return (value as { _id: string })._id;
  if (key === 'dueDate' && typeof value === 'string') return value.slice(0, 10);
  return value;
}

function compareRoundTrip(label: string, sent: Record<string, unknown>, data: Record<string, unknown>) {
  for (const [key, value] of Object.entries(sent)) {
    // Passwords are never echoed; attachments come through their own upload route; a version is a
    // precondition (the answer carries the next one).
    if (!(key in data) || ['password', 'attachments', 'version'].includes(key)) continue;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const nested = data[key];
      if (nested && typeof nested === 'object' && !('_id' in nested)) compareRoundTrip(`${label}.${key}`, value as Record<string, unknown>, nested as Record<string, unknown>);
      continue;
    }
    // A blocked reason is kept only while the task is BLOCKED, and empty text is none.
    const want =
      key === 'blockedReason' ? (data.status === 'BLOCKED' && typeof value === 'string' && value.trim() ? value.trim() : null) : expected(key, value);
    expect(received(key, data[key]), `${label}: field ${key}`).toEqual(want);
  }
}

describe('fuzzing every operation of the API', () => {
  it('covers the whole document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(35);
  });

  // The operations are only known once the server answers, so each runs inside one test.
  it('never answers 5xx, always with the envelope on 4xx, and round-trips valid writes', async () => {
    for (const operation of operations) {
      const name = `${operation.method} ${operation.path}`;
      const slow = SLOW_OPERATIONS.has(name);
      await fc.assert(
        fc.asyncProperty(validInput(operation), async (input) => {
          const response = await send(operation, input);
          const data = response.body?.data ?? response.body?.todo;
          const writes = (operation.method === 'POST' || operation.method === 'PUT') && input.body && typeof input.body === 'object';
          if (response.status < 300 && writes && data && typeof data === 'object' && !Array.isArray(data)) {
            compareRoundTrip(name, input.body as Record<string, unknown>, data as Record<string, unknown>);
            counts.roundTrips += 1;
          }
        }),
        { numRuns: slow ? 40 : VALID_RUNS },
      );
      await fc.assert(
        fc.asyncProperty(invalidInput(operation), async (input) => {
          await send(operation, input);
        }),
        { numRuns: slow ? 40 : INVALID_RUNS },
      );
    }
    expect(counts.requests).toBeGreaterThanOrEqual(process.env.FUZZ_VALID_RUNS ? 1 : 10_000);
    expect(counts.roundTrips).toBeGreaterThan(0);
  });

  it('avatars (issue 16): any bytes under any declared type get 200 only for a real PNG, JPEG or WebP, else a 4xx envelope', async () => {
    const signatures = [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0xff, 0xd8, 0xff], [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50], []];
    const user = await buildSignedInUser(server);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...signatures),
        fc.uint8Array({ maxLength: 3000 }),
        fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml', 'text/html', 'application/octet-stream', null),
        fc.string({ unit: 'binary', maxLength: 40 }),
        async (signature, rest, contentType, name) => {
          const content = Buffer.concat([Buffer.from(signature), Buffer.from(rest)]);
          const upload = multipartBody([{ field: 'avatar', fileName: name, content, contentType }]);
          const response = await server.request('PUT', '/api/v1/users/me/avatar', {
            cookie: user.cookie,
            rawBody: upload.body,
            headers: { 'content-type': upload.contentType },
          });
          counts.requests += 1;
          const label = `avatar of ${content.length} bytes declared ${contentType}`;
          if (response.status >= 500) throw new Error(`${response.status} for ${label}: ${response.text}`);
          if (response.status >= 400) {
            counts.fourHundreds += 1;
            expect(response.body, label).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
            return;
          }
          counts.twoHundreds += 1;
          expect(signature.length, `${label}: only a real image is accepted`).toBeGreaterThan(0);
          const image = await fetch(`${server.url}${response.body.data.avatar}`, { headers: { cookie: user.cookie } });
          expect(Buffer.from(await image.arrayBuffer()).equals(content), label).toBe(true);
        },
      ),
      { numRuns: Math.min(VALID_RUNS, 100) },
    );
  });

  it('uploads: any file name, content and description get 201 or a 4xx envelope, and stored files download byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', maxLength: 80 }),
        fc.uint8Array({ maxLength: 4000 }),
        fc.option(fc.string({ unit: 'grapheme', maxLength: 60 })),
        async (name, content, description) => {
          const parts: FormPart[] = [{ field: 'files', fileName: name, content, contentType: 'application/octet-stream' }];
          if (description !== null) parts.unshift({ field: 'description', value: description });
          const upload = multipartBody(parts);
          const response = await server.request('POST', `/api/v1/tasks/${world.task}/attachments`, {
            cookie: owner.cookie,
            rawBody: upload.body,
            headers: { 'content-type': upload.contentType },
          });
          counts.requests += 1;
          const label = `upload of ${JSON.stringify(name)} (${content.length} bytes, description ${JSON.stringify(description)})`;
          if (response.status >= 500) throw new Error(`${response.status} for ${label}: ${response.text}`);
          if (response.status >= 400) {
            counts.fourHundreds += 1;
            expect(response.body, label).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
            return;
          }
          counts.twoHundreds += 1;
          expect(response.status, label).toBe(201);
          expect(content.length, 'an empty file is refused').toBeGreaterThan(0);
          const stored = (response.body.data as Array<{ _id: string; name: string; size: number }>).at(-1)!;
          // Whatever arrived as the name, what is stored is already clean: no path, no control characters.
          expect(cleanFileName(stored.name)).toBe(stored.name);
          expect(stored.size).toBe(content.length);
          const download = await fetch(`${server.url}/api/v1/tasks/${world.task}/attachments/${stored._id}`, { headers: { cookie: owner.cookie } });
          counts.requests += 1;
          expect(download.status).toBe(200);
          expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(content)), label).toBe(true);
          counts.roundTrips += 1;
        },
      ),
      { numRuns: Math.min(VALID_RUNS, 150) },
    );
  });
});
