import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes, type RequestQueries } from '../app.js';
import {
  addProjectMember,
  buildAttachment,
  buildCategory,
  buildComment,
  buildFeature,
  buildProject,
  buildSignedInAdmin,
  buildSignedInUser,
  buildTask,
  buildTodo,
  buildUser,
  buildWorkspace,
  DEFAULT_PASSWORD,
  randomProjectKey,
  signIn,
  tokenFromCookie,
  type SignedInUser,
  uploadAttachments,
} from '../../test/factories.js';
import { multipartBody } from '../../test/multipart.js';
import { notificationsOf } from '../../test/notifications.js';
import { startTestServer, type TestResponse, type TestServer } from '../../test/test-server.js';
import { buildTwoFactorUser, startTwoFactorLogin, totpCode } from '../../test/two-factor.js';

const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png')]);
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { users } from '../db/schema.js';
import { createResetToken } from '../modules/password-reset/reset-tokens.js';
import { createUnsubscribeToken, loadUnsubscribeKey } from '../modules/notification-email/unsubscribe-tokens.js';

/** The most SQL statements any one request may run, the session lookup included (issue 8). */
const STATEMENT_BUDGET = 5;

type Case = () => Promise<TestResponse>;

/**
 * Routes measured elsewhere, with the reason. The event stream never ends while it is measured
 * (its request finishes only when the client leaves); opening it costs the session lookup and
 * one statement (events.routes.test.ts), and each event it delivers costs none.
 */
const excluded: Record<string, string> = {
  'GET /api/v1/events': 'a stream: the request lasts as long as the connection',
  // The export writes its JSON as it reads it (a batch of 500 rows a statement, per section):
  // its statements grow with the account's data by design, and run after the answer has begun.
  'GET /api/v1/users/me/export': 'a stream: one statement per batch of 500 rows of each section (account.routes.test.ts)',
  // The project export likewise (decision 041): the access check and the project (two statements
  // before the answer begins), then per page of 500 tasks five statements (the tasks, their
  // comments, history, attachments and relations) and one for people not met before.
  'GET /api/v1/projects/:projectId/export': 'a stream: five statements per page of 500 tasks (project-export.routes.test.ts)',
};

/** Cases whose costliest path ends in a refusal: the status they must answer. */
const refusals: Record<string, number> = { 'PUT /api/v1/todos/:todoId': 400 };

