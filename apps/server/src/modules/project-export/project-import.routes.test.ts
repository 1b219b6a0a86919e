import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAttachment,
  buildCategory,
  buildComment,
  buildFeature,
  buildProject,
  buildSignedInUser,
  buildTask,
  buildUser,
  buildWorkspace,
  signIn,
  type SignedInUser,
} from '../../../test/factories.js';
import { exportProject, normalizedExport } from '../../../test/project-export.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { AppError } from '../../http/errors.js';
import type { Actor } from '../context.js';
import { importProjectDocument, type ImportProgress } from './project-import.service.js';

let server: TestServer;
let owner: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  [owner, member] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
});

afterAll(async () => {
  await server?.close();
});

/** The signed-in user as the services see them. */
const actorOf = (signedIn: SignedInUser): Actor => ({
  ...signedIn.user,
  isAdmin: false,
  twoFactorEnabled: false,
  timeZone: null,
  preferences: {},
  clientId: null,
});

const exportOf = (projectId: string, cookie: string) => exportProject(server, projectId, cookie);
const normalized = normalizedExport;

/** A project with a bit of everything: members, two features, a subtask, relations, edited comments, history, attachments. */
async function buildRichProject() {
  const workspace = await buildWorkspace(server, owner.cookie);
  const projectCategory = await buildCategory(server, owner.cookie, { type: 'PROJECT' });
  const project = await buildProject(server, owner.cookie, {
    workspaceId: workspace._id,
    description: 'A *rich* project',
    category: projectCategory._id,
    status: 'IN_PROGRESS',
    priority: 'HIGH',
    settings: { color: '#EF4444', isPublic: true },
    members: [{ userId: member.user.id, role: 'MODERATOR' }],
  });
  const taskCategory = await buildCategory(server, owner.cookie, { type: 'TASK' });
  const design = await buildFeature(server, owner.cookie, project._id, { title: 'Design', defaultCategoryId: taskCategory._id, estimatedHours: 10 });
  const build = await buildFeature(server, member.cookie, project._id, { title: 'Build', status: 'IN_PROGRESS' });
  const first = await buildTask(server, owner.cookie, design._id, { categoryId: taskCategory._id, tags: ['ui'], assigneeId: member.user.id, dueDate: '2030-01-15' });
  const sub1 = await buildTask(server, member.cookie, design._id, { parentTaskId: first._id });
  const sub2 = await buildTask(server, owner.cookie, design._id, { parentTaskId: first._id });
  const other = await buildTask(server, member.cookie, build._id);
  const put = (id: string, body: Record<string, unknown>, cookie = owner.cookie) => server.request('PUT', `/api/v1/tasks/${id}`, { cookie, body });
  expect((await put(other._id, { status: 'BLOCKED', blockedReason: 'Waiting on design', priority: 'URGENT', actualHours: 2 })).status).toBe(200);
  expect((await put(first._id, { title: 'Renamed first', estimatedHours: 8 }, member.cookie)).status).toBe(200);
  expect((await server.request('PUT', `/api/v1/tasks/${first._id}/subtasks/order`, { cookie: owner.cookie, body: { subtaskIds: [sub2._id, sub1._id] } })).status).toBe(200);
  const relate = (from: string, body: Record<string, unknown>) => server.request('POST', `/api/v1/tasks/${from}/relations`, { cookie: owner.cookie, body });
  expect((await relate(other._id, { type: 'BLOCKED_BY', taskId: first.key })).status).toBe(201);
  expect((await relate(sub1._id, { type: 'RELATES_TO', taskId: other.key })).status).toBe(201);
  const comment = await buildComment(server, member.cookie, first._id, 'First thoughts');
  expect((await server.request('PUT', `/api/v1/tasks/${first._id}/comments/${comment._id}`, { cookie: member.cookie, body: { comment: 'Second thoughts' } })).status).toBe(200);
  await buildComment(server, owner.cookie, other._id, 'Unblock soon?');
  await buildAttachment(server, owner.cookie, first._id, { name: 'sketch.txt' });
  // A deleted task: its number is never given again, in the copy too.
  const gone = await buildTask(server, owner.cookie, build._id);
  expect((await server.request('DELETE', `/api/v1/tasks/${gone._id}`, { cookie: owner.cookie })).status).toBe(200);
  return project;
}

