import { createUnsubscribeToken, loadUnsubscribeKey } from '../src/modules/notification-email/unsubscribe-tokens.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAttachment,
  buildCategory,
  buildComment,
  buildFeature,
  buildMatrixFixture,
  buildRegistration,
  buildSignedInAdmin,
  buildSignedInUser,
  buildTask,
  buildTodo,
  buildUser,
  callerKinds,
  cookieFor,
  signIn,
  userFor,
  type CallerKind,
  type ProjectCast,
} from './factories.js';
import { openTestEventStream } from './event-stream.js';
import { multipartBody, type FormPart } from './multipart.js';
import { apiOperations } from './routes.js';
import { buildTwoFactorUser, startTwoFactorLogin, totpCode } from './two-factor.js';
import { startScene } from './scene.js';
import { createResetToken } from '../src/modules/password-reset/reset-tokens.js';
import type { TestServer } from './test-server.js';

/**
 * The authorization audit (issue 7): one row per API operation, listed against the server's own
 * route tree so that a route added without a row fails, and for each the exact status every kind
 * of caller gets — signed out, a stranger, each project role, the workspace owner, and the owner
 * who holds no membership of the project. Each case that may write runs on a fresh world, so a delete allowed to
 * one caller never changes what the next one sees.
 */

let server: TestServer;
let cast: ProjectCast;
/** An administrator of the instance (issue 16), who holds no project role. */
let instanceAdmin: { cookie: string };

async function start() {
  // Every case signs in and registers from one address: the abuse limits have their own tests.
  ({ server, cast } = await startScene({
    config: {
      authRateLimit: { perIp: 1_000_000, windowMs: 60_000 },
      loginFailures: { max: 1_000_000, maxPerIp: 1_000_000, windowMs: 60_000 },
    },
  }));
  instanceAdmin = await buildSignedInAdmin(server);
}

