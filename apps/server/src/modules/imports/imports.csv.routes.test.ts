import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildFeature, buildProject, buildSignedInUser, buildWorkspace, type SignedInUser } from '../../../test/factories.js';
import { importEnded, sendImport } from '../../../test/imports.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;
let owner: SignedInUser;
let assignee: SignedInUser;

beforeAll(async () => {
  server = await startTestServer({}, { imports: { batchSize: 3, pollMs: 100 } });
  owner = await buildSignedInUser(server);
  assignee = await buildSignedInUser(server, { fullName: 'Ann Assignee' });
});
afterAll(async () => {
  await server?.close();
});

const importPath = (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/imports`;
const csvFile = (content: string) => ({ name: 'tasks.csv', content, contentType: 'text/csv' });
const MAPPING = JSON.stringify({ title: 'Summary', description: 'Details', status: 'State', priority: 'Prio', dueDate: 'Due', assignee: 'Owner', tags: 'Labels', feature: 'Epic' });

function sampleCsv() {
  return [
    'Summary,Details,State,Prio,Due,Owner,Labels,Epic,Ignored',
    `Set up CI,"Runs on every push, twice",in progress,high,2030-05-01,${assignee.user.email.toUpperCase()},"ci, infra",Platform,x`,
    'Write docs,,done,Low,13/02/2030,,,Docs,x',
    ',No title here,todo,low,,,,,x',
    'Bad status,,someday,low,,,,,x',
    'Bad date,,todo,low,31/02/2030,,,,x',
    'Unknown person,,todo,low,,ghost@example.com,,,x',
    'Ambiguous date,,todo,low,03/04/2030,,,,x',
    '"Multi-line ""quoted"" title",,TODO,URGENT,,,,platform,x',
    'Default feature,,,,,,,,x',
  ].join('\r\n');
}

describe('POST /workspaces/{id}/imports (csv)', () => {
  it('imports the good rows into a new project and lists each bad row with why', async () => {
    const workspace = await buildWorkspace(server, owner.cookie);
    const started = await sendImport(server, owner.cookie, importPath(workspace._id), { source: 'csv', mapping: MAPPING, projectName: 'From a sheet' }, csvFile(sampleCsv()));
    expect(started.status, started.text).toBe(202);
    expect(started.body.data.progress.total).toBe(9);
    const job = await importEnded(server, owner.cookie, started.body.data._id);
    expect(job.status, job.error).toBe('COMPLETED');
    expect(job.summary.created).toEqual({ projects: 1, features: 3, tasks: 4, members: 1 });
    expect(job.summary.skipped).toEqual([
      { item: 'Row 4', reason: 'Title is required' },
      { item: 'Row 5', reason: 'Unknown status "someday"' },
      { item: 'Row 6', reason: 'Due date "31/02/2030" is not a date (use YYYY-MM-DD)' },
      { item: 'Row 7', reason: 'No Tasklane user has the email "ghost@example.com"' },
      { item: 'Row 8', reason: 'Due date "03/04/2030" is not a date (use YYYY-MM-DD)' },
    ]);

    const project = await server.request('GET', `/api/v1/projects/${job.projectId}`, { cookie: owner.cookie });
    expect(project.body.data.name).toBe('From a sheet');
    const features = await server.request('GET', `/api/v1/features?projectId=${job.projectId}&sortBy=createdAt&sortOrder=asc`, { cookie: owner.cookie });
    const titles = features.body.data.map((feature: { title: string }) => feature.title);
    expect(titles).toEqual(['Platform', 'Docs', 'Imported']);
    const platform = features.body.data[0]._id as string;
    const tasks = await server.request('GET', `/api/v1/tasks?featureId=${platform}&limit=100&sortBy=createdAt&sortOrder=asc`, { cookie: owner.cookie });
    expect(tasks.body.data.tasks).toMatchObject([
      {
        title: 'Set up CI',
        description: 'Runs on every push, twice',
        status: 'IN_PROGRESS',
        priority: 'HIGH',
        dueDate: expect.stringContaining('2030-05-01'),
        assigneeId: { _id: assignee.user.id },
        tags: ['ci', 'infra'],
      },
      { title: 'Multi-line "quoted" title', status: 'TODO', priority: 'URGENT' },
    ]);
    const docs = await server.request('GET', `/api/v1/tasks?featureId=${features.body.data[1]._id}&limit=100`, { cookie: owner.cookie });
    expect(docs.body.data.tasks).toMatchObject([{ title: 'Write docs', status: 'COMPLETED', priority: 'LOW', dueDate: expect.stringContaining('2030-02-13') }]);
  });

  it('imports into an existing project of the workspace for its MODERATOR, reusing its features', async () => {
    const workspace = await buildWorkspace(server, owner.cookie);
    const moderator = await buildSignedInUser(server);
    const project = await buildProject(server, owner.cookie, { workspaceId: workspace._id, members: [{ userId: moderator.user.id, role: 'MODERATOR' }] });
    const category = await buildCategory(server, owner.cookie, { type: 'TASK' });
    const existing = await buildFeature(server, owner.cookie, project._id, { title: 'Platform', defaultCategoryId: category._id });
    const csv = 'Summary\nFirst\nSecond';
    const started = await sendImport(server, moderator.cookie, importPath(workspace._id), { source: 'csv', mapping: JSON.stringify({ title: 'Summary' }), projectId: project._id }, csvFile(csv));
    expect(started.status, started.text).toBe(202);
    const job = await importEnded(server, moderator.cookie, started.body.data._id);
    expect(job).toMatchObject({ status: 'COMPLETED', projectId: project._id, summary: { created: { features: 1, tasks: 2 }, skipped: [] } });

    const mapped = JSON.stringify({ title: 'Summary', feature: 'Epic' });
    const again = await sendImport(server, moderator.cookie, importPath(workspace._id), { source: 'csv', mapping: mapped, projectId: project._id }, csvFile('Summary,Epic\nThird,PLATFORM'));
    const second = await importEnded(server, moderator.cookie, again.body.data._id);
    expect(second.summary.created).toEqual({ tasks: 1 });
    const tasks = await server.request('GET', `/api/v1/tasks?featureId=${existing._id}&limit=100`, { cookie: owner.cookie });
    expect(tasks.body.data.tasks.map((task: { title: string }) => task.title)).toEqual(['Third']);
  });

  it('refuses a member below MODERATOR (403), a project of another workspace (404) and a new project by a non-owner (403)', async () => {
    const workspace = await buildWorkspace(server, owner.cookie);
    const member = await buildSignedInUser(server);
    const project = await buildProject(server, owner.cookie, { workspaceId: workspace._id, members: [{ userId: member.user.id, role: 'MEMBER' }] });
    const mapping = JSON.stringify({ title: 'Summary' });
    const file = csvFile('Summary\nA');
    const low = await sendImport(server, member.cookie, importPath(workspace._id), { source: 'csv', mapping, projectId: project._id }, file);
    expect(low.status).toBe(403);
    const newProject = await sendImport(server, member.cookie, importPath(workspace._id), { source: 'csv', mapping, projectName: 'Mine' }, file);
    expect(newProject.status).toBe(403);
    const elsewhere = await buildProject(server, owner.cookie);
    const wrongWorkspace = await sendImport(server, owner.cookie, importPath(workspace._id), { source: 'csv', mapping, projectId: elsewhere._id }, file);
    expect(wrongWorkspace.status).toBe(404);
    expect(wrongWorkspace.body.message).toBe('Project not found');
  });

  it('refuses a bad mapping or target with 400 on the field', async () => {
    const workspace = await buildWorkspace(server, owner.cookie);
    const path = importPath(workspace._id);
    const file = csvFile('Summary,Due\nA,2030-01-01');
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ projectName: 'P' }, 'mapping', 'Map the columns'],
      [{ mapping: '{not json', projectName: 'P' }, 'mapping', 'The mapping is not valid JSON'],
      [{ mapping: JSON.stringify({ description: 'Summary' }), projectName: 'P' }, 'mapping', 'Map a column to the title'],
      [{ mapping: JSON.stringify({ title: 'Summary', colour: 'Due' }), projectName: 'P' }, 'mapping', 'fields Tasklane does not have'],
      [{ mapping: JSON.stringify({ title: 'Name' }), projectName: 'P' }, 'mapping', 'columns the file does not have: "Name"'],
      [{ mapping: JSON.stringify({ title: 'Summary' }) }, 'projectName', 'Name the new project'],
      [{ mapping: JSON.stringify({ title: 'Summary' }), projectId: 'nope' }, 'projectId', 'Invalid project id'],
      [{ mapping: JSON.stringify({ title: 'Summary' }), projectName: 'x'.repeat(101) }, 'projectName', 'at most 100 characters'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await sendImport(server, owner.cookie, path, { source: 'csv', ...fields }, file);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.errors, JSON.stringify(fields)).toEqual([{ field, message: expect.stringContaining(message) }]);
    }
    const headerOnly = await sendImport(server, owner.cookie, path, { source: 'csv', mapping: JSON.stringify({ title: 'Summary' }), projectName: 'P' }, csvFile('Summary\n'));
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.body.message).toBe('The CSV file has no rows under its header');
    const binary = await sendImport(server, owner.cookie, path, { source: 'csv', mapping: JSON.stringify({ title: 'Summary' }), projectName: 'P' }, { name: 'x.csv', content: new Uint8Array([0xff, 0xfe, 0x00, 0x41]) });
    expect(binary.status).toBe(400);
    expect(binary.body.message).toContain('UTF-8');
  });
});

describe('POST /todos/imports (todoist)', () => {
  const todoist = [
    'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT',
    'task,Water the plants,Both rooms,4,1,Me (1),,2030-06-01,en,Europe/Paris,,',
    ',,,,,,,,,,,',
    'section,Errands,,,,,,,,,,',
    'task,Buy milk,,1,1,Me (1),,13 Jun 2030,en,Europe/Paris,,',
    'note,Semi-skimmed,,,,,,,,,,',
    'task,Post the letter,,2,1,Me (1),,every monday,en,Europe/Paris,,',
    'section,Home,,,,,,,,,,',
    'task,Fix the shelf,,3,1,Me (1),,,en,Europe/Paris,,',
    'task,,,1,1,Me (1),,,en,,,',
  ].join('\n');

  it('imports tasks into todos: sections as categories, priorities 4 (URGENT) to 1 (LOW), tolerant dates, notes counted', async () => {
    const person = await buildSignedInUser(server);
    const started = await sendImport(server, person.cookie, '/api/v1/todos/imports', { source: 'todoist' }, { name: 'Chores.csv', content: todoist, contentType: 'text/csv' });
    expect(started.status, started.text).toBe(202);
    const job = await importEnded(server, person.cookie, started.body.data._id);
    expect(job.status, job.error).toBe('COMPLETED');
    expect(job.workspaceId).toBeUndefined();
    expect(job.summary.created).toEqual({ categories: 2, todos: 4 });
    expect(job.summary.skipped).toEqual([
      { item: 'Row 6', reason: 'A note (comment): todos have no comments' },
      { item: 'Row 7', reason: 'Due date "every monday" not understood: imported without one' },
      { item: 'Row 10', reason: 'Content (the title) is empty' },
    ]);
    const todos = await server.request('GET', '/api/v1/todos', { cookie: person.cookie });
    expect(todos.status).toBe(200);
    const byTitle = Object.fromEntries(
      (todos.body.todos as { title: string; priority: string; dueDate: string | null; description: string; category: { name: string } | null }[]).map((todo) => [
        todo.title,
        { priority: todo.priority, dueDate: todo.dueDate?.slice(0, 10) ?? null, category: todo.category?.name, description: todo.description },
      ]),
    );
    expect(byTitle).toEqual({
      // The mapping: 4 → URGENT, 3 → HIGH, 2 → MEDIUM, 1 → LOW.
      'Water the plants': { priority: 'URGENT', dueDate: '2030-06-01', category: 'Inbox', description: 'Both rooms' },
      'Buy milk': { priority: 'LOW', dueDate: '2030-06-13', category: 'Errands', description: '' },
      'Post the letter': { priority: 'MEDIUM', dueDate: null, category: 'Errands', description: '' },
      'Fix the shelf': { priority: 'HIGH', dueDate: null, category: 'Home', description: '' },
    });
  });

  it('refuses a CSV that is not a Todoist export, and the signed out', async () => {
    const person = await buildSignedInUser(server);
    const wrong = await sendImport(server, person.cookie, '/api/v1/todos/imports', { source: 'todoist' }, { name: 'x.csv', content: 'Name,Due\nA,B' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('This is not a Todoist CSV export');
    const trello = await sendImport(server, person.cookie, '/api/v1/todos/imports', { source: 'trello' }, { name: 'x.csv', content: todoist });
    expect(trello.status).toBe(400);
    expect(trello.body.errors).toEqual([{ field: 'source', message: 'Unknown source "trello": use todoist' }]);
    const signedOut = await sendImport(server, undefined, '/api/v1/todos/imports', { source: 'todoist' }, { name: 'x.csv', content: todoist });
    expect(signedOut.status).toBe(401);
  });
});