describe('importProjectDocument', () => {
  it('round-trips: the copy exports exactly as the original, but for the attachments (no file contents) and the key', async () => {
    const project = await buildRichProject();
    const original = await exportOf(project._id, owner.cookie);
    expect(original.tasks.length).toBe(4);
    expect(original.project.lastTaskNumber).toBe(5);

    const target = await buildWorkspace(server, owner.cookie);
    const progress: ImportProgress[] = [];
    const summary = await importProjectDocument(server.ctx, actorOf(owner), {
      workspaceId: target._id,
      document: JSON.parse(JSON.stringify(original)),
      onProgress: (step) => void progress.push(step),
    });
    expect(summary.projectKey).not.toBe(original.project.key);
    // The member's own categories (of their tasks) become the importer's; the owner's are theirs already.
    expect(summary.created).toEqual({ categories: 2, members: 2, features: 2, tasks: 4, comments: 2, history: expect.any(Number), relations: 2 });
    expect(summary.created.history).toBe(original.tasks.reduce((count, task) => count + task.history.length, 0));
    expect(summary.skipped).toEqual([{ item: `attachment "sketch.txt" of ${summary.projectKey}-1`, reason: expect.stringContaining('no file contents') }]);
    expect(progress.at(-1)).toEqual({ phase: 'relations', done: 2, total: 2 });

    const copy = await exportOf(summary.projectId, owner.cookie);
    const expected = normalized(original);
    expected.tasks = expected.tasks.map((task) => ({ ...task, attachments: [] }));
    expect(normalized(copy)).toEqual(expected);

    // The copy lives in the target workspace, and the member sees it with their role.
    const read = await server.request('GET', `/api/v1/projects/${summary.projectId}`, { cookie: member.cookie });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ workspaceId: { _id: target._id }, role: 'MODERATOR' });
    const byKey = await server.request('GET', `/api/v1/tasks/${summary.projectKey}-3`, { cookie: member.cookie });
    expect(byKey.status).toBe(200);
    expect(byKey.body.data.parentTask).toMatchObject({ key: `${summary.projectKey}-1` });

    // The copy's comments are found by a search, in the copy's project (they were written
    // without it: the database takes it from their task). Other tests of this file build
    // projects with the same comment, so only these two projects are looked for.
    const searched = await server.request('GET', '/api/v1/search?q=unblock&types=comment&limit=50', { cookie: member.cookie });
    expect(searched.status).toBe(200);
    const projectsFound = searched.body.data.map((result: { project?: { _id: string } }) => result.project?._id);
    expect(projectsFound.filter((id: string | undefined) => id === project._id || id === summary.projectId).sort()).toEqual(
      [project._id, summary.projectId].sort(),
    );
  });

  it('round-trips into another instance where the same people have accounts', async () => {
    const project = await buildRichProject();
    const original = await exportOf(project._id, owner.cookie);
    const elsewhere = await startTestServer();
    try {
      const twin = async (user: SignedInUser['user']) => {
        const copy = await buildUser(elsewhere, { username: user.username, email: user.email, fullName: user.fullName });
        return { user: copy, cookie: await signIn(elsewhere, copy) };
      };
      const [ownerThere] = await Promise.all([twin(owner.user), twin(member.user)]);
      const workspace = await buildWorkspace(elsewhere, ownerThere!.cookie);
      const summary = await importProjectDocument(elsewhere.ctx, actorOf(ownerThere!), { workspaceId: workspace._id, document: original });
      // The key was free there; every category is new to the importer there.
      expect(summary.projectKey).toBe(original.project.key);
      expect(summary.created.categories).toBe(original.categories.length);

      const copy = await exportProject(elsewhere, summary.projectId, ownerThere!.cookie);
      const expected = normalized(original);
      expected.tasks = expected.tasks.map((task) => ({ ...task, attachments: [] }));
      expect(normalized(copy)).toEqual(expected);
    } finally {
      await elsewhere.close();
    }
  });

  it('keeps the key when it is free on this instance', async () => {
    const project = await buildProject(server, owner.cookie);
    const document = await exportOf(project._id, owner.cookie);
    const freeKey = `Q${project.key.slice(1)}`;
    const summary = await importProjectDocument(server.ctx, actorOf(owner), {
      workspaceId: (await buildWorkspace(server, owner.cookie))._id,
      document: { ...document, project: { ...document.project, key: freeKey } },
    });
    expect(summary.projectKey).toBe(freeKey);
  });

  it('keeps people with no account here by name in their comments and lists them as skipped', async () => {
    const project = await buildProject(server, owner.cookie, { members: [{ userId: member.user.id, role: 'MEMBER' }] });
    const feature = await buildFeature(server, owner.cookie, project._id);
    const task = await buildTask(server, owner.cookie, feature._id, { assigneeId: member.user.id });
    await buildComment(server, member.cookie, task._id, 'Hello from afar');
    const document = await exportOf(project._id, owner.cookie);
    // The member as another instance knows them: nobody here has that email or username.
    const text = JSON.stringify(document)
      .replaceAll(member.user.email, 'ada@elsewhere.example')
      .replaceAll(member.user.username, 'ada_elsewhere')
      .replaceAll(member.user.fullName, 'Ada Lovelace');

    const summary = await importProjectDocument(server.ctx, actorOf(owner), {
      workspaceId: (await buildWorkspace(server, owner.cookie))._id,
      document: JSON.parse(text),
    });
    expect(summary.created.members).toBe(1);
    expect(summary.skipped).toEqual([
      { item: 'member Ada Lovelace (ada@elsewhere.example)', reason: 'No account here has this email or username' },
      { item: 'person Ada Lovelace (ada@elsewhere.example)', reason: expect.stringContaining('kept under your name') },
    ]);
    const copy = await exportOf(summary.projectId, owner.cookie);
    expect(copy.members.map((entry) => entry.user.email)).toEqual([owner.user.email]);
    expect(copy.tasks[0]!.assignee).toBeNull();
    expect(copy.tasks[0]!.comments).toEqual([
      expect.objectContaining({
        author: expect.objectContaining({ email: owner.user.email }),
        text: '_Originally written by Ada Lovelace (ada@elsewhere.example)_\n\nHello from afar',
      }),
    ]);
  });

  it('refuses a malformed document with 400 errors naming what is wrong, and creates nothing', async () => {
    const project = await buildProject(server, owner.cookie);
    const feature = await buildFeature(server, owner.cookie, project._id);
    await buildTask(server, owner.cookie, feature._id);
    const valid = await exportOf(project._id, owner.cookie);
    const workspace = await buildWorkspace(server, owner.cookie);
    const refusal = async (document: unknown) => {
      const error = await importProjectDocument(server.ctx, actorOf(owner), { workspaceId: workspace._id, document }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(400);
      return error as AppError;
    };

    expect((await refusal({ hello: 'world' })).errors).toContainEqual({ field: 'format', message: expect.stringContaining('not a Tasklane project export') });
    expect((await refusal('not even an object')).errors).toEqual([{ field: 'document', message: expect.any(String) }]);
    expect((await refusal({ ...valid, version: 2 })).errors).toEqual([{ field: 'version', message: expect.stringContaining('not supported') }]);
    const task = valid.tasks[0]!;
    const broken = await refusal({
      ...valid,
      tasks: [
        { ...task, feature: 'F99', status: 'SLEEPING' },
        { ...task, number: task.number + 1, parent: 77, relations: [{ type: 'BLOCKS', target: 404, createdBy: null, createdAt: task.createdAt }] },
      ],
    });
    expect(broken.message).toMatch(/^This is not a valid Tasklane project export: tasks\.0\.status: /);
    expect(broken.errors).toEqual(
      expect.arrayContaining([
        { field: 'tasks.0.status', message: expect.stringContaining('Must be one of') },
      ]),
    );
    // Reference problems are found once the shapes are right.
    const dangling = await refusal({
      ...valid,
      tasks: [
        { ...task, feature: 'F99' },
        { ...task, number: task.number + 1, parent: 77, relations: [{ type: 'BLOCKS', target: 404, createdBy: null, createdAt: task.createdAt }] },
      ],
      project: { ...valid.project, lastTaskNumber: task.number + 1 },
    });
    expect(dangling.errors).toEqual([
      { field: 'tasks.0.feature', message: 'Feature F99 is not in the features section' },
      { field: 'tasks.1.parent', message: 'Parent task 77 is not in the tasks section' },
      { field: 'tasks.1.relations.0.target', message: 'Task 404 is not in the tasks section' },
    ]);
    // What the API could not answer back: a history entry's details off its action's shape, a
    // board place the board cannot order, a logo that is not a web address.
    const unreadable = await refusal({
      ...valid,
      project: { ...valid.project, logo: 'javascript:alert(1)' },
      tasks: [{ ...task, boardRank: 'not a rank!', history: [{ ...task.history[0]!, action: 'STATUS_CHANGED', details: { from: 'TODO', to: 'SLEEPING' } }] }],
    });
    expect(unreadable.errors).toEqual([
      { field: 'project.logo', message: 'Must be an http(s) URL' },
      { field: 'tasks.0.boardRank', message: 'Must be a board place (boardRank) as Tasklane writes it' },
      { field: 'tasks.0.history.0.details.to', message: expect.any(String) },
    ]);
    const twice = await refusal({ ...valid, tasks: [task, task] });
    expect(twice.errors).toEqual([{ field: 'tasks.1.number', message: `Task number ${task.number} appears twice` }]);

    const projects = await server.request('GET', `/api/v1/workspaces/${workspace._id}/projects`, { cookie: owner.cookie });
    expect(projects.body.data.projects).toEqual([]);
  });

  it('refuses text with a NUL character, which the database cannot store', async () => {
    const project = await buildProject(server, owner.cookie);
    const feature = await buildFeature(server, owner.cookie, project._id);
    await buildTask(server, owner.cookie, feature._id);
    const valid = await exportOf(project._id, owner.cookie);
    const document = { ...valid, tasks: [{ ...valid.tasks[0]!, title: 'Before\u0000after' }] };
    await expect(importProjectDocument(server.ctx, actorOf(owner), { workspaceId: (await buildWorkspace(server, owner.cookie))._id, document })).rejects.toMatchObject({
      statusCode: 400,
      errors: [{ field: 'tasks.0.title', message: 'Must not contain a NUL character' }],
    });
  });

  it('leaves no project behind when it fails part way', async () => {
    const project = await buildRichProject();
    const document = await exportOf(project._id, owner.cookie);
    const workspace = await buildWorkspace(server, owner.cookie);
    const failing = importProjectDocument(server.ctx, actorOf(owner), {
      workspaceId: workspace._id,
      document,
      onProgress: (step) => {
        if (step.phase === 'tasks') throw new Error('the job was cancelled');
      },
    });
    await expect(failing).rejects.toThrow('the job was cancelled');
    const projects = await server.request('GET', `/api/v1/workspaces/${workspace._id}/projects`, { cookie: owner.cookie });
    expect(projects.body.data.projects).toEqual([]);
  });

  it('imports only into a workspace the actor owns', async () => {
    const project = await buildProject(server, owner.cookie);
    const document = await exportOf(project._id, owner.cookie);
    const othersWorkspace = await buildWorkspace(server, member.cookie);
    await expect(importProjectDocument(server.ctx, actorOf(owner), { workspaceId: othersWorkspace._id, document })).rejects.toMatchObject({ statusCode: 404 });
  });
});
