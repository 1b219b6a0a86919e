import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildSignedInUser, buildWorkspace, type SignedInUser } from '../../../test/factories.js';
import { importEnded, sendImport, trelloBoard } from '../../../test/imports.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { makeUploadDir, storedFilesOnDisk } from '../../../test/upload-dir.js';

const MAX_FILE_BYTES = 64 * 1024;
const uploadDir = makeUploadDir();
let server: TestServer;
let owner: SignedInUser;
let teammate: SignedInUser;

beforeAll(async () => {
  // Small batches, so a board takes several of them.
  server = await startTestServer({ uploads: { dir: uploadDir, maxFileBytes: MAX_FILE_BYTES, maxFiles: 10 } }, { imports: { batchSize: 2, pollMs: 100 } });
  owner = await buildSignedInUser(server, { fullName: 'Olive Owner' });
  teammate = await buildSignedInUser(server, { fullName: 'Tess Teammate' });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const importPath = (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/imports`;
const asFile = (board: unknown, name = 'board.json') => ({ name, content: JSON.stringify(board), contentType: 'application/json' });

function sampleBoard() {
  return trelloBoard({
    name: 'Launch plan',
    desc: 'Everything for the launch',
    lists: [
      { id: 'l1', name: 'To do' },
      { id: 'l2', name: 'Doing' },
      { id: 'l3', name: 'Old ideas', closed: true },
    ],
    members: [
      { id: 'm1', fullName: 'Tess Teammate', username: teammate.user.username.toUpperCase() },
      { id: 'm2', fullName: 'Nobody Here', username: 'nobody_here_at_all' },
    ],
    cards: [
      {
        name: 'Write the press release',
        list: 'l1',
        desc: 'Draft and review',
        due: '2030-03-02T12:00:00.000Z',
        labels: [{ name: 'marketing', color: 'green' }, { name: '', color: 'red' }],
        members: ['m1', 'm2'],
        checklists: [{ name: 'Steps', items: [{ name: 'Draft', state: 'complete' }, { name: 'Review', state: 'incomplete' }] }],
        comments: [
          { text: 'First thought', fullName: 'Jane Trello', username: 'jane', date: '2025-01-02T10:00:00.000Z' },
          { text: 'Second thought', fullName: 'Joe Trello', username: 'joe', date: '2025-01-03T11:30:00.000Z' },
        ],
      },
      { name: 'Book the venue', list: 'l2', dueComplete: true, due: '2030-01-01T00:00:00.000Z' },
      { name: 'Old card', list: 'l1', closed: true },
      { name: 'Card of an archived list', list: 'l3' },
      { name: 'Order snacks', list: 'l1' },
    ],
  });
}

describe('POST /workspaces/{id}/imports (trello)', () => {
  it('makes the board a project: lists as features, cards as tasks, checklists as subtasks, comments with their authors', async () => {
    const workspace = await buildWorkspace(server, owner.cookie);
    const started = await sendImport(server, owner.cookie, importPath(workspace._id), { source: 'trello' }, asFile(sampleBoard()));
    expect(started.status, started.text).toBe(202);
    expect(started.body.data).toMatchObject({ source: 'trello', fileName: 'board.json', progress: { total: 3 } });
    expect(['QUEUED', 'RUNNING', 'COMPLETED']).toContain(started.body.data.status);

    const job = await importEnded(server, owner.cookie, started.body.data._id);
    expect(job.status, job.error).toBe('COMPLETED');
    expect(job.progress).toEqual({ done: 3, total: 3 });
    expect(job.summary.created).toEqual({ projects: 1, features: 2, members: 1, tasks: 3, subtasks: 2, comments: 2 });
    expect(job.summary.skipped).toEqual(
      expect.arrayContaining([
        { item: 'Card "Old card"', reason: 'Archived card' },
        { item: 'List "Old ideas"', reason: 'Archived list (its 1 card not imported)' },
        { item: 'Member "Nobody Here" (@nobody_here_at_all)', reason: expect.stringContaining('No Tasklane user') },
      ]),
    );
    expect(job.summary.skippedCount).toBe(3);

    const project = await server.request('GET', `/api/v1/projects/${job.projectId}`, { cookie: owner.cookie });
    expect(project.status).toBe(200);
    expect(project.body.data).toMatchObject({ name: 'Launch plan', description: 'Everything for the launch' });
    expect(project.body.data.key).toMatch(/^[A-Z]{2,6}$/);
    const memberIds = project.body.data.members.map((member: { userId: { _id: string } }) => member.userId._id);
    expect(memberIds).toEqual(expect.arrayContaining([owner.user.id, teammate.user.id]));

    const features = await server.request('GET', `/api/v1/features?projectId=${job.projectId}&sortBy=createdAt&sortOrder=asc`, { cookie: owner.cookie });
    expect(features.body.data.map((feature: { title: string }) => feature.title)).toEqual(['To do', 'Doing']);
    const [todo, doing] = features.body.data as { _id: string }[];

    const todoTasks = await server.request('GET', `/api/v1/tasks?featureId=${todo!._id}&limit=100&hideSubtasks=true&sortBy=createdAt&sortOrder=asc`, { cookie: owner.cookie });
    expect(todoTasks.body.data.tasks.map((task: { title: string }) => task.title)).toEqual(['Write the press release', 'Order snacks']);
    const release = await server.request('GET', `/api/v1/tasks/${todoTasks.body.data.tasks[0]._id}`, { cookie: owner.cookie });
    expect(release.body.data).toMatchObject({
      title: 'Write the press release',
      description: 'Draft and review',
      dueDate: expect.stringContaining('2030-03-02'),
      tags: ['marketing', 'red'],
      status: 'TODO',
      assigneeId: { _id: teammate.user.id },
      categoryId: { name: 'Imported' },
      createdBy: { _id: owner.user.id },
    });
    // Created by the importer, as POST /tasks records it; each checklist item's subtask as POST /tasks with parentTaskId does.
    expect(release.body.data.history.map((entry: { action: string; userId: { _id: string } }) => [entry.action, entry.userId._id])).toEqual([
      ['SUBTASK_ADDED', owner.user.id],
      ['SUBTASK_ADDED', owner.user.id],
      ['CREATED', owner.user.id],
    ]);

    const subtasks = await server.request('GET', `/api/v1/tasks/${release.body.data._id}/subtasks`, { cookie: owner.cookie });
    expect(subtasks.body.data.map((task: { title: string; status: string }) => [task.title, task.status])).toEqual([
      ['Draft', 'COMPLETED'],
      ['Review', 'TODO'],
    ]);

    const comments = await server.request('GET', `/api/v1/tasks/${release.body.data._id}/comments`, { cookie: owner.cookie });
    const texts = comments.body.data.map((comment: { comment: string }) => comment.comment);
    expect(texts).toHaveLength(2);
    expect(texts.join('\n')).toContain('**Jane Trello**, 2025-01-02 10:00 UTC (on Trello):\n\nFirst thought');
    expect(texts.join('\n')).toContain('**Joe Trello**, 2025-01-03 11:30 UTC (on Trello):\n\nSecond thought');

    const doingTasks = await server.request('GET', `/api/v1/tasks?featureId=${doing!._id}&limit=100`, { cookie: owner.cookie });
    expect(doingTasks.body.data.tasks.map((task: { title: string; status: string }) => [task.title, task.status])).toEqual([['Book the venue', 'COMPLETED']]);

    // The uploaded file goes once the job is done.
    const deadline = Date.now() + 5_000;
    while (storedFilesOnDisk(uploadDir).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(storedFilesOnDisk(uploadDir)).toEqual([]);
  });

  it('takes a board with only the fields it needs, and names the project as asked', async () => {
    const workspace = await buildWorkspace(server, owner.cookie);
    const board = { name: 'Bare', lists: [{ id: 'x', name: 'Only' }], cards: [{ id: 'c', name: 'Lonely card', idList: 'x' }, { idList: 'x' }] };
    const started = await sendImport(server, owner.cookie, importPath(workspace._id), { source: 'trello', projectName: 'Renamed board' }, asFile(board));
    expect(started.status, started.text).toBe(202);
    const job = await importEnded(server, owner.cookie, started.body.data._id);
    expect(job).toMatchObject({ status: 'COMPLETED', summary: { created: { projects: 1, features: 1, tasks: 2 }, skipped: [] } });
    const project = await server.request('GET', `/api/v1/projects/${job.projectId}`, { cookie: owner.cookie });
    expect(project.body.data.name).toBe('Renamed board');
  });

  it('refuses a file that is not a Trello board with 400, and keeps nothing of it', async () => {
    const workspace = await buildWorkspace(server, owner.cookie);
    for (const content of ['not json at all', JSON.stringify({ hello: 'world' }), JSON.stringify([1, 2, 3]), JSON.stringify({ name: 'x', lists: 'nope', cards: [] })]) {
      const response = await sendImport(server, owner.cookie, importPath(workspace._id), { source: 'trello' }, { name: 'board.json', content });
      expect(response.status, content).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: expect.stringContaining('This is not a Trello board export') });
    }
    expect(storedFilesOnDisk(uploadDir)).toEqual([]);
  });

  it('refuses an unknown source, a missing file and an empty one with 400', async () => {
    const workspace = await buildWorkspace(server, owner.cookie);
    const path = importPath(workspace._id);
    const unknown = await sendImport(server, owner.cookie, path, { source: 'asana' }, asFile(sampleBoard()));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'source', message: 'Unknown source "asana": use trello, csv or tasklane' }]);
    const todoist = await sendImport(server, owner.cookie, path, { source: 'todoist' }, asFile(sampleBoard()));
    expect(todoist.status).toBe(400);
    const noFile = await sendImport(server, owner.cookie, path, { source: 'trello' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('Choose a file to import');
    const empty = await sendImport(server, owner.cookie, path, { source: 'trello' }, { name: 'board.json', content: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('"board.json" is empty');
    const notMultipart = await server.request('POST', path, { cookie: owner.cookie, body: { source: 'trello' } });
    expect(notMultipart.status).toBe(415);
    expect(storedFilesOnDisk(uploadDir)).toEqual([]);
  });

  it('refuses a file over UPLOAD_MAX_FILE_MB with 413', async () => {
    const workspace = await buildWorkspace(server, owner.cookie);
    const big = trelloBoard({ name: 'Big', lists: [{ id: 'l', name: 'L' }], cards: [{ name: 'x'.repeat(MAX_FILE_BYTES), list: 'l' }] });
    const response = await sendImport(server, owner.cookie, importPath(workspace._id), { source: 'trello' }, asFile(big));
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(storedFilesOnDisk(uploadDir)).toEqual([]);
  });

  it('refuses the signed out (401), strangers (404) and project members who do not own the workspace (403)', async () => {
    const workspace = await buildWorkspace(server, owner.cookie);
    const path = importPath(workspace._id);
    const file = asFile(sampleBoard());
    const signedOut = await sendImport(server, undefined, path, { source: 'trello' }, file);
    expect(signedOut.status).toBe(401);
    const stranger = await buildSignedInUser(server);
    const hidden = await sendImport(server, stranger.cookie, path, { source: 'trello' }, file);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Workspace not found');
    const member = await buildSignedInUser(server);
    await buildProject(server, owner.cookie, { workspaceId: workspace._id, members: [{ userId: member.user.id, role: 'ADMIN' }] });
    const tooLow = await sendImport(server, member.cookie, path, { source: 'trello' }, file);
    expect(tooLow.status).toBe(403);
    expect(tooLow.body.message).toBe('Only the workspace owner can import a board into it');
    const badId = await sendImport(server, owner.cookie, '/api/v1/workspaces/not-a-uuid/imports', { source: 'trello' }, file);
    expect(badId.status).toBe(400);
    expect(storedFilesOnDisk(uploadDir)).toEqual([]);
  });
});

describe('GET /imports/{id}', () => {
  it('is read only by whoever started the import', async () => {
    const workspace = await buildWorkspace(server, owner.cookie);
    const started = await sendImport(server, owner.cookie, importPath(workspace._id), { source: 'trello' }, asFile(sampleBoard()));
    const id = started.body.data._id as string;
    await importEnded(server, owner.cookie, id);
    expect((await server.request('GET', `/api/v1/imports/${id}`)).status).toBe(401);
    const other = await server.request('GET', `/api/v1/imports/${id}`, { cookie: teammate.cookie });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Import not found' });
    expect((await server.request('GET', '/api/v1/imports/not-an-id', { cookie: owner.cookie })).status).toBe(400);
    expect((await server.request('GET', `/api/v1/imports/${crypto.randomUUID()}`, { cookie: owner.cookie })).status).toBe(404);
  });
});
