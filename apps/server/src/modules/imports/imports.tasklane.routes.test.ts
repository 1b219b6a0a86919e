import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildComment, buildFeature, buildProject, buildSignedInUser, buildTask, buildWorkspace, type SignedInUser } from '../../../test/factories.js';
import { importEnded, sendImport } from '../../../test/imports.js';
import { exportProject, normalizedExport } from '../../../test/project-export.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { makeUploadDir } from '../../../test/upload-dir.js';

const uploadDir = makeUploadDir();
let server: TestServer;
let owner: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  server = await startTestServer({ uploads: { dir: uploadDir, maxFileBytes: 1024 * 1024, maxFiles: 10 } }, { imports: { pollMs: 100 } });
  [owner, member] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const importPath = (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/imports`;
const asFile = (document: unknown) => ({ name: 'project.json', content: typeof document === 'string' ? document : JSON.stringify(document), contentType: 'application/json' });

const exportOf = (projectId: string) => exportProject(server, projectId, owner.cookie);
const normalized = normalizedExport;

async function buildSmallProject() {
  const workspace = await buildWorkspace(server, owner.cookie);
  const project = await buildProject(server, owner.cookie, { workspaceId: workspace._id, description: 'To copy', members: [{ userId: member.user.id, role: 'MEMBER' }] });
  const category = await buildCategory(server, owner.cookie, { type: 'TASK' });
  const feature = await buildFeature(server, owner.cookie, project._id, { title: 'Launch' });
  const first = await buildTask(server, owner.cookie, feature._id, { categoryId: category._id, tags: ['web'], assigneeId: member.user.id });
  await buildTask(server, owner.cookie, feature._id, { parentTaskId: first._id });
  await buildComment(server, member.cookie, first._id, 'Looks good');
  return project;
}

describe('POST /workspaces/{id}/imports (tasklane: a project export, re-imported)', () => {
  it('copies the project into the workspace as a background job: the copy exports as the original did', async () => {
    const original = await exportOf((await buildSmallProject())._id);
    const target = await buildWorkspace(server, owner.cookie);
    const started = await sendImport(server, owner.cookie, importPath(target._id), { source: 'tasklane' }, asFile(original));
    expect(started.status, started.text).toBe(202);
    expect(started.body.data).toMatchObject({ source: 'tasklane', fileName: 'project.json' });

    const job = await importEnded(server, owner.cookie, started.body.data._id);
    expect(job.status, job.error).toBe('COMPLETED');
    expect(job.progress).toEqual({ done: 2, total: 2 });
    expect(job.summary.created).toMatchObject({ projects: 1, features: 1, tasks: 2, comments: 1, members: 2 });
    expect(job.projectId).toEqual(expect.any(String));

    const copy = await exportOf(job.projectId!);
    expect(normalized(copy)).toEqual(normalized(original));
    const read = await server.request('GET', `/api/v1/projects/${job.projectId}`, { cookie: member.cookie });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ workspaceId: { _id: target._id } });
  });

  it('refuses at once, keeping nothing: a file that is not JSON, a document that is not an export, or someone who does not own the workspace', async () => {
    const target = await buildWorkspace(server, owner.cookie);
    const notJson = await sendImport(server, owner.cookie, importPath(target._id), { source: 'tasklane' }, asFile('{ not json'));
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ success: false, message: expect.stringContaining('not a Tasklane project export') });

    const original = await exportOf((await buildSmallProject())._id);
    const broken = { ...original, tasks: original.tasks.map((task) => ({ ...task, feature: 'F999' })) };
    const invalid = await sendImport(server, owner.cookie, importPath(target._id), { source: 'tasklane' }, asFile(broken));
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ success: false, message: expect.stringContaining('not a valid Tasklane project export') });

    // The member sees the workspace through their project, but only its owner imports projects.
    const memberTarget = await buildWorkspace(server, owner.cookie);
    await buildProject(server, owner.cookie, { workspaceId: memberTarget._id, members: [{ userId: member.user.id, role: 'ADMIN' }] });
    const refused = await sendImport(server, member.cookie, importPath(memberTarget._id), { source: 'tasklane' }, asFile(original));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false });

    const projects = await server.request('GET', `/api/v1/workspaces/${target._id}/projects`, { cookie: owner.cookie });
    expect(projects.status).toBe(200);
    expect(projects.body.data.projects).toEqual([]);
  });
});