describe('SQL statements per request', () => {
  let server: TestServer;
  let owner: SignedInUser;
  let other: SignedInUser;
  let mailbox: Mailbox;
  /** An administrator of the instance (issue 16). */
  let admin: SignedInUser;
  const counted: Array<{ route: string; statements: number; transactions: number }> = [];

  beforeAll(async () => {
    // Email configured: forgot-password's costliest path writes a reset link to the outbox.
    mailbox = await startMailbox();
    server = await startTestServer({
      authRateLimit: { perIp: 100_000, windowMs: 60_000 },
      email: { smtpUrl: mailbox.smtpUrl, from: 'tasklane@example.com' },
    });
    [owner, other] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
    admin = await buildSignedInAdmin(server);
  });

  /** A fresh invite's token, made by the administrator. */
  async function inviteToken(body: Record<string, unknown> = {}) {
    const made = await server.request('POST', '/api/v1/admin/invites', { cookie: admin.cookie, body });
    expect(made.status, made.text).toBe(201);
    return { id: made.body.data._id as string, token: new URL(made.body.data.url).searchParams.get('invite')! };
  }

  /** A signed-in user with todos, categories and a membership: what an account deletion removes. */
  async function buildBusyUser() {
    const busy = await buildSignedInUser(server);
    const category = await buildCategory(server, busy.cookie);
    await buildTodo(server, busy.cookie, { category: category._id });
    await buildProject(server, owner.cookie, { members: [{ userId: busy.user.id, role: 'MEMBER' }] });
    return busy;
  }
  afterAll(async () => {
    await mailbox?.close();
    console.log(
      'statements per request (worst path measured):\n' +
        counted.map((row) => `  ${String(row.statements).padStart(2)}  ${row.route}${row.transactions ? ' (in a transaction)' : ''}`).join('\n'),
    );
    await server.close();
  });

  /**
   * Makes the session behind `cookie` due for its hourly refresh, so the measured request
   * also pays for sliding the session forward: the most a signed-in request can cost.
   */
  async function dueForRefresh(cookie: string) {
    const sessionId = createHash('sha256').update(tokenFromCookie(cookie)).digest('hex');
    await server.database.db.execute(
      sql`update sessions set refreshed_at = now() - interval '2 hours' where id = ${sessionId}`,
    );
  }

  function uploadAvatar(cookie: string) {
    const upload = multipartBody([{ field: 'avatar', fileName: 'me.png', content: PNG_BYTES, contentType: 'image/png' }]);
    return server.request('PUT', '/api/v1/users/me/avatar', { cookie, rawBody: upload.body, headers: { 'content-type': upload.contentType } });
  }

  async function call(method: string, path: string, options: { cookie?: string; body?: unknown } = {}) {
    if (options.cookie) await dueForRefresh(options.cookie);
    return server.request(method, path, options);
  }

  /** A one-click unsubscribe token of the user's, for two kinds. */
  async function unsubscribeToken(user: SignedInUser) {
    return encodeURIComponent(createUnsubscribeToken(await loadUnsubscribeKey(server.database.db), user.user.id, ['ASSIGNED', 'COMMENT']));
  }

  /** A shared project of `owner` with `other` as a MEMBER, a feature and a task in it. */
  async function buildTaskFixture() {
    const project = await buildProject(server, owner.cookie, { members: [{ userId: other.user.id, role: 'MEMBER' }] });
    const feature = await buildFeature(server, owner.cookie, project._id);
    const category = await buildCategory(server, owner.cookie, { type: 'TASK' });
    const task = await buildTask(server, owner.cookie, feature._id, { categoryId: category._id, assigneeId: other.user.id });
    return { project, feature, category, task };
  }

  /** Two tasks assigned to `user` (and so their notifications, once the notifier made them), newest first. */
  async function notifiedOf(user: SignedInUser) {
    await buildTaskFixture();
    await buildTaskFixture();
    return notificationsOf(server, user.cookie, '?unread=true');
  }

  /** One happy (and where it costs more, worst) path per route; every route must have one. */
  const cases: Record<string, Case> = {
    'GET /api/v1/health': () => call('GET', '/api/v1/health'),
    // With an invite (issue 16): the costliest registration, which also uses the invite up.
    'POST /api/v1/auth/register': async () =>
      call('POST', '/api/v1/auth/register', {
        body: {
          username: `budget_${Date.now()}`,
          fullName: 'Budget Reg',
          email: `budget_${Date.now()}@example.com`,
          password: DEFAULT_PASSWORD,
          inviteToken: (await inviteToken()).token,
        },
      }),
    'GET /api/v1/auth/registration': async () => call('GET', `/api/v1/auth/registration?invite=${(await inviteToken()).token}`),
    'GET /api/v1/admin/users': () => call('GET', '/api/v1/admin/users?search=user&page=1&limit=5', { cookie: admin.cookie }),
    // Deactivating ends the account's sessions too.
    'PUT /api/v1/admin/users/:id': async () => {
      const target = await buildSignedInUser(server);
      return call('PUT', `/api/v1/admin/users/${target.user.id}`, { cookie: admin.cookie, body: { isAdmin: true, deactivated: true } });
    },
    'DELETE /api/v1/admin/users/:id': async () => {
      const busy = await buildBusyUser();
      return call('DELETE', `/api/v1/admin/users/${busy.user.id}`, { cookie: admin.cookie });
    },
    'GET /api/v1/admin/settings': () => call('GET', '/api/v1/admin/settings', { cookie: admin.cookie }),
    'PUT /api/v1/admin/settings': () => call('PUT', '/api/v1/admin/settings', { cookie: admin.cookie, body: { registration: 'open' } }),
    'GET /api/v1/admin/invites': async () => {
      await inviteToken({ email: 'budget@example.com' });
      return call('GET', '/api/v1/admin/invites', { cookie: admin.cookie });
    },
    'POST /api/v1/admin/invites': () => call('POST', '/api/v1/admin/invites', { cookie: admin.cookie, body: { email: 'new@example.com', expiresAt: '2999-01-01' } }),
    'DELETE /api/v1/admin/invites/:id': async () => call('DELETE', `/api/v1/admin/invites/${(await inviteToken()).id}`, { cookie: admin.cookie }),
    'GET /api/v1/admin/instance': () => call('GET', '/api/v1/admin/instance', { cookie: admin.cookie }),
    'POST /api/v1/auth/login': async () => {
      // The costliest sign-in: earlier failures on the account are cleared by this success.
      const user = await buildUser(server);
      await server.request('POST', '/api/v1/auth/login', { body: { email: user.email, password: 'wrong-password-1' } });
      return call('POST', '/api/v1/auth/login', { body: { email: user.email, password: user.password } });
    },
    'POST /api/v1/auth/logout': async () => call('POST', '/api/v1/auth/logout', { cookie: (await buildSignedInUser(server)).cookie }),
    'GET /api/v1/auth/options': () => call('GET', '/api/v1/auth/options'),
    // An account that exists: the lookup, then the token and the email in one transaction.
    'POST /api/v1/auth/forgot-password': async () => call('POST', '/api/v1/auth/forgot-password', { body: { email: (await buildUser(server)).email } }),
    'POST /api/v1/auth/reset-password': async () => {
      // Signed in twice: every session ends, and the lockout window starts over.
      const user = await buildUser(server);
      await signIn(server, user);
      await signIn(server, user);
      const token = await createResetToken(server.database.db, user.id);
      return call('POST', '/api/v1/auth/reset-password', { body: { token, password: 'a-new-secret-55' } });
    },
    'POST /api/v1/admin/users/:id/reset-link': async () => {
      await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, owner.user.id));
      return call('POST', `/api/v1/admin/users/${other.user.id}/reset-link`, { cookie: owner.cookie });
    },
    'GET /api/v1/users/me': () => call('GET', '/api/v1/users/me', { cookie: owner.cookie }),
    'POST /api/v1/users/me/2fa': async () => call('POST', '/api/v1/users/me/2fa', { cookie: (await buildSignedInUser(server)).cookie }),
    'POST /api/v1/users/me/2fa/confirm': async () => {
      const { cookie } = await buildSignedInUser(server);
      const enrolled = await server.request('POST', '/api/v1/users/me/2fa', { cookie });
      return call('POST', '/api/v1/users/me/2fa/confirm', { cookie, body: { code: totpCode(enrolled.body.data.secret) } });
    },
    'DELETE /api/v1/users/me/2fa': async () => {
      const { user, cookie } = await buildTwoFactorUser(server);
      return call('DELETE', '/api/v1/users/me/2fa', { cookie, body: { password: user.password } });
    },
    'POST /api/v1/auth/login/2fa': async () => {
      // After a wrong code: the success also clears the account's failures.
      const { user, secret } = await buildTwoFactorUser(server);
      const challenge = await startTwoFactorLogin(server, user);
      const right = totpCode(secret, 1);
      await server.request('POST', '/api/v1/auth/login/2fa', { cookie: challenge, body: { code: right === '000000' ? '111111' : '000000' } });
      return call('POST', '/api/v1/auth/login/2fa', { cookie: challenge, body: { code: right } });
    },
    'GET /api/v1/users': () => call('GET', '/api/v1/users', { cookie: owner.cookie }),
    'PUT /api/v1/users/me': async () => {
      const account = await buildSignedInUser(server);
      return call('PUT', '/api/v1/users/me', {
        cookie: account.cookie,
        body: {
          fullName: 'Budget Person',
          username: `budget_${Date.now()}`,
          email: `budget_me_${Date.now()}@example.com`,
          preferences: { todosLayout: 'list' },
        },
      });
    },
    'PUT /api/v1/users/me/avatar': async () => {
      // Replacing an avatar: the costliest path (the old image's key comes back to be removed).
      const account = await buildSignedInUser(server);
      await uploadAvatar(account.cookie);
      await dueForRefresh(account.cookie);
      return uploadAvatar(account.cookie);
    },
    'DELETE /api/v1/users/me/avatar': async () => {
      const account = await buildSignedInUser(server);
      await uploadAvatar(account.cookie);
      return call('DELETE', '/api/v1/users/me/avatar', { cookie: account.cookie });
    },
    'GET /api/v1/users/:id/avatar': async () => {
      const account = await buildSignedInUser(server);
      const url = (await uploadAvatar(account.cookie)).body.data.avatar;
      return call('GET', url, { cookie: other.cookie });
    },
    'PUT /api/v1/users/me/password': async () => {
      const account = await buildSignedInUser(server);
      await signIn(server, account.user);
      return call('PUT', '/api/v1/users/me/password', {
        cookie: account.cookie,
        body: { currentPassword: account.user.password, newPassword: 'violet-kettle-orbit-7' },
      });
    },
    'GET /api/v1/users/me/sessions': () => call('GET', '/api/v1/users/me/sessions', { cookie: owner.cookie }),
    // Personal API tokens (decision 038): the session, then one statement each.
    'GET /api/v1/users/me/tokens': () => call('GET', '/api/v1/users/me/tokens', { cookie: owner.cookie }),
    'POST /api/v1/users/me/tokens': () => call('POST', '/api/v1/users/me/tokens', { cookie: owner.cookie, body: { name: 'Budget', scope: 'read', expiresAt: '2999-01-01' } }),
    'DELETE /api/v1/users/me/tokens/:id': async () => {
      const made = await server.request('POST', '/api/v1/users/me/tokens', { cookie: owner.cookie, body: { name: 'Revoked', scope: 'read' } });
      return call('DELETE', `/api/v1/users/me/tokens/${made.body.data._id}`, { cookie: owner.cookie });
    },
    'DELETE /api/v1/users/me/sessions/:id': async () => {
      const account = await buildSignedInUser(server);
      await signIn(server, account.user);
      const sessions = (await server.request('GET', '/api/v1/users/me/sessions', { cookie: account.cookie })).body.data;
      const target = sessions.find((session: { current: boolean }) => !session.current);
      return call('DELETE', `/api/v1/users/me/sessions/${target._id}`, { cookie: account.cookie });
    },
    'DELETE /api/v1/users/me/sessions': async () => {
      const account = await buildSignedInUser(server);
      await signIn(server, account.user);
      return call('DELETE', '/api/v1/users/me/sessions', { cookie: account.cookie });
    },
    'DELETE /api/v1/users/me': async () => {
      // With a workspace and a project of their own to go with them, and todos and categories.
      const account = await buildSignedInUser(server);
      const project = await buildProject(server, account.cookie);
      const feature = await buildFeature(server, account.cookie, project._id);
      const task = await buildTask(server, account.cookie, feature._id);
      await buildAttachment(server, account.cookie, task._id);
      await buildTodo(server, account.cookie);
      return call('DELETE', '/api/v1/users/me', { cookie: account.cookie, body: { password: account.user.password } });
    },
    'GET /api/v1/categories/all': () => call('GET', '/api/v1/categories/all', { cookie: owner.cookie }),
    'GET /api/v1/categories': () => call('GET', '/api/v1/categories?type=TODO', { cookie: owner.cookie }),
    'POST /api/v1/categories': () =>
      call('POST', '/api/v1/categories', {
        cookie: owner.cookie,
        body: { name: 'Budget', slug: `budget-${Date.now()}`, type: 'TODO', color: '#3B82F6' },
      }),
    'DELETE /api/v1/categories/:id': async () => {
      const category = await buildCategory(server, owner.cookie);
      return call('DELETE', `/api/v1/categories/${category._id}`, { cookie: owner.cookie });
    },
    // A page past the end (its own count) with the done todos hidden (their count, issue 18).
    'GET /api/v1/todos': () =>
      call('GET', '/api/v1/todos?priority=HIGH&date=today&today=2025-01-05&page=99&limit=10&hideDone=true', { cookie: owner.cookie }),
    'POST /api/v1/todos': async () => {
      const category = await buildCategory(server, owner.cookie);
      return call('POST', '/api/v1/todos', { cookie: owner.cookie, body: { title: 'Budget todo', category: category._id } });
    },
    'POST /api/v1/todos/quick': async () => {
      // A first use: the default category is looked for, then created and remembered.
      const account = await buildSignedInUser(server);
      return call('POST', '/api/v1/todos/quick', { cookie: account.cookie, body: { title: 'Budget quick todo', tags: ['home'] } });
    },
    'GET /api/v1/todos/default-category': () => call('GET', '/api/v1/todos/default-category', { cookie: owner.cookie }),
    'PUT /api/v1/todos/default-category': async () => {
      const category = await buildCategory(server, owner.cookie);
      return call('PUT', '/api/v1/todos/default-category', { cookie: owner.cookie, body: { categoryId: category._id } });
    },
    'GET /api/v1/todos/:todoId': async () => {
      const todo = await buildTodo(server, owner.cookie);
      return call('GET', `/api/v1/todos/${todo._id}`, { cookie: owner.cookie });
    },
    'PUT /api/v1/todos/:todoId': async () => {
      // Without a category, for a todo that has one: the save is refused after a second look.
      const todo = await buildTodo(server, owner.cookie);
      return call('PUT', `/api/v1/todos/${todo._id}`, { cookie: owner.cookie, body: { title: 'Renamed', category: null } });
    },
    'DELETE /api/v1/todos/:todoId': async () => {
      const todo = await buildTodo(server, owner.cookie);
      return call('DELETE', `/api/v1/todos/${todo._id}`, { cookie: owner.cookie });
    },
    'GET /api/v1/workspaces': () => call('GET', '/api/v1/workspaces', { cookie: owner.cookie }),
    'POST /api/v1/workspaces': () => call('POST', '/api/v1/workspaces', { cookie: owner.cookie, body: { name: 'Budget space' } }),
    'PUT /api/v1/workspaces/:id': async () => {
      const workspace = await buildWorkspace(server, owner.cookie);
      return call('PUT', `/api/v1/workspaces/${workspace._id}`, { cookie: owner.cookie, body: { name: 'Renamed space' } });
    },
    'DELETE /api/v1/workspaces/:id': async () => {
      const workspace = await buildWorkspace(server, owner.cookie);
      await buildProject(server, owner.cookie, { workspaceId: workspace._id });
      return call('DELETE', `/api/v1/workspaces/${workspace._id}`, { cookie: owner.cookie });
    },
    'GET /api/v1/workspaces/:id/projects': async () => {
      const { project } = await buildTaskFixture();
      const workspaceId = (project as unknown as { workspaceId: { _id: string } }).workspaceId._id;
      return call('GET', `/api/v1/workspaces/${workspaceId}/projects`, { cookie: other.cookie });
    },
    'GET /api/v1/users/projects': () => call('GET', '/api/v1/users/projects', { cookie: other.cookie }),
    'POST /api/v1/projects': async () => {
      const workspace = await buildWorkspace(server, owner.cookie);
      const category = await buildCategory(server, owner.cookie, { type: 'PROJECT' });
      return call('POST', '/api/v1/projects', {
        cookie: owner.cookie,
        body: { workspaceId: workspace._id, name: 'Budget project', category: category._id },
      });
    },
    'GET /api/v1/projects/:projectId': async () => {
      const { project } = await buildTaskFixture();
      return call('GET', `/api/v1/projects/${project._id}`, { cookie: other.cookie });
    },
    'PUT /api/v1/projects/:projectId': async () => {
      const project = await buildProject(server, owner.cookie);
      const category = await buildCategory(server, owner.cookie, { type: 'PROJECT' });
      return call('PUT', `/api/v1/projects/${project._id}`, {
        cookie: owner.cookie,
        body: { name: 'Renamed project', key: randomProjectKey(), category: category._id, version: 1 },
      });
    },
    'DELETE /api/v1/projects/:projectId': async () => {
      const { project } = await buildTaskFixture();
      return call('DELETE', `/api/v1/projects/${project._id}`, { cookie: owner.cookie });
    },
    'GET /api/v1/projects/:projectId/members': async () => {
      const { project } = await buildTaskFixture();
      return call('GET', `/api/v1/projects/${project._id}/members`, { cookie: other.cookie });
    },
    'POST /api/v1/projects/:projectId/members': async () => {
      const project = await buildProject(server, owner.cookie);
      return call('POST', `/api/v1/projects/${project._id}/members`, {
        cookie: owner.cookie,
        body: { userId: other.user.id, role: 'MODERATOR' },
      });
    },
    'PUT /api/v1/projects/:projectId/members/:userId': async () => {
      // Demoting an admin: the costliest change, which must count the admins left.
      const project = await buildProject(server, owner.cookie, { members: [{ userId: other.user.id, role: 'ADMIN' }] });
      return call('PUT', `/api/v1/projects/${project._id}/members/${other.user.id}`, { cookie: owner.cookie, body: { role: 'VIEWER' } });
    },
    'DELETE /api/v1/projects/:projectId/members/:userId': async () => {
      const project = await buildProject(server, owner.cookie, { members: [{ userId: other.user.id, role: 'ADMIN' }] });
      return call('DELETE', `/api/v1/projects/${project._id}/members/${other.user.id}`, { cookie: owner.cookie });
    },
    'GET /api/v1/features': async () => {
      const { project } = await buildTaskFixture();
      return call('GET', `/api/v1/features?projectId=${project._id}&search=Feature&status=BACKLOG&page=1`, { cookie: other.cookie });
    },
    'GET /api/v1/features/:id': async () => {
      const { project, feature } = await buildTaskFixture();
      return call('GET', `/api/v1/features/${feature._id}?projectId=${project._id}`, { cookie: other.cookie });
    },
    'POST /api/v1/features': async () => {
      const project = await buildProject(server, owner.cookie);
      // With a default category: checked to be one of the caller's.
      const category = await buildCategory(server, owner.cookie, { type: 'TASK' });
      return call('POST', '/api/v1/features', {
        cookie: owner.cookie,
        body: { projectId: project._id, title: 'Budget feature', defaultCategoryId: category._id },
      });
    },
    'PUT /api/v1/features/:id': async () => {
      const { project, feature } = await buildTaskFixture();
      return call('PUT', `/api/v1/features/${feature._id}`, {
        cookie: owner.cookie,
        body: { projectId: project._id, title: 'Renamed feature', version: 1, defaultCategoryId: (await buildCategory(server, owner.cookie, { type: 'TASK' }))._id },
      });
    },
    'DELETE /api/v1/features/:id': async () => {
      const { project, feature } = await buildTaskFixture();
      return call('DELETE', `/api/v1/features/${feature._id}?projectId=${project._id}`, { cookie: owner.cookie });
    },
    'GET /api/v1/tasks': async () => {
      const { feature } = await buildTaskFixture();
      return call('GET', `/api/v1/tasks?featureId=${feature._id}&search=Task&status=TODO&priority=MEDIUM`, { cookie: other.cookie });
    },
    'GET /api/v1/tasks/:taskId': async () => {
      // By its key (in lower case): as costly as by its id (one statement either way).
      const { project, task } = await buildTaskFixture();
      return call('GET', `/api/v1/tasks/${task.key.toLowerCase()}?projectId=${project._id}`, { cookie: other.cookie });
    },
    'POST /api/v1/tasks': async () => {
      // A subtask (decision 033): its parent is read too, and its SUBTASK_ADDED written.
      const { project, feature, category, task } = await buildTaskFixture();
      return call('POST', '/api/v1/tasks', {
        cookie: owner.cookie,
        body: { projectId: project._id, featureId: feature._id, title: 'Budget task', categoryId: category._id, assigneeId: other.user.id, parentTaskId: task._id },
      });
    },
    'PUT /api/v1/tasks/:taskId': async () => {
      // Every reference changes: assignee, category and feature are all looked up.
      const { project, feature, task } = await buildTaskFixture();
      const otherFeature = await buildFeature(server, owner.cookie, project._id);
      const otherCategory = await buildCategory(server, owner.cookie, { type: 'TASK' });
      void feature;
      return call('PUT', `/api/v1/tasks/${task._id}`, {
        cookie: owner.cookie,
        body: {
          status: 'BLOCKED',
          blockedReason: 'Waiting',
          assigneeId: owner.user.id,
          categoryId: otherCategory._id,
          featureId: otherFeature._id,
          title: 'Renamed task',
        },
      });
    },
    'DELETE /api/v1/tasks/:taskId': async () => {
      // A parent deleted with its subtasks (decision 033): the costliest delete.
      const { feature, category, task } = await buildTaskFixture();
      await buildTask(server, owner.cookie, feature._id, { categoryId: category._id, parentTaskId: task._id });
      return call('DELETE', `/api/v1/tasks/${task._id}?subtasks=delete`, { cookie: owner.cookie });
    },
    'GET /api/v1/tasks/:taskId/subtasks': async () => {
      const { feature, category, task } = await buildTaskFixture();
      await buildTask(server, owner.cookie, feature._id, { categoryId: category._id, parentTaskId: task._id });
      return call('GET', `/api/v1/tasks/${task._id}/subtasks`, { cookie: other.cookie });
    },
    'PUT /api/v1/tasks/:taskId/subtasks/order': async () => {
      const { feature, category, task } = await buildTaskFixture();
      const first = await buildTask(server, owner.cookie, feature._id, { categoryId: category._id, parentTaskId: task._id });
      const second = await buildTask(server, owner.cookie, feature._id, { categoryId: category._id, parentTaskId: task._id });
      return call('PUT', `/api/v1/tasks/${task._id}/subtasks/order`, { cookie: other.cookie, body: { subtaskIds: [second._id, first._id] } });
    },
    // A page past the end (its own count) with the done tasks hidden (their count, issue 18).
    'GET /api/v1/users/tasks': () => call('GET', '/api/v1/users/tasks?search=Task&page=99&limit=5&hideDone=true', { cookie: other.cookie }),
    'GET /api/v1/tasks/board': async () => {
      const { feature, category } = await buildTaskFixture();
      await buildTask(server, other.cookie, feature._id);
      await buildTask(server, owner.cookie, feature._id, { categoryId: category._id, status: 'IN_PROGRESS', tags: ['one', 'two'] });
      return call('GET', `/api/v1/tasks/board?featureId=${feature._id}`, { cookie: other.cookie });
    },
    'POST /api/v1/tasks/:taskId/move': async () => {
      // Across columns, between two cards: the new status writes history too.
      const { feature, category, task } = await buildTaskFixture();
      const above = await buildTask(server, owner.cookie, feature._id, { categoryId: category._id, status: 'IN_REVIEW' });
      const below = await buildTask(server, owner.cookie, feature._id, { categoryId: category._id, status: 'IN_REVIEW' });
      return call('POST', `/api/v1/tasks/${task._id}/move`, {
        cookie: other.cookie,
        body: { status: 'IN_REVIEW', afterId: above._id, beforeId: below._id, version: task.version },
      });
    },
    'GET /api/v1/attachments/limits': () => call('GET', '/api/v1/attachments/limits', { cookie: other.cookie }),
    'GET /api/v1/tasks/:taskId/attachments': async () => {
      const { task } = await buildTaskFixture();
      await buildAttachment(server, owner.cookie, task._id);
      await buildAttachment(server, other.cookie, task._id);
      return call('GET', `/api/v1/tasks/${task._id}/attachments`, { cookie: other.cookie });
    },
    'POST /api/v1/tasks/:taskId/attachments': async () => {
      // Several files and a description: one history entry and one insert for all of them.
      const { task } = await buildTaskFixture();
      await dueForRefresh(other.cookie);
      return uploadAttachments(server, other.cookie, task._id, [
        { field: 'description', value: 'Screenshots of the bug' },
        { field: 'files', fileName: 'one.txt', content: 'one', contentType: 'text/plain' },
        { field: 'files', fileName: 'two.txt', content: 'two', contentType: 'text/plain' },
        { field: 'files', fileName: 'three.txt', content: 'three', contentType: 'text/plain' },
      ]);
    },
    'GET /api/v1/tasks/:taskId/attachments/:attachmentId': async () => {
      const { task } = await buildTaskFixture();
      const attachment = await buildAttachment(server, owner.cookie, task._id);
      return call('GET', `/api/v1/tasks/${task._id}/attachments/${attachment._id}`, { cookie: other.cookie });
    },
    'DELETE /api/v1/tasks/:taskId/attachments/:attachmentId': async () => {
      const { task } = await buildTaskFixture();
      const attachment = await buildAttachment(server, owner.cookie, task._id);
      return call('DELETE', `/api/v1/tasks/${task._id}/attachments/${attachment._id}`, { cookie: owner.cookie });
    },
    'GET /api/v1/tasks/:taskId/comments': async () => {
      const { task } = await buildTaskFixture();
      await buildComment(server, owner.cookie, task._id);
      return call('GET', `/api/v1/tasks/${task._id}/comments`, { cookie: other.cookie });
    },
    'POST /api/v1/tasks/:taskId/comments': async () => {
      const { task } = await buildTaskFixture();
      return call('POST', `/api/v1/tasks/${task._id}/comments`, { cookie: other.cookie, body: { comment: 'Budget comment' } });
    },
    'PUT /api/v1/tasks/:taskId/comments/:commentId': async () => {
      const { task } = await buildTaskFixture();
      const comment = await buildComment(server, other.cookie, task._id);
      return call('PUT', `/api/v1/tasks/${task._id}/comments/${comment._id}`, { cookie: other.cookie, body: { comment: 'Budget edit' } });
    },
    // Someone else's comment, deleted by the workspace's owner (an ADMIN's right).
    'DELETE /api/v1/tasks/:taskId/comments/:commentId': async () => {
      const { task } = await buildTaskFixture();
      const comment = await buildComment(server, other.cookie, task._id);
      return call('DELETE', `/api/v1/tasks/${task._id}/comments/${comment._id}`, { cookie: owner.cookie });
    },
    // Issue 19: a task's relations, several, by its key (one statement whatever their number).
    'GET /api/v1/tasks/:taskId/relations': async () => {
      const { feature, category, task } = await buildTaskFixture();
      for (const type of ['BLOCKS', 'RELATES_TO', 'BLOCKED_BY']) {
        const other = await buildTask(server, owner.cookie, feature._id, { categoryId: category._id });
        await call('POST', `/api/v1/tasks/${task._id}/relations`, { cookie: owner.cookie, body: { type, taskId: other._id } });
      }
      return call('GET', `/api/v1/tasks/${task.key}/relations`, { cookie: other.cookie });
    },
    // A BLOCKS named by key at the end of a chain: the cycle check walks the chain, the lock and
    // the write (relation, both histories, both events) are one statement each.
    'POST /api/v1/tasks/:taskId/relations': async () => {
      const { feature, category, task } = await buildTaskFixture();
      let previous = task;
      for (let index = 0; index < 3; index++) {
        const next = await buildTask(server, owner.cookie, feature._id, { categoryId: category._id });
        await call('POST', `/api/v1/tasks/${previous._id}/relations`, { cookie: owner.cookie, body: { type: 'BLOCKS', taskId: next._id } });
        previous = next;
      }
      const last = await buildTask(server, owner.cookie, feature._id, { categoryId: category._id });
      return call('POST', `/api/v1/tasks/${task.key}/relations`, { cookie: other.cookie, body: { type: 'BLOCKED_BY', taskId: last.key } });
    },
    'DELETE /api/v1/tasks/:taskId/relations/:relationId': async () => {
      const { feature, category, task } = await buildTaskFixture();
      const blocker = await buildTask(server, owner.cookie, feature._id, { categoryId: category._id });
      const added = await call('POST', `/api/v1/tasks/${task._id}/relations`, { cookie: owner.cookie, body: { type: 'BLOCKED_BY', taskId: blocker._id } });
      return call('DELETE', `/api/v1/tasks/${task.key}/relations/${added.body.data._id}`, { cookie: other.cookie });
    },
    'GET /api/v1/tasks/:taskId/watch': async () => {
      const { task } = await buildTaskFixture();
      return call('GET', `/api/v1/tasks/${task._id}/watch`, { cookie: other.cookie });
    },
    'PUT /api/v1/tasks/:taskId/watch': async () => {
      const { task } = await buildTaskFixture();
      return call('PUT', `/api/v1/tasks/${task._id}/watch`, { cookie: other.cookie });
    },
    'DELETE /api/v1/tasks/:taskId/watch': async () => {
      const { task } = await buildTaskFixture();
      return call('DELETE', `/api/v1/tasks/${task._id}/watch`, { cookie: other.cookie });
    },
    // Every kind at once, with a typo: one statement after the session's, however many rows match.
    'GET /api/v1/search': async () => {
      const { project, task } = await buildTaskFixture();
      await buildComment(server, other.cookie, task._id, `About ${task.title}`);
      await buildTodo(server, other.cookie, { title: `${task.title} todo` });
      return call('GET', `/api/v1/search?q=${encodeURIComponent(`${task.title} tsak ${project.name}`)}&limit=50`, { cookie: other.cookie });
    },
    // A project's calendar (its access, then its tasks; todos are left out with a project), with
    // several tasks due in the range: one statement per kind, however many rows.
    'GET /api/v1/calendar': async () => {
      const { project, feature, category } = await buildTaskFixture();
      for (const day of ['2030-01-02', '2030-01-03', '2030-01-03']) {
        await buildTask(server, owner.cookie, feature._id, { categoryId: category._id, assigneeId: other.user.id, dueDate: day });
      }
      await buildTodo(server, other.cookie, { title: 'Calendar todo', dueDate: '2030-01-04' });
      return call('GET', `/api/v1/calendar?from=2030-01-01&to=2030-01-31&projectId=${project._id}&kinds=task,todo&today=2030-01-03`, { cookie: other.cookie });
    },
    // Notifications of the caller's: several, so the list and count show their statements per page, not per row.
    'GET /api/v1/notifications': async () => {
      await notifiedOf(other);
      return call('GET', '/api/v1/notifications?unread=true&kind=ASSIGNED', { cookie: other.cookie });
    },
    'GET /api/v1/notifications/unread-count': async () => {
      await notifiedOf(other);
      return call('GET', '/api/v1/notifications/unread-count', { cookie: other.cookie });
    },
    'PUT /api/v1/notifications/:notificationId/read': async () => {
      const [notification] = await notifiedOf(other);
      return call('PUT', `/api/v1/notifications/${notification._id}/read`, { cookie: other.cookie });
    },
    'PUT /api/v1/notifications/read-all': async () => {
      await notifiedOf(other);
      return call('PUT', '/api/v1/notifications/read-all', { cookie: other.cookie });
    },
    'GET /api/v1/users/me/notification-settings': () => call('GET', '/api/v1/users/me/notification-settings', { cookie: other.cookie }),
    'PUT /api/v1/users/me/notification-settings': () =>
      call('PUT', '/api/v1/users/me/notification-settings', { cookie: other.cookie, body: { kinds: { COMMENT: 'EMAIL', MENTION: 'DIGEST', OVERDUE: 'IN_APP' } } }),
    // An email's unsubscribe link (no session), the key that signs it read by the request itself at worst.
    'GET /api/v1/notifications/unsubscribe': async () => call('GET', `/api/v1/notifications/unsubscribe?token=${await unsubscribeToken(other)}`),
    'POST /api/v1/notifications/unsubscribe': async () =>
      server.request('POST', `/api/v1/notifications/unsubscribe?token=${await unsubscribeToken(other)}`, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    // The feed's URL, made on first ask (an insert that finds one already there reads it, decision 037).
    'GET /api/v1/users/me/calendar-feed': () => call('GET', '/api/v1/users/me/calendar-feed', { cookie: other.cookie }),
    'POST /api/v1/users/me/calendar-feed/reset': () => call('POST', '/api/v1/users/me/calendar-feed/reset', { cookie: other.cookie }),
    // The feed (no session): its owner, then their tasks and todos with due dates.
    'GET /api/v1/calendar/:file': async () => {
      const { feature, category } = await buildTaskFixture();
      await buildTask(server, owner.cookie, feature._id, { categoryId: category._id, assigneeId: other.user.id, dueDate: '2026-12-24' });
      await buildTodo(server, other.cookie, { dueDate: '2026-12-24' });
      const made = await server.request('GET', '/api/v1/users/me/calendar-feed', { cookie: other.cookie });
      return server.request('GET', new URL(made.body.data.url as string).pathname);
    },
    // Imports (issue 20): the session, the workspace, the project role and its workspace, the job's insert.
    'POST /api/v1/workspaces/:id/imports': async () => {
      const workspace = await buildWorkspace(server, owner.cookie);
      const project = await buildProject(server, owner.cookie, { workspaceId: workspace._id, members: [{ userId: other.user.id, role: 'MODERATOR' }] });
      const upload = multipartBody([
        { field: 'source', value: 'csv' },
        { field: 'mapping', value: JSON.stringify({ title: 'Title' }) },
        { field: 'projectId', value: project._id },
        { field: 'file', fileName: 'tasks.csv', content: 'Title\nOne', contentType: 'text/csv' },
      ]);
      return server.request('POST', `/api/v1/workspaces/${workspace._id}/imports`, { cookie: other.cookie, rawBody: upload.body, headers: { 'content-type': upload.contentType } });
    },
    'POST /api/v1/todos/imports': async () => {
      const upload = multipartBody([
        { field: 'source', value: 'todoist' },
        { field: 'file', fileName: 'todoist.csv', content: 'TYPE,CONTENT\ntask,One', contentType: 'text/csv' },
      ]);
      return server.request('POST', '/api/v1/todos/imports', { cookie: other.cookie, rawBody: upload.body, headers: { 'content-type': upload.contentType } });
    },
    'GET /api/v1/imports/:importId': async () => {
      const upload = multipartBody([
        { field: 'source', value: 'todoist' },
        { field: 'file', fileName: 'todoist.csv', content: 'TYPE,CONTENT\ntask,One', contentType: 'text/csv' },
      ]);
      const started = await server.request('POST', '/api/v1/todos/imports', { cookie: other.cookie, rawBody: upload.body, headers: { 'content-type': upload.contentType } });
      return call('GET', `/api/v1/imports/${started.body.data._id}`, { cookie: other.cookie });
    },
    // My day: the session, then the assigned tasks and the todos on it.
    'GET /api/v1/users/me/today': async () => {
      const { feature, category } = await buildTaskFixture();
      await buildTask(server, owner.cookie, feature._id, { categoryId: category._id, assigneeId: other.user.id, dueDate: new Date().toISOString().slice(0, 10) });
      await buildTodo(server, other.cookie, { isToday: true });
      return call('GET', '/api/v1/users/me/today', { cookie: other.cookie });
    },
    // Issue 20: webhooks of a project `other` leads (ADMIN), paused so nothing is sent meanwhile.
    'GET /api/v1/projects/:projectId/webhooks': async () => {
      const { project } = await webhookFixture();
      await webhookFixture(project._id);
      return call('GET', `/api/v1/projects/${project._id}/webhooks`, { cookie: other.cookie });
    },
    'POST /api/v1/projects/:projectId/webhooks': async () => {
      const project = await buildProject(server, other.cookie);
      return call('POST', `/api/v1/projects/${project._id}/webhooks`, { cookie: other.cookie, body: { url: 'https://hooks.example.com/in', events: ['task.created'], active: false } });
    },
    'PUT /api/v1/projects/:projectId/webhooks/:webhookId': async () =>
      call('PUT', (await webhookFixture()).path, { cookie: other.cookie, body: { url: 'https://hooks.example.com/other', events: ['task.updated'], active: true } }),
    'DELETE /api/v1/projects/:projectId/webhooks/:webhookId': async () => call('DELETE', (await webhookFixture()).path, { cookie: other.cookie }),
    'POST /api/v1/projects/:projectId/webhooks/:webhookId/test': async () => call('POST', `${(await webhookFixture()).path}/test`, { cookie: other.cookie }),
    'POST /api/v1/projects/:projectId/webhooks/:webhookId/rotate-secret': async () =>
      call('POST', `${(await webhookFixture()).path}/rotate-secret`, { cookie: other.cookie }),
    // Several deliveries: one statement for the list, however many.
    'GET /api/v1/projects/:projectId/webhooks/:webhookId/deliveries': async () => {
      const { path } = await webhookFixture();
      for (let sent = 0; sent < 3; sent++) await server.request('POST', `${path}/test`, { cookie: other.cookie });
      return call('GET', `${path}/deliveries`, { cookie: other.cookie });
    },
    'POST /api/v1/projects/:projectId/webhooks/:webhookId/deliveries/:deliveryId/redeliver': async () => {
      const { path } = await webhookFixture();
      const ping = await server.request('POST', `${path}/test`, { cookie: other.cookie });
      return call('POST', `${path}/deliveries/${ping.body.data._id}/redeliver`, { cookie: other.cookie });
    },
  };

  /** A paused webhook of a project `other` leads (a new one unless `projectId` names one). */
  async function webhookFixture(projectId?: string) {
    const project = projectId ? { _id: projectId } : await buildProject(server, other.cookie);
    const made = await server.request('POST', `/api/v1/projects/${project._id}/webhooks`, {
      cookie: other.cookie,
      body: { url: 'https://hooks.example.com/tasklane', events: ['task.created'], active: false },
    });
    expect(made.status, made.text).toBe(201);
    return { project, path: `/api/v1/projects/${project._id}/webhooks/${made.body.data._id}` };
  }

  /** Routes outside the API (docs, the web app's files) must not touch the database at all. */
  const isApiRoute = (url: string) => url.startsWith('/api/v1/');

  it('has a case for every API route the app registers', () => {
    const routes = registeredRoutes(server.app)
      .filter((route) => isApiRoute(route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => !(route in cases) && !(route in excluded))).toEqual([]);
    expect(Object.keys(excluded).filter((key) => !routes.includes(key) || key in cases)).toEqual([]);
    expect(Object.keys(cases).filter((key) => !routes.includes(key))).toEqual([]);
  });

  it.each(Object.keys(cases))(`%s runs at most ${STATEMENT_BUDGET} statements`, async (route) => {
    const response = await cases[route]!();
    if (route in refusals) expect(response.status, response.text).toBe(refusals[route]);
    else expect(response.status, response.text).toBeLessThan(400);
    const queries = server.queriesOf(response);
    expect(`${queries.method} ${queries.route}`).toBe(route);
    counted.push({ route, statements: queries.statements.length, transactions: queries.transactions });
    expect(queries.statements.length, queries.statements.map((statement) => statement.sql).join('\n\n')).toBeLessThanOrEqual(
      STATEMENT_BUDGET,
    );
    // At most one transaction, and only around statements that must see each other's locks.
    expect(queries.transactions).toBeLessThanOrEqual(1);
  });

  it('a request with an API token resolves it in one statement, recording its last use included (decision 038)', async () => {
    const made = await server.request('POST', '/api/v1/users/me/tokens', { cookie: other.cookie, body: { name: 'Budget', scope: 'read' } });
    const token = made.body.data.token as string;
    const headers = { authorization: `Bearer ${token}` };
    // Never used: this request writes its last use (and its person's last seen) in the same statement.
    const first = server.queriesOf(await server.request('GET', '/api/v1/users/me', { headers }));
    expect(first.statements.map((statement) => statement.sql)).toHaveLength(1);
    const session = server.queriesOf(await call('GET', '/api/v1/todos', { cookie: other.cookie }));
    const byToken = server.queriesOf(await server.request('GET', '/api/v1/todos', { headers }));
    expect(byToken.statements.length).toBe(session.statements.length);
  });

  it(`the first step of a sign-in with two-factor on runs at most ${STATEMENT_BUDGET} statements too`, async () => {
    const { user } = await buildTwoFactorUser(server);
    const response = await call('POST', '/api/v1/auth/login', { body: { email: user.email, password: user.password } });
    expect(response.body, response.text).toMatchObject({ data: { twoFactorRequired: true } });
    const queries = server.queriesOf(response);
    expect(queries.statements.length, queries.statements.map((statement) => statement.sql).join('\n\n')).toBeLessThanOrEqual(STATEMENT_BUDGET);
  });

  it(`a board move that renumbers its column (rare: a gap split some 150 times) runs at most ${STATEMENT_BUDGET} statements too`, async () => {
    // The move above is the common path. This one finds no short key between its neighbours, so
    // it also reads (and locks) the column: one statement more, and still one write.
    const { feature, category, task } = await buildTaskFixture();
    const above = await buildTask(server, owner.cookie, feature._id, { categoryId: category._id, status: 'IN_REVIEW' });
    const below = await buildTask(server, owner.cookie, feature._id, { categoryId: category._id, status: 'IN_REVIEW' });
    await server.database.db.execute(sql`update tasks set board_rank = 'a0' where id = ${above._id}`);
    await server.database.db.execute(sql`update tasks set board_rank = ${`a0${'0'.repeat(40)}1`} where id = ${below._id}`);
    const response = await call('POST', `/api/v1/tasks/${task._id}/move`, {
      cookie: other.cookie,
      body: { status: 'IN_REVIEW', afterId: above._id, beforeId: below._id, version: task.version },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.boardRank.length).toBeLessThanOrEqual(5);
    const queries = server.queriesOf(response);
    expect(queries.statements.length, queries.statements.map((statement) => statement.sql).join('\n\n')).toBeLessThanOrEqual(
      STATEMENT_BUDGET,
    );
    expect(queries.transactions).toBe(1);
  });

  it(`completing a repeating todo for a client that leaves recurrence out runs at most ${STATEMENT_BUDGET} statements too`, async () => {
    // The rule is read (one statement more), and the next todo is made by the update's statement.
    const todo = await buildTodo(server, owner.cookie, { dueDate: '2027-01-31', recurrence: 'FREQ=MONTHLY;BYMONTHDAY=-1' });
    const { recurrence: _rule, recurrenceTimeZone: _zone, ...body } = todo;
    const response = await call('PUT', `/api/v1/todos/${todo._id}`, { cookie: owner.cookie, body: { ...body, status: 'COMPLETED' } });
    expect(response.status, response.text).toBe(200);
    const queries = server.queriesOf(response);
    expect(queries.statements.length, queries.statements.map((statement) => statement.sql).join('\n\n')).toBeLessThanOrEqual(STATEMENT_BUDGET);
    const listed = await call('GET', '/api/v1/todos', { cookie: owner.cookie });
    expect(listed.body.todos).toContainEqual(expect.objectContaining({ title: todo.title, dueDate: '2027-02-28T00:00:00.000Z', status: 'PENDING' }));
  });

  it('routes outside the API run no SQL', async () => {
    const others = registeredRoutes(server.app).filter((route) => !isApiRoute(route.url) && route.method === 'GET');
    expect(others.length).toBeGreaterThan(0);
    for (const route of others) {
      const path = route.url.replace(/:[^/]+/g, 'x').replace(/\*/g, 'index.html');
      const response = await server.request('GET', path);
      const queries: RequestQueries = server.queriesOf(response);
      expect(queries.statements, `${route.method} ${route.url}`).toEqual([]);
    }
  });
});

