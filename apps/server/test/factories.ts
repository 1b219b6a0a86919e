import { randomBytes } from 'node:crypto';
import {
  attachmentsResponseSchema,
  commentResponseSchema,
  createCategoryResponseSchema,
  featureResponseSchema,
  memberResponseSchema,
  projectResponseSchema,
  taskResponseSchema,
  todoResponseSchema,
  workspaceResponseSchema,
  type Attachment,
  type Category,
  type Comment,
  type Feature,
  type MemberRole,
  type Project,
  type ProjectMember,
  type TaskDetail,
  type Todo,
  type Workspace,
} from '@tasklane/contract';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.js';
import { insertUser, type UserRow } from '../src/modules/users/users.repo.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { multipartBody, type FormPart } from './multipart.js';
import { sessionCookieFrom, type TestResponse, type TestServer } from './test-server.js';

export const DEFAULT_PASSWORD = 'correct-horse-42';

let passwordHash: Promise<string> | undefined;

export type TestUser = UserRow & { password: string };

/** A persisted user; every field can be overridden, the rest are unique. */
export async function buildUser(
  server: TestServer,
  overrides: Partial<{ username: string; fullName: string; email: string; password: string }> = {},
): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const hash =
    overrides.password === undefined ? await (passwordHash ??= hashPassword(DEFAULT_PASSWORD)) : await hashPassword(password);
  const user = await insertUser(server.database.db, {
    username: overrides.username ?? `user_${suffix}`,
    fullName: overrides.fullName ?? `Test User ${suffix}`,
    email: (overrides.email ?? `user_${suffix}@example.com`).toLowerCase(),
    passwordHash: hash,
  });
  return { ...user, password };
}