/** Everything a case may touch: a shared project with a feature, a task, a comment, and the owner's own todo and category. */
async function buildWorld(kind: CallerKind) {
  const { workspace, project } = await buildMatrixFixture(server, cast, kind);
  const feature = await buildFeature(server, cast.admin.cookie, project._id);
  // Created by the MEMBER, so that a MEMBER may delete it (their own task) and nobody else's.
  const task = await buildTask(server, cast.member.cookie, feature._id);
  const comment = await buildComment(server, cast.viewer.cookie, task._id);
  const attachment = await buildAttachment(server, cast.member.cookie, task._id);
  const ownerCategory = await buildCategory(server, cast.owner.cookie);
  const ownerTodo = await buildTodo(server, cast.owner.cookie, { category: ownerCategory._id });
  return { workspace, project, feature, task, comment, attachment, ownerCategory, ownerTodo };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * A GET changes nothing a case can see, so the reads of one caller kind share one world (built
 * on first use in each shard); every other case builds its own.
 */
const readWorlds = new Map<CallerKind, Promise<World>>();
function readWorld(kind: CallerKind): Promise<World> {
  let world = readWorlds.get(kind);
  if (!world) {
    world = buildWorld(kind);
    readWorlds.set(kind, world);
  }
  return world;
}

/** `stream`: the answer is an event stream, read only as far as its status. */
type Request = { url: string; body?: unknown; cookie?: string | null; multipart?: boolean | FormPart[]; stream?: boolean };
type Row = {
  /** Statuses in callerKinds order: signed out, stranger, VIEWER, MEMBER, MODERATOR, ADMIN, owner, owner not a member. */
  statuses: readonly number[];
  /** The instance administrator's routes: the status an administrator of the instance gets (the cast holds none). */
  administrator?: number;
  request: (world: World, kind: CallerKind) => Request | Promise<Request>;
};

/** A one-click unsubscribe token of the user's, as a notification email carries. */
const unsubscribeTokenFor = async (userId: string) => createUnsubscribeToken(await loadUnsubscribeKey(server.database.db), userId, ['COMMENT']);

const everyone = (status: number) => [status, status, status, status, status, status, status, status] as const;
const signedIn = (status: number) => [401, status, status, status, status, status, status, status] as const;
const members = (status: number) => [401, 404, status, status, status, status, status, status] as const;
const ownerOnly = (status: number) => [401, 404, 404, 404, 404, 404, status, status] as const;
/** A project's ADMINs only (the workspace owner is one): lower roles 403, strangers 404. */
const projectAdmins = (status: number) => [401, 404, 403, 403, 403, status, status, status] as const;

/** A paused webhook of the world's project, added by its ADMIN (paused: nothing is sent for the world's changes). */
async function webhookOf(world: World): Promise<string> {
  const made = await server.request('POST', `/api/v1/projects/${world.project._id}/webhooks`, {
    cookie: cast.admin.cookie,
    body: { url: 'https://hooks.example.com/tasklane', events: ['task.created'], active: false },
  });
  if (made.status !== 201) throw new Error(`adding a webhook failed: ${made.status} ${made.text}`);
  return `/api/v1/projects/${world.project._id}/webhooks/${made.body.data._id}`;
}

/** Only an administrator of the instance: everyone else signed in is 403. */
const administrators = signedIn(403);

/** A category of the caller's own of the given type (todos and tasks need one); none when signed out. */
async function ownCategoryId(kind: CallerKind, type: 'TODO' | 'TASK') {
  const cookie = cookieFor(cast, kind);
  if (!cookie) return '00000000-0000-4000-8000-000000000000';
  return (await buildCategory(server, cookie, { type }))._id;
}

/**
 * The account's own routes (issue 16) act on the caller's account: each case signs in a fresh
 * account of its own (none when signed out), so that a password change or a deletion never
 * touches the cast.
 */
async function ownAccount(kind: CallerKind) {
  return kind === 'signed out' ? undefined : buildSignedInUser(server);
}
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png')]);
const avatarPart: FormPart[] = [{ field: 'avatar', fileName: 'me.png', content: PNG_BYTES, contentType: 'image/png' }];
const trelloImportParts: FormPart[] = [
  { field: 'source', value: 'trello' },
  { field: 'file', fileName: 'board.json', content: JSON.stringify({ name: 'Audit board', lists: [{ id: 'l', name: 'List' }], cards: [{ id: 'c', name: 'Card', idList: 'l' }] }), contentType: 'application/json' },
];
const todoistImportParts: FormPart[] = [
  { field: 'source', value: 'todoist' },
  { field: 'file', fileName: 'todoist.csv', content: 'TYPE,CONTENT,PRIORITY\ntask,Audit todo,4', contentType: 'text/csv' },
];

const rows: Record<string, Row> = {
  'GET /api/v1/health': { statuses: everyone(200), request: () => ({ url: '/api/v1/health' }) },
  'POST /api/v1/auth/register': {
    statuses: everyone(201),
    request: () => ({ url: '/api/v1/auth/register', body: buildRegistration() }),
  },
  'POST /api/v1/auth/login': {
    statuses: everyone(200),
    request: (_world, kind) => {
      const user = userFor(cast, kind)?.user ?? cast.stranger.user;
      return { url: '/api/v1/auth/login', body: { email: user.email, password: user.password } };
    },
  },
  'POST /api/v1/auth/logout': {
    statuses: everyone(200),
    // A session of its own, so the cast's sessions live on for the other cases.
    request: async (_world, kind) => {
      const user = userFor(cast, kind)?.user;
      return { url: '/api/v1/auth/logout', cookie: user ? await signIn(server, user) : null };
    },
  },
  'GET /api/v1/auth/options': { statuses: everyone(200), request: () => ({ url: '/api/v1/auth/options' }) },
  // The same answer for everyone, whether the email has an account or not.
  'POST /api/v1/auth/forgot-password': {
    statuses: everyone(200),
    request: (_world, kind) => ({ url: '/api/v1/auth/forgot-password', body: { email: (userFor(cast, kind)?.user ?? cast.stranger.user).email } }),
  },
  // Whoever holds a valid link may use it, signed in as anyone or not at all.
  'POST /api/v1/auth/reset-password': {
    statuses: everyone(200),
    request: async () => {
      const token = await createResetToken(server.database.db, (await buildUser(server)).id);
      return { url: '/api/v1/auth/reset-password', body: { token, password: 'a-new-secret-55' } };
    },
  },
  // Instance administrators only: no project role counts.
  'POST /api/v1/admin/users/:id/reset-link': {
    statuses: administrators,
    administrator: 200,
    request: async () => ({ url: `/api/v1/admin/users/${(await buildUser(server)).id}/reset-link` }),
  },
  'GET /api/v1/auth/registration': { statuses: everyone(200), request: () => ({ url: '/api/v1/auth/registration' }) },
  'GET /api/v1/users': { statuses: signedIn(200), request: () => ({ url: '/api/v1/users' }) },
  'GET /api/v1/users/me': { statuses: signedIn(200), request: () => ({ url: '/api/v1/users/me' }) },
  'GET /api/v1/users/projects': { statuses: signedIn(200), request: () => ({ url: '/api/v1/users/projects' }) },
  'GET /api/v1/users/tasks': { statuses: signedIn(200), request: () => ({ url: '/api/v1/users/tasks' }) },
  // Two-factor sign-in is the caller's own account's: any signed-in caller, on their account alone.
  // Confirming and turning off change how an account signs in, so those run on an account of their own.
  'POST /api/v1/users/me/2fa': { statuses: signedIn(200), request: () => ({ url: '/api/v1/users/me/2fa' }) },
  'POST /api/v1/users/me/2fa/confirm': {
    statuses: signedIn(200),
    request: async (_world, kind) => {
      if (kind === 'signed out') return { url: '/api/v1/users/me/2fa/confirm', body: { code: '123456' } };
      const { cookie } = await buildSignedInUser(server);
      const enrolled = await server.request('POST', '/api/v1/users/me/2fa', { cookie });
      return { url: '/api/v1/users/me/2fa/confirm', cookie, body: { code: totpCode(enrolled.body.data.secret) } };
    },
  },
  'DELETE /api/v1/users/me/2fa': {
    statuses: signedIn(200),
    request: async (_world, kind) => {
      const { user, cookie } = await buildTwoFactorUser(server);
      return { url: '/api/v1/users/me/2fa', cookie: kind === 'signed out' ? null : cookie, body: { password: user.password } };
    },
  },
  // Like the first step, open to anyone: what counts is the challenge cookie of a right password.
  'POST /api/v1/auth/login/2fa': {
    statuses: everyone(200),
    request: async () => {
      const { user, secret } = await buildTwoFactorUser(server);
      return { url: '/api/v1/auth/login/2fa', cookie: await startTwoFactorLogin(server, user), body: { code: totpCode(secret, 1) } };
    },
  },

  'PUT /api/v1/users/me': {
    statuses: signedIn(200),
    request: async (_world, kind) => ({ url: '/api/v1/users/me', cookie: (await ownAccount(kind))?.cookie ?? null, body: { fullName: 'Renamed Person' } }),
  },
  'PUT /api/v1/users/me/avatar': {
    statuses: signedIn(200),
    request: async (_world, kind) => ({ url: '/api/v1/users/me/avatar', cookie: (await ownAccount(kind))?.cookie ?? null, multipart: avatarPart }),
  },
  'DELETE /api/v1/users/me/avatar': {
    statuses: signedIn(200),
    request: async (_world, kind) => ({ url: '/api/v1/users/me/avatar', cookie: (await ownAccount(kind))?.cookie ?? null }),
  },
  // Anyone signed in sees anyone's avatar (it shows wherever the person does).
  'GET /api/v1/users/:id/avatar': {
    statuses: signedIn(200),
    request: async () => {
      const pictured = await buildSignedInUser(server);
      const upload = multipartBody(avatarPart);
      const response = await server.request('PUT', '/api/v1/users/me/avatar', {
        cookie: pictured.cookie,
        rawBody: upload.body,
        headers: { 'content-type': upload.contentType },
      });
      expect(response.status, response.text).toBe(200);
      return { url: response.body.data.avatar };
    },
  },
  'PUT /api/v1/users/me/password': {
    statuses: signedIn(200),
    request: async (_world, kind) => {
      const account = await ownAccount(kind);
      return {
        url: '/api/v1/users/me/password',
        cookie: account?.cookie ?? null,
        body: { currentPassword: account?.user.password ?? 'whatever-it-was', newPassword: 'violet-kettle-orbit-7' },
      };
    },
  },
  'GET /api/v1/users/me/sessions': { statuses: signedIn(200), request: () => ({ url: '/api/v1/users/me/sessions' }) },
  // Each person's own API tokens (decision 038); another's token is 404, and a request made with a
  // token is 403 (api-tokens.routes.test.ts).
  'GET /api/v1/users/me/tokens': { statuses: signedIn(200), request: () => ({ url: '/api/v1/users/me/tokens' }) },
  'POST /api/v1/users/me/tokens': { statuses: signedIn(201), request: () => ({ url: '/api/v1/users/me/tokens', body: { name: 'Audit', scope: 'read' } }) },
  'DELETE /api/v1/users/me/tokens/:id': {
    statuses: signedIn(200),
    request: async (_world, kind) => {
      const cookie = cookieFor(cast, kind);
      if (!cookie) return { url: '/api/v1/users/me/tokens/00000000-0000-4000-8000-000000000000' };
      const made = await server.request('POST', '/api/v1/users/me/tokens', { cookie, body: { name: 'Audit', scope: 'read' } });
      expect(made.status, made.text).toBe(201);
      return { url: `/api/v1/users/me/tokens/${made.body.data._id}` };
    },
  },
  // One of the caller's own other sessions (another account's session is 404: account.routes.test.ts).
  'DELETE /api/v1/users/me/sessions/:id': {
    statuses: signedIn(200),
    request: async (_world, kind) => {
      const account = await ownAccount(kind);
      if (!account) return { url: `/api/v1/users/me/sessions/${'0'.repeat(32)}`, cookie: null };
      await signIn(server, account.user);
      const sessions = await server.request('GET', '/api/v1/users/me/sessions', { cookie: account.cookie });
      const other = (sessions.body.data as Array<{ _id: string; current: boolean }>).find((session) => !session.current)!;
      return { url: `/api/v1/users/me/sessions/${other._id}`, cookie: account.cookie };
    },
  },
  'DELETE /api/v1/users/me/sessions': {
    statuses: signedIn(200),
    request: async (_world, kind) => ({ url: '/api/v1/users/me/sessions', cookie: (await ownAccount(kind))?.cookie ?? null }),
  },
  'GET /api/v1/users/me/export': { statuses: signedIn(200), request: () => ({ url: '/api/v1/users/me/export' }) },
  'DELETE /api/v1/users/me': {
    statuses: signedIn(200),
    request: async (_world, kind) => {
      const account = await ownAccount(kind);
      return { url: '/api/v1/users/me', cookie: account?.cookie ?? null, body: { password: account?.user.password ?? 'whatever-it-was' } };
    },
  },

  'GET /api/v1/categories': { statuses: signedIn(200), request: () => ({ url: '/api/v1/categories?type=TODO' }) },
  'GET /api/v1/categories/all': { statuses: signedIn(200), request: () => ({ url: '/api/v1/categories/all' }) },
  'POST /api/v1/categories': {
    statuses: signedIn(201),
    request: () => ({ url: '/api/v1/categories', body: { name: 'Errands', slug: `errands-${Date.now()}`, type: 'TODO' } }),
  },
  'DELETE /api/v1/categories/:id': {
    statuses: ownerOnly(200),
    request: (world) => ({ url: `/api/v1/categories/${world.ownerCategory._id}` }),
  },

  'GET /api/v1/todos': { statuses: signedIn(200), request: () => ({ url: '/api/v1/todos' }) },
  'POST /api/v1/todos': {
    statuses: signedIn(201),
    request: async (_world, kind) => ({ url: '/api/v1/todos', body: { title: 'Mine', category: await ownCategoryId(kind, 'TODO') } }),
  },
  'POST /api/v1/todos/quick': {
    statuses: signedIn(201),
    request: () => ({ url: '/api/v1/todos/quick', body: { title: 'Quick' } }),
  },
  'GET /api/v1/todos/default-category': { statuses: signedIn(200), request: () => ({ url: '/api/v1/todos/default-category' }) },
  'PUT /api/v1/todos/default-category': {
    statuses: signedIn(200),
    request: async (_world, kind) => ({ url: '/api/v1/todos/default-category', body: { categoryId: await ownCategoryId(kind, 'TODO') } }),
  },
  'GET /api/v1/todos/:todoId': { statuses: ownerOnly(200), request: (world) => ({ url: `/api/v1/todos/${world.ownerTodo._id}` }) },
  'PUT /api/v1/todos/:todoId': {
    statuses: ownerOnly(200),
    request: (world) => ({
      url: `/api/v1/todos/${world.ownerTodo._id}`,
      body: { title: 'Changed', category: world.ownerCategory._id, status: 'COMPLETED' },
    }),
  },
  'DELETE /api/v1/todos/:todoId': { statuses: ownerOnly(200), request: (world) => ({ url: `/api/v1/todos/${world.ownerTodo._id}` }) },

  'GET /api/v1/workspaces': { statuses: signedIn(200), request: () => ({ url: '/api/v1/workspaces' }) },
  'POST /api/v1/workspaces': { statuses: signedIn(201), request: () => ({ url: '/api/v1/workspaces', body: { name: 'Mine' } }) },
  // Members of a project in the workspace see it (403 to change it); everyone else does not (404).
  'PUT /api/v1/workspaces/:id': {
    statuses: [401, 404, 403, 403, 403, 403, 200, 200],
    request: (world) => ({ url: `/api/v1/workspaces/${world.workspace._id}`, body: { name: 'Renamed' } }),
  },
  'DELETE /api/v1/workspaces/:id': {
    statuses: [401, 404, 403, 403, 403, 403, 200, 200],
    request: (world) => ({ url: `/api/v1/workspaces/${world.workspace._id}` }),
  },
  'GET /api/v1/workspaces/:id/projects': {
    statuses: members(200),
    request: (world) => ({ url: `/api/v1/workspaces/${world.workspace._id}/projects` }),
  },

  'POST /api/v1/projects': {
    statuses: [401, 404, 403, 403, 403, 403, 201, 201],
    request: (world) => ({ url: '/api/v1/projects', body: { name: 'Another', workspaceId: world.workspace._id } }),
  },
  'GET /api/v1/projects/:projectId': { statuses: members(200), request: (world) => ({ url: `/api/v1/projects/${world.project._id}` }) },
  'PUT /api/v1/projects/:projectId': {
    statuses: [401, 404, 403, 403, 200, 200, 200, 200],
    request: (world) => ({ url: `/api/v1/projects/${world.project._id}?workspaceId=${world.workspace._id}`, body: { name: 'Renamed' } }),
  },
  'DELETE /api/v1/projects/:projectId': {
    statuses: [401, 404, 403, 403, 403, 200, 200, 200],
    request: (world) => ({ url: `/api/v1/projects/${world.project._id}` }),
  },
  // Issue 20 (decision 041): whoever can see the project may download it, as JSON or CSV.
  'GET /api/v1/projects/:projectId/export': {
    statuses: members(200),
    request: (world, kind) => ({ url: `/api/v1/projects/${world.project._id}/export?format=${kind === 'VIEWER' ? 'csv' : 'json'}` }),
  },
  'GET /api/v1/projects/:projectId/members': {
    statuses: members(200),
    request: (world) => ({ url: `/api/v1/projects/${world.project._id}/members` }),
  },
  'POST /api/v1/projects/:projectId/members': {
    statuses: [401, 404, 403, 403, 201, 201, 201, 201],
    request: async (world) => ({ url: `/api/v1/projects/${world.project._id}/members`, body: { userId: (await buildUser(server)).id } }),
  },
  // Only an ADMIN (or the workspace owner) changes roles.
  'PUT /api/v1/projects/:projectId/members/:userId': {
    statuses: [401, 404, 403, 403, 403, 200, 200, 200],
    request: (world) => ({ url: `/api/v1/projects/${world.project._id}/members/${cast.viewer.user.id}`, body: { role: 'MEMBER' } }),
  },
  // The target is someone else's MEMBER membership, which a MODERATOR may remove.
  'DELETE /api/v1/projects/:projectId/members/:userId': {
    statuses: [401, 404, 403, 403, 200, 200, 200, 200],
    request: async (world) => {
      const extra = await buildSignedInUser(server);
      const added = await server.request('POST', `/api/v1/projects/${world.project._id}/members`, {
        cookie: cast.admin.cookie,
        body: { userId: extra.user.id, role: 'MEMBER' },
      });
      expect(added.status).toBe(201);
      return { url: `/api/v1/projects/${world.project._id}/members/${extra.user.id}` };
    },
  },

  'GET /api/v1/features': { statuses: members(200), request: (world) => ({ url: `/api/v1/features?projectId=${world.project._id}` }) },
  'POST /api/v1/features': {
    statuses: [401, 404, 403, 403, 201, 201, 201, 201],
    request: (world) => ({ url: '/api/v1/features', body: { title: 'New', projectId: world.project._id } }),
  },
  'GET /api/v1/features/:id': {
    statuses: members(200),
    request: (world) => ({ url: `/api/v1/features/${world.feature._id}?projectId=${world.project._id}` }),
  },
  'PUT /api/v1/features/:id': {
    statuses: [401, 404, 403, 403, 200, 200, 200, 200],
    request: (world) => ({ url: `/api/v1/features/${world.feature._id}`, body: { title: 'Renamed', projectId: world.project._id } }),
  },
  'DELETE /api/v1/features/:id': {
    statuses: [401, 404, 403, 403, 200, 200, 200, 200],
    request: (world) => ({ url: `/api/v1/features/${world.feature._id}?projectId=${world.project._id}` }),
  },

  'GET /api/v1/tasks': { statuses: members(200), request: (world) => ({ url: `/api/v1/tasks?featureId=${world.feature._id}` }) },
  'POST /api/v1/tasks': {
    statuses: [401, 404, 403, 201, 201, 201, 201, 201],
    request: async (world, kind) => ({
      url: '/api/v1/tasks',
      body: { title: 'New', featureId: world.feature._id, projectId: world.project._id, categoryId: await ownCategoryId(kind, 'TASK') },
    }),
  },
  'GET /api/v1/tasks/:taskId': {
    statuses: members(200),
    request: (world) => ({ url: `/api/v1/tasks/${world.task._id}?projectId=${world.project._id}` }),
  },
  'PUT /api/v1/tasks/:taskId': {
    statuses: [401, 404, 403, 200, 200, 200, 200, 200],
    request: (world) => ({ url: `/api/v1/tasks/${world.task._id}`, body: { status: 'IN_PROGRESS' } }),
  },
  // The MEMBER created this task, so may delete it; a VIEWER never may.
  'DELETE /api/v1/tasks/:taskId': {
    statuses: [401, 404, 403, 200, 200, 200, 200, 200],
    request: (world) => ({ url: `/api/v1/tasks/${world.task._id}` }),
  },
  'GET /api/v1/tasks/board': { statuses: members(200), request: (world) => ({ url: `/api/v1/tasks/board?featureId=${world.feature._id}` }) },
  // Subtasks (decision 033): any member reads them; editors reorder (an empty list: the task has none).
  'GET /api/v1/tasks/:taskId/subtasks': { statuses: members(200), request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/subtasks` }) },
  'PUT /api/v1/tasks/:taskId/subtasks/order': {
    statuses: [401, 404, 403, 200, 200, 200, 200, 200],
    request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/subtasks/order`, body: { subtaskIds: [] } }),
  },
  'POST /api/v1/tasks/:taskId/move': {
    statuses: [401, 404, 403, 200, 200, 200, 200, 200],
    request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/move`, body: { status: 'IN_REVIEW' } }),
  },
  // Everyone signed in has a stream; what reaches it is decided per event (events.routes.test.ts).
  'GET /api/v1/events': { statuses: signedIn(200), request: () => ({ url: '/api/v1/events', stream: true }) },
  'GET /api/v1/attachments/limits': { statuses: signedIn(200), request: () => ({ url: '/api/v1/attachments/limits' }) },
  'GET /api/v1/tasks/:taskId/attachments': {
    statuses: members(200),
    request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/attachments` }),
  },
  'POST /api/v1/tasks/:taskId/attachments': {
    statuses: [401, 404, 403, 201, 201, 201, 201, 201],
    request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/attachments`, multipart: true }),
  },
  'GET /api/v1/tasks/:taskId/attachments/:attachmentId': {
    statuses: members(200),
    request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/attachments/${world.attachment._id}` }),
  },
  'DELETE /api/v1/tasks/:taskId/attachments/:attachmentId': {
    statuses: [401, 404, 403, 200, 200, 200, 200, 200],
    request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/attachments/${world.attachment._id}` }),
  },
  'GET /api/v1/tasks/:taskId/comments': { statuses: members(200), request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/comments` }) },
  'POST /api/v1/tasks/:taskId/comments': {
    statuses: members(201),
    request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/comments`, body: { comment: 'Seen' } }),
  },
  // The comment is the VIEWER's (issue 17): only its author edits it; its author, a MODERATOR or an ADMIN deletes it.
  'PUT /api/v1/tasks/:taskId/comments/:commentId': {
    statuses: [401, 404, 200, 403, 403, 403, 403, 403],
    request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/comments/${world.comment._id}`, body: { comment: 'Reworded' } }),
  },
  'DELETE /api/v1/tasks/:taskId/comments/:commentId': {
    statuses: [401, 404, 200, 403, 200, 200, 200, 200],
    request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/comments/${world.comment._id}` }),
  },
  // Issue 19: anyone who can see the task reads its relations; MEMBER and above add and remove them.
  'GET /api/v1/tasks/:taskId/relations': { statuses: members(200), request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/relations` }) },
  'POST /api/v1/tasks/:taskId/relations': {
    statuses: [401, 404, 403, 201, 201, 201, 201, 201],
    request: async (world) => {
      const other = await buildTask(server, cast.admin.cookie, world.feature._id);
      return { url: `/api/v1/tasks/${world.task._id}/relations`, body: { type: 'BLOCKS', taskId: other.key } };
    },
  },
  'DELETE /api/v1/tasks/:taskId/relations/:relationId': {
    statuses: [401, 404, 403, 200, 200, 200, 200, 200],
    request: async (world) => {
      const other = await buildTask(server, cast.admin.cookie, world.feature._id);
      const added = await server.request('POST', `/api/v1/tasks/${world.task._id}/relations`, {
        cookie: cast.admin.cookie,
        body: { type: 'RELATES_TO', taskId: other._id },
      });
      if (added.status !== 201) throw new Error(`relating failed: ${added.status} ${added.text}`);
      return { url: `/api/v1/tasks/${world.task._id}/relations/${added.body.data._id}` };
    },
  },
  // Anyone who can see the task, a VIEWER included, chooses whether they watch it.
  'GET /api/v1/tasks/:taskId/watch': { statuses: members(200), request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/watch` }) },
  'PUT /api/v1/tasks/:taskId/watch': { statuses: members(200), request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/watch` }) },
  'DELETE /api/v1/tasks/:taskId/watch': { statuses: members(200), request: (world) => ({ url: `/api/v1/tasks/${world.task._id}/watch` }) },
  // Anyone signed in searches; what each finds is only what they can see (search.routes.test.ts).
  'GET /api/v1/search': { statuses: signedIn(200), request: (world) => ({ url: `/api/v1/search?q=${encodeURIComponent(world.task.title)}` }) },
  // A project's calendar is for those who can see the project; without one, anyone signed in
  // reads their own (calendar.routes.test.ts).
  'GET /api/v1/calendar': {
    statuses: members(200),
    request: (world) => ({ url: `/api/v1/calendar?from=2030-01-01&to=2030-01-31&projectId=${world.project._id}` }),
  },
  // Everyone has their own notifications; another's id is 404 (notifications.routes.test.ts).
  'GET /api/v1/notifications': { statuses: signedIn(200), request: () => ({ url: '/api/v1/notifications' }) },
  'GET /api/v1/notifications/unread-count': { statuses: signedIn(200), request: () => ({ url: '/api/v1/notifications/unread-count' }) },
  'PUT /api/v1/notifications/read-all': { statuses: signedIn(200), request: () => ({ url: '/api/v1/notifications/read-all' }) },
  'PUT /api/v1/notifications/:notificationId/read': {
    statuses: signedIn(404),
    request: () => ({ url: '/api/v1/notifications/00000000-0000-4000-8000-000000000000/read' }),
  },
  // Each person's own email choices (decision 026).
  'GET /api/v1/users/me/notification-settings': { statuses: signedIn(200), request: () => ({ url: '/api/v1/users/me/notification-settings' }) },
  'PUT /api/v1/users/me/notification-settings': {
    statuses: signedIn(200),
    request: () => ({ url: '/api/v1/users/me/notification-settings', body: { kinds: { COMMENT: 'IN_APP' } } }),
  },
  // Whoever holds a signed link may read and use it, signed in as anyone or not at all (a mail
  // provider's one-click POST carries no session).
  'GET /api/v1/notifications/unsubscribe': {
    statuses: everyone(200),
    request: async () => ({ url: `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(await unsubscribeTokenFor((await buildUser(server)).id))}` }),
  },
  'POST /api/v1/notifications/unsubscribe': {
    statuses: everyone(200),
    request: async () => ({ url: `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(await unsubscribeTokenFor((await buildUser(server)).id))}` }),
  },

  // Each person's own calendar feed and day (decision 037).
  'GET /api/v1/users/me/calendar-feed': { statuses: signedIn(200), request: () => ({ url: '/api/v1/users/me/calendar-feed' }) },
  'POST /api/v1/users/me/calendar-feed/reset': { statuses: signedIn(200), request: () => ({ url: '/api/v1/users/me/calendar-feed/reset' }) },
  // Whoever holds the URL reads the feed, signed in as anyone or not at all: the token is the authority.
  'GET /api/v1/calendar/:file': {
    statuses: everyone(200),
    request: async () => {
      const owner = await buildSignedInUser(server);
      const made = await server.request('GET', '/api/v1/users/me/calendar-feed', { cookie: owner.cookie });
      return { url: new URL(made.body.data.url as string).pathname };
    },
  },
  'GET /api/v1/users/me/today': { statuses: signedIn(200), request: () => ({ url: '/api/v1/users/me/today' }) },
  // Imports (issue 20): a board becomes a new project, so only the workspace owner imports one;
  // anyone signed in imports into their own todos; a job is read by whoever started it alone.
  'POST /api/v1/workspaces/:id/imports': {
    statuses: [401, 404, 403, 403, 403, 403, 202, 202],
    request: (world) => ({ url: `/api/v1/workspaces/${world.workspace._id}/imports`, multipart: trelloImportParts }),
  },
  'POST /api/v1/todos/imports': { statuses: signedIn(202), request: () => ({ url: '/api/v1/todos/imports', multipart: todoistImportParts }) },
  'GET /api/v1/imports/:importId': {
    statuses: ownerOnly(200),
    request: async () => {
      const upload = multipartBody(todoistImportParts);
      const started = await server.request('POST', '/api/v1/todos/imports', { cookie: cast.owner.cookie, rawBody: upload.body, headers: { 'content-type': upload.contentType } });
      expect(started.status).toBe(202);
      return { url: `/api/v1/imports/${started.body.data._id}` };
    },
  },

  // Issue 20: a project's webhooks are its ADMINs' alone.
  'GET /api/v1/projects/:projectId/webhooks': { statuses: projectAdmins(200), request: (world) => ({ url: `/api/v1/projects/${world.project._id}/webhooks` }) },
  'POST /api/v1/projects/:projectId/webhooks': {
    statuses: projectAdmins(201),
    request: (world) => ({ url: `/api/v1/projects/${world.project._id}/webhooks`, body: { url: 'https://hooks.example.com/in', events: ['task.created'], active: false } }),
  },
  'PUT /api/v1/projects/:projectId/webhooks/:webhookId': { statuses: projectAdmins(200), request: async (world) => ({ url: await webhookOf(world), body: { active: false } }) },
  'DELETE /api/v1/projects/:projectId/webhooks/:webhookId': { statuses: projectAdmins(200), request: async (world) => ({ url: await webhookOf(world) }) },
  'POST /api/v1/projects/:projectId/webhooks/:webhookId/test': { statuses: projectAdmins(202), request: async (world) => ({ url: `${await webhookOf(world)}/test` }) },
  'POST /api/v1/projects/:projectId/webhooks/:webhookId/rotate-secret': {
    statuses: projectAdmins(200),
    request: async (world) => ({ url: `${await webhookOf(world)}/rotate-secret` }),
  },
  'GET /api/v1/projects/:projectId/webhooks/:webhookId/deliveries': {
    statuses: projectAdmins(200),
    request: async (world) => ({ url: `${await webhookOf(world)}/deliveries` }),
  },
  'POST /api/v1/projects/:projectId/webhooks/:webhookId/deliveries/:deliveryId/redeliver': {
    statuses: projectAdmins(202),
    request: async (world) => {
      const webhook = await webhookOf(world);
      const ping = await server.request('POST', `${webhook}/test`, { cookie: cast.admin.cookie });
      return { url: `${webhook}/deliveries/${ping.body.data._id}/redeliver` };
    },
  },

  'GET /api/v1/admin/users': { statuses: administrators, administrator: 200, request: () => ({ url: '/api/v1/admin/users?search=cast' }) },
  'PUT /api/v1/admin/users/:id': {
    statuses: administrators,
    administrator: 200,
    request: async () => ({ url: `/api/v1/admin/users/${(await buildUser(server)).id}`, body: { isAdmin: false, deactivated: false } }),
  },
  'DELETE /api/v1/admin/users/:id': {
    statuses: administrators,
    administrator: 200,
    request: async () => ({ url: `/api/v1/admin/users/${(await buildUser(server)).id}` }),
  },
  'GET /api/v1/admin/settings': { statuses: administrators, administrator: 200, request: () => ({ url: '/api/v1/admin/settings' }) },
  // Open stays open: the registration rows above must keep registering.
  'PUT /api/v1/admin/settings': {
    statuses: administrators,
    administrator: 200,
    request: () => ({ url: '/api/v1/admin/settings', body: { registration: 'open' } }),
  },
  'GET /api/v1/admin/invites': { statuses: administrators, administrator: 200, request: () => ({ url: '/api/v1/admin/invites' }) },
  'POST /api/v1/admin/invites': { statuses: administrators, administrator: 201, request: () => ({ url: '/api/v1/admin/invites', body: {} }) },
  'DELETE /api/v1/admin/invites/:id': {
    statuses: administrators,
    administrator: 200,
    request: async () => {
      const made = await server.request('POST', '/api/v1/admin/invites', { cookie: instanceAdmin.cookie, body: {} });
      expect(made.status).toBe(201);
      return { url: `/api/v1/admin/invites/${made.body.data._id}` };
    },
  },
  'GET /api/v1/admin/instance': { statuses: administrators, administrator: 200, request: () => ({ url: '/api/v1/admin/instance' }) },
};