describe('lists run the same statements for 1 item as for 30 (no N+1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** The list inside a `data` object: a task page's tasks, a workspace's projects. */
  const listIn = (data: unknown) => {
    const object = data as { tasks?: unknown[]; projects?: unknown[] };
    return object.tasks ?? object.projects;
  };

  async function statementsFor(path: string, cookie: string, expectedItems: number) {
    const response = await server.request('GET', path, { cookie });
    expect(response.status, response.text).toBe(200);
    const body = response.body as { data?: unknown; todos?: unknown[]; categories?: unknown[] };
    const items = body.todos ?? body.categories ?? (Array.isArray(body.data) ? body.data : listIn(body.data));
    expect(items).toHaveLength(expectedItems);
    return server.queriesOf(response).statements.length;
  }

  /** Grows a list from 1 to 30 items and checks the second read costs what the first did. */
  async function expectConstant(path: string, cookie: string, add: (index: number) => Promise<unknown>, count = (n: number) => n) {
    await add(0);
    const one = await statementsFor(path, cookie, count(1));
    for (let index = 1; index < 30; index += 1) await add(index);
    const thirty = await statementsFor(path, cookie, count(30));
    expect(thirty).toBe(one);
  }

  it('projects: GET /users/projects and GET /workspaces/:id/projects', async () => {
    const owner = await buildSignedInUser(server);
    const member = await buildSignedInUser(server);
    const workspace = await buildWorkspace(server, owner.cookie);
    const add = () => buildProject(server, owner.cookie, { workspaceId: workspace._id, members: [{ userId: member.user.id, role: 'MEMBER' }] });
    await expectConstant('/api/v1/users/projects', member.cookie, add);
    const again = await buildSignedInUser(server);
    const space = await buildWorkspace(server, again.cookie);
    await expectConstant(`/api/v1/workspaces/${space._id}/projects`, again.cookie, () =>
      buildProject(server, again.cookie, { workspaceId: space._id, members: [{ userId: member.user.id, role: 'VIEWER' }] }),
    );
  });

  it('workspaces, categories, todos and users', async () => {
    const user = await buildSignedInUser(server);
    await expectConstant('/api/v1/workspaces', user.cookie, () => buildWorkspace(server, user.cookie));
    const fresh = await buildSignedInUser(server);
    await expectConstant('/api/v1/categories/all', fresh.cookie, () => buildCategory(server, fresh.cookie));
    const writer = await buildSignedInUser(server);
    const own = await buildCategory(server, writer.cookie);
    await expectConstant('/api/v1/todos', writer.cookie, () => buildTodo(server, writer.cookie, { category: own._id }));
    // The caller's directory: the people of their projects (themself first, then 29 colleagues).
    const team = await buildProject(server, user.cookie);
    await expectConstant('/api/v1/users', user.cookie, async (index) => {
      if (index > 0) await addProjectMember(server, user.cookie, team._id, (await buildUser(server)).id);
    });
  });

  it('the administrator\'s users and invites (issue 16)', async () => {
    const admin = await buildSignedInAdmin(server, { fullName: 'Listed Admin' });
    // The search matches the administrator and then the 29 users added, each with a session.
    await expectConstant('/api/v1/admin/users?search=listed&limit=100', admin.cookie, async (index) => {
      if (index > 0) await buildSignedInUser(server, { fullName: `Listed User ${index}` });
    });
    await expectConstant('/api/v1/admin/invites', admin.cookie, () => server.request('POST', '/api/v1/admin/invites', { cookie: admin.cookie, body: {} }));
  });

  it('features, tasks, assigned tasks, comments and a task history of 30', async () => {
    const lead = await buildSignedInUser(server);
    const member = await buildSignedInUser(server);
    const project = await buildProject(server, lead.cookie, { members: [{ userId: member.user.id, role: 'MEMBER' }] });
    await expectConstant(`/api/v1/features?projectId=${project._id}&limit=30`, member.cookie, () => buildFeature(server, lead.cookie, project._id));
    const feature = await buildFeature(server, lead.cookie, project._id);
    const category = await buildCategory(server, lead.cookie, { type: 'TASK' });
    const tasks: string[] = [];
    await expectConstant(`/api/v1/tasks?featureId=${feature._id}&limit=30`, member.cookie, async () => {
      const task = await buildTask(server, lead.cookie, feature._id, { categoryId: category._id, assigneeId: member.user.id });
      tasks.push(task._id);
    });
    const assigned = await statementsFor('/api/v1/users/tasks', member.cookie, 30);
    const single = await buildSignedInUser(server);
    const soloProject = await buildProject(server, lead.cookie, { members: [{ userId: single.user.id, role: 'MEMBER' }] });
    const soloFeature = await buildFeature(server, lead.cookie, soloProject._id);
    await buildTask(server, lead.cookie, soloFeature._id, { categoryId: category._id, assigneeId: single.user.id });
    expect(await statementsFor('/api/v1/users/tasks', single.cookie, 1)).toBe(assigned);

    const taskId = tasks[0]!;
    await expectConstant(`/api/v1/tasks/${taskId}/comments`, member.cookie, (index) => buildComment(server, member.cookie, taskId, `Comment ${index}`));
    // History: CREATED plus 29 changes; the detail still reads the task in one statement.
    const detailPath = `/api/v1/tasks/${taskId}`;
    const first = server.queriesOf(await server.request('GET', detailPath, { cookie: member.cookie })).statements.length;
    for (let index = 0; index < 29; index += 1) {
      const response = await server.request('PUT', detailPath, { cookie: lead.cookie, body: { title: `Title ${index}` } });
      expect(response.status, response.text).toBe(200);
    }
    const detail = await server.request('GET', detailPath, { cookie: member.cookie });
    expect(detail.body.data.history).toHaveLength(30);
    expect(server.queriesOf(detail).statements.length).toBe(first);
  });
});
