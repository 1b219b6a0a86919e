import { request as httpRequest } from 'node:http';
import { projectCsvColumns, projectExportDocumentSchema, type ProjectExportDocument } from '@tasklane/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProjectMember,
  buildAttachment,
  buildCategory,
  buildComment,
  buildFeature,
  buildProject,
  buildSignedInUser,
  buildTask,
  type SignedInUser,
} from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;
let owner: SignedInUser;
let member: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, stranger] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server), buildSignedInUser(server)]);
});

afterAll(async () => {
  await server?.close();
});

const exportUrl = (projectId: string, format?: string) => `/api/v1/projects/${projectId}/export${format ? `?format=${format}` : ''}`;

function expectError(response: { status: number; body: any }, status: number) {
  expect(response.status).toBe(status);
  expect(response.body).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
}

/** A small RFC 4180 reader for the test: quoted cells with doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      index++;
    } else cell += char;
  }
  expect(cell).toBe('');
  return records;
}

describe('GET /api/v1/projects/{projectId}/export?format=json', () => {
  it('answers the whole project as the API reads it, as a JSON download', async () => {
    const project = await buildProject(server, owner.cookie, {
      name: 'Garden plan',
      description: 'Everything about the garden',
      members: [{ userId: member.user.id, role: 'MEMBER' }],
    });
    const category = await buildCategory(server, owner.cookie, { type: 'TASK', name: 'Outdoor', color: '#10B981' });
    const feature = await buildFeature(server, owner.cookie, project._id, { title: 'Beds', dueDate: '2030-05-01' });
    const parent = await buildTask(server, owner.cookie, feature._id, {
      title: 'Dig the beds',
      categoryId: category._id,
      tags: ['soil', 'spring'],
      assigneeId: member.user.id,
      estimatedHours: 5,
      dueDate: '2030-04-01',
    });
    const subtask = await buildTask(server, member.cookie, feature._id, { title: 'Buy a spade', parentTaskId: parent._id, categoryId: category._id });
    const comment = await buildComment(server, member.cookie, parent._id, 'Mind the **roots**');
    const attachment = await buildAttachment(server, owner.cookie, parent._id, { name: 'plan.txt', content: 'rows of carrots' });
    const relation = await server.request('POST', `/api/v1/tasks/${subtask._id}/relations`, { cookie: owner.cookie, body: { type: 'BLOCKS', taskId: parent.key } });
    expect(relation.status, relation.text).toBe(201);

    const response = await fetch(`${server.url}${exportUrl(project._id, 'json')}`, { headers: { cookie: member.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="tasklane-${project.key}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    expect(response.headers.get('cache-control')).toBe('no-store');
    const document = projectExportDocumentSchema.parse(await response.json());

    expect(document).toMatchObject({ format: 'tasklane.project', version: 1 });
    expect(document.project).toMatchObject({ name: 'Garden plan', key: project.key, description: 'Everything about the garden', lastTaskNumber: 2 });
    expect(document.members.map((entry) => [entry.user.email, entry.role])).toEqual([
      [owner.user.email, 'ADMIN'],
      [member.user.email, 'MEMBER'],
    ]);
    expect(document.categories).toContainEqual({ ref: expect.any(String), name: 'Outdoor', type: 'TASK', color: '#10B981' });
    expect(document.features).toEqual([expect.objectContaining({ ref: 'F1', title: 'Beds', dueDate: '2030-05-01' })]);

    const readTask = async (id: string) => (await server.request('GET', `/api/v1/tasks/${id}`, { cookie: owner.cookie })).body.data;
    const [apiParent, apiSubtask] = await Promise.all([readTask(parent._id), readTask(subtask._id)]);
    const [first, second] = document.tasks;
    const outdoor = document.categories.find((entry) => entry.name === 'Outdoor')!;
    expect(first).toMatchObject({
      number: apiParent.number,
      key: apiParent.key,
      feature: 'F1',
      parent: null,
      title: apiParent.title,
      status: apiParent.status,
      priority: apiParent.priority,
      tags: apiParent.tags,
      estimatedHours: 5,
      dueDate: '2030-04-01',
      category: outdoor.ref,
      assignee: { username: member.user.username, email: member.user.email, fullName: member.user.fullName },
      createdBy: { username: owner.user.username, email: owner.user.email, fullName: owner.user.fullName },
    });
    expect(Date.parse(first!.createdAt)).toBe(Date.parse(apiParent.createdAt));
    expect(first!.comments).toEqual([
      { author: expect.objectContaining({ email: member.user.email }), text: comment.comment, createdAt: expect.any(String), editedAt: null },
    ]);
    expect(first!.attachments).toEqual([
      expect.objectContaining({ name: attachment.name, size: attachment.size, contentType: 'text/plain', uploadedBy: expect.objectContaining({ email: owner.user.email }) }),
    ]);
    // The history the API answers, entry for entry (the API lists the newest first).
    const apiHistory = [...apiParent.history].reverse();
    expect(first!.history.map((entry) => entry.action)).toEqual(apiHistory.map((entry: { action: string }) => entry.action));
    expect(first!.history.map((entry) => entry.details)).toEqual(apiHistory.map((entry: { details: unknown }) => entry.details));
    expect(second).toMatchObject({ number: apiSubtask.number, parent: apiParent.number, title: 'Buy a spade' });
    expect(second!.relations).toEqual([expect.objectContaining({ type: 'BLOCKS', target: apiParent.number })]);
    expect(JSON.stringify(document)).not.toMatch(/password|storage_?key|argon2/i);
  });

  it('streams a large project page by page, chunked', async () => {
    const project = await buildProject(server, owner.cookie);
    const feature = await buildFeature(server, owner.cookie, project._id);
    await server.database.db.execute(sql`
      insert into tasks (project_id, feature_id, number, title, board_rank, created_by)
      select ${project._id}, ${feature._id}, n, 'Bulk task ' || n, 'a' || lpad(n::text, 6, '0'), ${owner.user.id} from generate_series(1, 1203) n`);
    await server.database.db.execute(sql`update projects set last_task_number = 1203 where id = ${project._id}`);

    // A raw HTTP request, to see the framing: chunked, no Content-Length (the body is not buffered first).
    const { headers, body } = await new Promise<{ headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const url = new URL(`${server.url}${exportUrl(project._id)}`);
      const request = httpRequest(url, { headers: { cookie: owner.cookie } }, (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(parts).toString('utf8') }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    const document = JSON.parse(body) as ProjectExportDocument;
    expect(document.tasks).toHaveLength(1203);
    expect(document.tasks.map((task) => task.number)).toEqual(Array.from({ length: 1203 }, (_, index) => index + 1));
  });

  it('refuses a format it does not know (400), the signed out (401) and anyone who cannot see the project (404)', async () => {
    const project = await buildProject(server, owner.cookie);
    const badFormat = await server.request('GET', exportUrl(project._id, 'xml'), { cookie: owner.cookie });
    expectError(badFormat, 400);
    expect(badFormat.body.errors).toEqual([expect.objectContaining({ field: 'format', message: 'Format must be json or csv' })]);
    expectError(await server.request('GET', exportUrl(project._id)), 401);
    expectError(await server.request('GET', exportUrl(project._id), { cookie: stranger.cookie }), 404);
    expectError(await server.request('GET', exportUrl('00000000-0000-4000-8000-000000000000'), { cookie: owner.cookie }), 404);
    expectError(await server.request('GET', exportUrl('not-an-id'), { cookie: owner.cookie }), 400);
  });

  it('lets a VIEWER export', async () => {
    const viewer = await buildSignedInUser(server);
    const project = await buildProject(server, owner.cookie);
    await addProjectMember(server, owner.cookie, project._id, viewer.user.id, 'VIEWER');
    const response = await server.request('GET', exportUrl(project._id), { cookie: viewer.cookie });
    expect(response.status).toBe(200);
    expect(response.body.project.key).toBe(project.key);
  });
});

describe('GET /api/v1/projects/{projectId}/export?format=csv', () => {
  it('answers one row per task with a header, RFC 4180 quoting and formula cells defused', async () => {
    const project = await buildProject(server, owner.cookie, { members: [{ userId: member.user.id, role: 'MEMBER' }] });
    const feature = await buildFeature(server, owner.cookie, project._id, { title: 'Launch, phase "one"' });
    const category = await buildCategory(server, owner.cookie, { type: 'TASK', name: 'Ops' });
    const first = await buildTask(server, owner.cookie, feature._id, {
      title: '=HYPERLINK("http://evil.example","click")',
      description: 'Line one\nLine "two", with a comma',
      tags: ['alpha', 'beta'],
      assigneeId: member.user.id,
      dueDate: '2031-01-02',
      estimatedHours: 3,
      categoryId: category._id,
    });
    await buildTask(server, owner.cookie, feature._id, { title: '@SUM(A1:A2)', parentTaskId: first._id });
    await buildTask(server, owner.cookie, feature._id, { title: '+1 then -1', description: '-2+3', categoryId: category._id });

    const response = await fetch(`${server.url}${exportUrl(project._id, 'csv')}`, { headers: { cookie: owner.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="tasklane-${project.key}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.endsWith('\r\n')).toBe(true);

    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...projectCsvColumns]);
    expect(rows).toHaveLength(3);
    const row = (index: number) => Object.fromEntries(header!.map((column, at) => [column, rows[index]![at]]));
    expect(row(0)).toMatchObject({
      Key: `${project.key}-1`,
      Title: `'=HYPERLINK("http://evil.example","click")`,
      Description: 'Line one\nLine "two", with a comma',
      Status: 'TODO',
      Feature: 'Launch, phase "one"',
      Category: 'Ops',
      'Assignee email': member.user.email,
      'Assignee name': member.user.fullName,
      'Due date': '2031-01-02',
      Tags: 'alpha, beta',
      'Estimated hours': '3',
      'Actual hours': '',
      'Parent key': '',
      'Created by email': owner.user.email,
    });
    expect(row(1)).toMatchObject({ Key: `${project.key}-2`, Title: "'@SUM(A1:A2)", 'Parent key': `${project.key}-1` });
    expect(row(2)).toMatchObject({ Title: "'+1 then -1", Description: "'-2+3" });
    // The raw text quotes exactly the cells that need it.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(text).toContain('"Launch, phase ""one"""');
  });

  it('is refused like the JSON export', async () => {
    const project = await buildProject(server, owner.cookie);
    expectError(await server.request('GET', exportUrl(project._id, 'csv')), 401);
    expectError(await server.request('GET', exportUrl(project._id, 'csv'), { cookie: stranger.cookie }), 404);
  });
});