/**
 * Defines the audit's cases of one shard: the operations whose place in the sorted list is
 * `shard` modulo `shards`. The audit runs as several test files (authorization-N.routes.test.ts),
 * each with its own server and database, so that its 760 cases spread over the test workers
 * instead of making one file the suite's longest. Shard 0 also checks that every operation the
 * server registered has a row.
 */
export function defineAuthorizationAudit(shard: number, shards: number) {
  beforeAll(start);
  afterAll(async () => {
    await server?.close();
  });
  const inShard = Object.entries(rows)
    .sort(([a], [b]) => a.localeCompare(b))
    .filter((_, index) => index % shards === shard);

  describe('authorization audit', () => {
    if (shard === 0) {
      it('has a row for every operation the server registered, and none for a route that is gone', () => {
        expect(Object.keys(rows).sort()).toEqual(apiOperations(server));
      });
    }

    for (const [operation, row] of inShard) {
      const method = operation.slice(0, operation.indexOf(' '));
      describe(operation, () => {
        it.each(callerKinds.map((kind, index) => [kind, row.statuses[index]!] as const))('%s → %i', async (kind, expected) => {
          const world = method === 'GET' ? await readWorld(kind) : await buildWorld(kind);
          const { url, body, cookie, multipart, stream } = await row.request(world, kind);
          if (stream) {
            const opened = await openTestEventStream(server.url, cookie === null ? undefined : (cookie ?? cookieFor(cast, kind)));
            opened.close();
            expect(opened.status, `${operation} as ${kind}`).toBe(expected);
            return;
          }
          const upload = Array.isArray(multipart)
            ? multipartBody(multipart)
            : multipart
              ? multipartBody([{ field: 'files', fileName: 'notes.txt', content: 'notes', contentType: 'text/plain' }])
              : undefined;
          const response = await server.request(method, url, {
            cookie: cookie === null ? undefined : (cookie ?? cookieFor(cast, kind)),
            body,
            ...(upload ? { rawBody: upload.body, headers: { 'content-type': upload.contentType } } : {}),
          });
          expect(response.status, `${operation} as ${kind}: ${response.text}`).toBe(expected);
          if (expected >= 400) expect(response.body).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
        });
      });
    }
  });

  describe('authorization audit: an administrator of the instance', () => {
    for (const [operation, row] of inShard.filter(([, candidate]) => candidate.administrator !== undefined)) {
      const method = operation.slice(0, operation.indexOf(' '));
      it(`${operation} → ${row.administrator}`, async () => {
        const world = await buildWorld('stranger');
        const { url, body } = await row.request(world, 'stranger');
        const response = await server.request(method, url, { cookie: instanceAdmin.cookie, body });
        expect(response.status, `${operation} as an administrator: ${response.text}`).toBe(row.administrator);
      });
    }
  });
}