/** Six random letters A–Z: a project key no other test's project holds (26^6 of them). */
export function randomProjectKey(): string {
  return Array.from(randomBytes(6), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
}

/** Signs in through the API and returns the cookie to send with later requests. */
export async function signIn(server: TestServer, user: { email: string; password: string }): Promise<string> {
  const response = await server.request('POST', '/api/v1/auth/login', {
    body: { email: user.email, password: user.password },
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  return sessionCookieFrom(response);
}

/** A persisted user already signed in. */
export async function buildSignedInUser(server: TestServer, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(server, overrides);
  return { user, cookie: await signIn(server, user) };
}

/** Makes a persisted user an administrator of the instance, as another administrator would. */
export async function makeAdministrator(server: TestServer, userId: string) {
  await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
}

/** A persisted administrator of the instance, signed in. */
export async function buildSignedInAdmin(server: TestServer, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(server, overrides);
  await makeAdministrator(server, user.id);
  return { user, cookie: await signIn(server, user) };
}

/** A unique, valid body for POST /api/v1/auth/register; any field can be overridden. */
export function buildRegistration(
  overrides: Partial<{ username: string; fullName: string; email: string; password: string }> = {},
) {
  const suffix = randomBytes(4).toString('hex');
  return {
    username: `reg_${suffix}`,
    fullName: `Reg User ${suffix}`,
    email: `reg_${suffix}@example.com`,
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
}

/** The raw token inside a "tasklane_session=..." cookie pair. */
export function tokenFromCookie(cookie: string): string {
  return decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
}

let categorySequence = 0;

/** A category made through the API for the signed-in user of `cookie`; unique slug unless given. */
export async function buildCategory(
  server: TestServer,
  cookie: string,
  overrides: Partial<{ name: string; slug: string; type: string; color: string; workspaceId: string | null }> = {},
): Promise<Category> {
  categorySequence += 1;
  const suffix = `${randomBytes(3).toString('hex')}-${categorySequence}`;
  const response = await server.request('POST', '/api/v1/categories', {
    cookie,
    body: { name: `Category ${suffix}`, slug: `category-${suffix}`, type: 'TODO', ...overrides },
  });
  if (response.status !== 201) throw new Error(`buildCategory failed: ${response.status} ${response.text}`);
  return createCategoryResponseSchema.parse(response.body).data;
}

/** A todo made through the API; makes a category of the caller's when none is given. */
export async function buildTodo(
  server: TestServer,
  cookie: string,
  overrides: Record<string, unknown> = {},
): Promise<Todo> {
  const category = 'category' in overrides ? overrides.category : (await buildCategory(server, cookie))._id;
  const response = await server.request('POST', '/api/v1/todos', {
    cookie,
    body: { title: 'A todo', ...overrides, category },
  });
  if (response.status !== 201) throw new Error(`buildTodo failed: ${response.status} ${response.text}`);
  return todoResponseSchema.parse(response.body).todo;
}

/** A workspace made through the API, owned by the signed-in user of `cookie`. */
export async function buildWorkspace(
  server: TestServer,
  cookie: string,
  overrides: Partial<{ name: string }> = {},
): Promise<Workspace> {
  const response = await server.request('POST', '/api/v1/workspaces', {
    cookie,
    body: { name: `Workspace ${randomBytes(3).toString('hex')}`, ...overrides },
  });
  if (response.status !== 201) throw new Error(`buildWorkspace failed: ${response.status} ${response.text}`);
  return workspaceResponseSchema.parse(response.body).data;
}

/** Adds a member through the API as the signed-in user of `cookie`. */
export async function addProjectMember(
  server: TestServer,
  cookie: string,
  projectId: string,
  userId: string,
  role: MemberRole = 'MEMBER',
): Promise<ProjectMember> {
  const response = await server.request('POST', `/api/v1/projects/${projectId}/members`, {
    cookie,
    body: { userId, role },
  });
  if (response.status !== 201) throw new Error(`addProjectMember failed: ${response.status} ${response.text}`);
  return memberResponseSchema.parse(response.body).data;
}

/**
 * A project made through the API by the signed-in user of `cookie` (who becomes its ADMIN).
 * Makes a workspace of theirs when no workspaceId is given; `members` are added afterwards,
 * and the project is returned as it then stands.
 */
export async function buildProject(
  server: TestServer,
  cookie: string,
  overrides: Record<string, unknown> & {
    workspaceId?: string;
    members?: Array<{ userId: string; role?: MemberRole }>;
  } = {},
): Promise<Project> {
  const { members = [], ...body } = overrides;
  const workspaceId = body.workspaceId ?? (await buildWorkspace(server, cookie))._id;
  const response = await server.request('POST', '/api/v1/projects', {
    cookie,
    body: { name: `Project ${randomBytes(3).toString('hex')}`, ...body, workspaceId },
  });
  if (response.status !== 201) throw new Error(`buildProject failed: ${response.status} ${response.text}`);
  const project = projectResponseSchema.parse(response.body).data;
  if (members.length === 0) return project;
  for (const member of members) await addProjectMember(server, cookie, project._id, member.userId, member.role);
  const fetched = await server.request('GET', `/api/v1/projects/${project._id}`, { cookie });
  if (fetched.status !== 200) throw new Error(`buildProject refetch failed: ${fetched.status} ${fetched.text}`);
  return projectResponseSchema.parse(fetched.body).data;
}

export type SignedInUser = Awaited<ReturnType<typeof buildSignedInUser>>;

/** One signed-in user per caller kind of the project permission matrix. */
export type ProjectCast = Record<'owner' | 'admin' | 'moderator' | 'member' | 'viewer' | 'stranger', SignedInUser>;

/** The cast, each signed in; `names` gives some of them the full name a test shows. */
export async function buildProjectCast(
  server: TestServer,
  names: Partial<Record<keyof ProjectCast, string>> = {},
): Promise<ProjectCast> {
  const [owner, admin, moderator, member, viewer, stranger] = await Promise.all(
    (['owner', 'admin', 'moderator', 'member', 'viewer', 'stranger'] as const).map((kind) =>
      buildSignedInUser(server, { fullName: names[kind] ?? `Cast ${kind} ${randomBytes(2).toString('hex')}` }),
    ),
  );
  return { owner: owner!, admin: admin!, moderator: moderator!, member: member!, viewer: viewer!, stranger: stranger! };
}

/**
 * A fresh workspace of `cast.owner` with one project where cast.admin is ADMIN (besides the
 * owner, its creator), and moderator, member and viewer hold those roles.
 */
export async function buildSharedProject(server: TestServer, cast: ProjectCast, overrides: Record<string, unknown> = {}) {
  const workspace = await buildWorkspace(server, cast.owner.cookie);
  const project = await buildProject(server, cast.owner.cookie, {
    ...overrides,
    workspaceId: workspace._id,
    members: [
      { userId: cast.admin.user.id, role: 'ADMIN' },
      { userId: cast.moderator.user.id, role: 'MODERATOR' },
      { userId: cast.member.user.id, role: 'MEMBER' },
      { userId: cast.viewer.user.id, role: 'VIEWER' },
    ],
  });
  return { workspace, project };
}

/** The caller kinds of the project permission matrix, in the order its status rows list them. */
export const callerKinds = [
  'signed out',
  'stranger',
  'VIEWER',
  'MEMBER',
  'MODERATOR',
  'ADMIN',
  'owner',
  'owner, not a member',
] as const;
export type CallerKind = (typeof callerKinds)[number];

/** The cookie a caller kind sends (none when signed out). */
export function cookieFor(cast: ProjectCast, kind: CallerKind): string | undefined {
  switch (kind) {
    case 'signed out':
      return undefined;
    case 'stranger':
      return cast.stranger.cookie;
    case 'VIEWER':
      return cast.viewer.cookie;
    case 'MEMBER':
      return cast.member.cookie;
    case 'MODERATOR':
      return cast.moderator.cookie;
    case 'ADMIN':
      return cast.admin.cookie;
    case 'owner':
    case 'owner, not a member':
      return cast.owner.cookie;
  }
}

/** Rows of [kind, expected status] from statuses given in callerKinds order. */
export function statusesByKind(statuses: readonly number[]): Array<[CallerKind, number]> {
  if (statuses.length !== callerKinds.length) throw new Error(`expected ${callerKinds.length} statuses`);
  return callerKinds.map((kind, index) => [kind, statuses[index]!]);
}

/**
 * A fresh shared project for one matrix row. For 'owner, not a member' the second admin
 * removes the owner's own membership, so the owner holds only the workspace.
 */
export async function buildMatrixFixture(server: TestServer, cast: ProjectCast, kind: CallerKind) {
  const fixture = await buildSharedProject(server, cast);
  if (kind === 'owner, not a member') {
    const response = await server.request('DELETE', `/api/v1/projects/${fixture.project._id}/members/${cast.owner.user.id}`, {
      cookie: cast.admin.cookie,
    });
    if (response.status !== 200) throw new Error(`removing the owner failed: ${response.status} ${response.text}`);
  }
  return fixture;
}

/** A feature made through the API by the signed-in user of `cookie` (ADMIN or MODERATOR of the project). */
export async function buildFeature(
  server: TestServer,
  cookie: string,
  projectId: string,
  overrides: Record<string, unknown> = {},
): Promise<Feature> {
  const response = await server.request('POST', '/api/v1/features', {
    cookie,
    body: { title: `Feature ${randomBytes(3).toString('hex')}`, projectId, ...overrides },
  });
  if (response.status !== 201) throw new Error(`buildFeature failed: ${response.status} ${response.text}`);
  return featureResponseSchema.parse(response.body).data;
}

/**
 * A task made through the API by the signed-in user of `cookie` in the feature; makes a TASK
 * category of the caller's when no categoryId is given.
 */
export async function buildTask(
  server: TestServer,
  cookie: string,
  featureId: string,
  overrides: Record<string, unknown> = {},
): Promise<TaskDetail> {
  const categoryId =
    'categoryId' in overrides ? overrides.categoryId : (await buildCategory(server, cookie, { type: 'TASK' }))._id;
  const response = await server.request('POST', '/api/v1/tasks', {
    cookie,
    body: { title: `Task ${randomBytes(3).toString('hex')}`, featureId, ...overrides, categoryId },
  });
  if (response.status !== 201) throw new Error(`buildTask failed: ${response.status} ${response.text}`);
  return taskResponseSchema.parse(response.body).data;
}

/** A fresh owner's project with a fresh MEMBER (added just now: their membership event is seconds old), a feature and a task. */
export async function buildTeamWithTask(server: TestServer) {
  const [owner, member] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
  const project = await buildProject(server, owner.cookie, { members: [{ userId: member.user.id, role: 'MEMBER' }] });
  const feature = await buildFeature(server, owner.cookie, project._id);
  const category = await buildCategory(server, owner.cookie, { type: 'TASK' });
  const task = await buildTask(server, owner.cookie, feature._id, { categoryId: category._id });
  return { owner, member, project, feature, task };
}

/** A comment made through the API by the signed-in user of `cookie`. */
export async function buildComment(server: TestServer, cookie: string, taskId: string, comment = 'A comment'): Promise<Comment> {
  const response = await server.request('POST', `/api/v1/tasks/${taskId}/comments`, { cookie, body: { comment } });
  if (response.status !== 201) throw new Error(`buildComment failed: ${response.status} ${response.text}`);
  return commentResponseSchema.parse(response.body).data;
}

/**
 * A matrix fixture (see buildMatrixFixture) with a feature made by the second admin and a
 * task in it, also the admin's (with one of the admin's TASK categories).
 */
export async function buildTaskMatrixFixture(server: TestServer, cast: ProjectCast, kind: CallerKind) {
  const fixture = await buildMatrixFixture(server, cast, kind);
  const feature = await buildFeature(server, cast.admin.cookie, fixture.project._id);
  const task = await buildTask(server, cast.admin.cookie, feature._id);
  return { ...fixture, feature, task };
}

/** The user behind a caller kind (undefined when signed out). */
export function userFor(cast: ProjectCast, kind: CallerKind): SignedInUser | undefined {
  switch (kind) {
    case 'signed out':
      return undefined;
    case 'stranger':
      return cast.stranger;
    case 'VIEWER':
      return cast.viewer;
    case 'MEMBER':
      return cast.member;
    case 'MODERATOR':
      return cast.moderator;
    case 'ADMIN':
      return cast.admin;
    case 'owner':
    case 'owner, not a member':
      return cast.owner;
  }
}

/** POST /tasks/{taskId}/attachments with a multipart body made of `parts`. */
export function uploadAttachments(
  server: TestServer,
  cookie: string | undefined,
  taskId: string,
  parts: FormPart[],
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  const { body, contentType } = multipartBody(parts);
  return server.request('POST', `/api/v1/tasks/${taskId}/attachments`, {
    cookie,
    rawBody: body,
    headers: { 'content-type': contentType, ...headers },
  });
}

/** Attaches one file through the API as the signed-in user of `cookie`; returns the new attachment. */
export async function buildAttachment(
  server: TestServer,
  cookie: string,
  taskId: string,
  file: { name?: string; content?: Uint8Array | string; contentType?: string } = {},
): Promise<Attachment> {
  const name = file.name ?? `file-${randomBytes(3).toString('hex')}.txt`;
  const response = await uploadAttachments(server, cookie, taskId, [
    { field: 'files', fileName: name, content: file.content ?? `Contents of ${name}`, contentType: file.contentType ?? 'text/plain' },
  ]);
  if (response.status !== 201) throw new Error(`buildAttachment failed: ${response.status} ${response.text}`);
  const attachments = attachmentsResponseSchema.parse(response.body).data;
  return attachments.filter((attachment) => attachment.name === name).at(-1)!;
}
