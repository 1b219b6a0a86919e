import { randomUUID } from 'node:crypto';
import type { Category, Feature, Project, TaskDetail } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProjectMember,
  buildCategory,
  buildFeature,
  buildProject,
  buildTask,
  type ProjectCast,
} from '../../../test/factories.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

let server: TestServer;
let cast: ProjectCast;
let project: Project;
let feature: Feature;
let category: Category;

beforeAll(async () => {
  ({ server, cast, project, feature, category } = await startScene({ project: true, feature: true, category: true }));
});
afterAll(async () => {
  await server.close();
});

async function update(taskId: string, body: Record<string, unknown>, cookie = cast.member.cookie) {
  return server.request('PUT', `/api/v1/tasks/${taskId}`, { cookie, body });
}

async function newTask(overrides: Record<string, unknown> = {}) {
  return buildTask(server, cast.member.cookie, feature._id, { categoryId: category._id, ...overrides });
}

async function history(taskId: string) {
  const response = await server.request('GET', `/api/v1/tasks/${taskId}`, { cookie: cast.admin.cookie });
  return (response.body.data as TaskDetail).history;
}

describe('PUT /api/v1/tasks/:taskId', () => {
  it('changes what the body names, keeps the rest, bumps the version and answers the task', async () => {
    const task = await newTask({ description: 'Keep', tags: ['a'], estimatedHours: 3 });
    const response = await update(task._id, { title: ' Renamed ', priority: 'URGENT', version: 1, attachments: [] });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Task updated successfully' });
    expect(response.body.data).toMatchObject({
      title: 'Renamed',
      description: 'Keep',
      tags: ['a'],
      estimatedHours: 3,
      priority: 'URGENT',
      version: 2,
      attachments: [],
      role: 'MEMBER',
    });
    // The answer's history is what this save added (issue 15: a save does not read the whole
    // history again); entries of one save share its timestamp and their order among themselves
    // is not meaningful. The task's whole history has them on top.
    const added = response.body.data.history as TaskDetail['history'];
    expect(added.map((entry) => entry.action).sort()).toEqual(['PRIORITY_CHANGED', 'UPDATED']);
    const whole = await history(task._id);
    expect(whole.slice(0, 2)).toEqual(expect.arrayContaining(added));
    expect(whole.map((entry) => entry.action)[2]).toBe('CREATED');
    expect(new Date(response.body.data.updatedAt) >= new Date(task.updatedAt)).toBe(true);
  });

  // The answer is built from the read that planned the save and what the save wrote, not read
  // again (issue 15 §2): it must be the task exactly as the next read shows it.
  it('answers the task exactly as a read of it then shows it, whatever the save changed', async () => {
    const otherFeature = await buildFeature(server, cast.admin.cookie, project._id);
    const otherCategory = await buildCategory(server, cast.member.cookie, { type: 'TASK' });
    const task = await newTask({ description: 'First', tags: ['x'], estimatedHours: 4, dueDate: '2031-01-01' });
    const steps: Array<Record<string, unknown>> = [
      { status: 'BLOCKED', blockedReason: 'Waiting on the vendor' },
      { blockedReason: 'Waiting on legal' },
      { status: 'IN_PROGRESS' },
      { assigneeId: cast.moderator.user.id, categoryId: otherCategory._id, featureId: otherFeature._id },
      { title: 'Moved back', featureId: feature._id, categoryId: category._id, assigneeId: null },
      { dueDate: null, tags: ['b', 'a'], estimatedHours: null, actualHours: 7, description: '' },
      { status: 'COMPLETED', priority: 'LOW', dueDate: '2020-05-06', assigneeId: cast.viewer.user.id },
    ];
    for (const step of steps) {
      const response = await update(task._id, step);
      expect(response.status, response.text).toBe(200);
      const read = await server.request('GET', `/api/v1/tasks/${task._id}`, { cookie: cast.member.cookie });
      const { history: added, ...answer } = response.body.data as TaskDetail;
      const { history: whole, ...shown } = read.body.data as TaskDetail;
      expect(answer, JSON.stringify(step)).toEqual(shown);
      expect(whole.slice(0, added.length)).toEqual(expect.arrayContaining(added));
    }
  });

  // A save's statement is built once per shape (the columns it sets, and which to null) and
  // reused: each save of a shape must still write its own values, through the columns' types.
  it('saves of one shape, one after another, each write their own values', async () => {
    const task = await newTask();
    const steps: Array<Record<string, unknown>> = [
      { status: 'IN_PROGRESS', dueDate: '2031-02-03', tags: ['a'], estimatedHours: 2, assigneeId: cast.viewer.user.id },
      { status: 'IN_REVIEW', dueDate: '2032-04-05', tags: ['b', 'c'], estimatedHours: 3, assigneeId: cast.moderator.user.id },
      { status: 'IN_PROGRESS', dueDate: null, tags: [], estimatedHours: null, assigneeId: null },
      { status: 'IN_REVIEW', dueDate: '2033-06-07', tags: ['d'], estimatedHours: 1, assigneeId: cast.viewer.user.id },
    ];
    for (const step of steps) {
      const response = await update(task._id, step);
      expect(response.status, response.text).toBe(200);
      const read = await server.request('GET', `/api/v1/tasks/${task._id}`, { cookie: cast.admin.cookie });
      const saved = read.body.data as TaskDetail;
      expect(saved.status).toBe(step.status);
      expect(saved.dueDate).toBe(step.dueDate === null ? null : `${step.dueDate as string}T00:00:00.000Z`);
      expect(saved.tags).toEqual(step.tags);
      expect(saved.estimatedHours).toBe(step.estimatedHours);
      expect(saved.assigneeId?._id ?? null).toBe(step.assigneeId);
    }
    expect((await history(task._id)).filter((entry) => entry.action === 'STATUS_CHANGED')).toHaveLength(4);
  });

  it('a save that changes nothing writes nothing and keeps the version', async () => {
    const task = await newTask({ assigneeId: cast.viewer.user.id, dueDate: '2030-01-01', tags: ['x'] });
    const response = await update(task._id, {
      title: task.title,
      description: task.description,
      status: 'TODO',
      priority: 'MEDIUM',
      assigneeId: cast.viewer.user.id,
      dueDate: '2030-01-01T00:00:00.000Z',
      categoryId: category._id,
      featureId: feature._id,
      projectId: project._id,
      estimatedHours: null,
      actualHours: null,
      tags: ['x'],
      version: 1,
    });
    expect(response.status, response.text).toBe(200);
    // The task as it was, and no history added.
    expect(response.body.data).toEqual({ ...task, history: [] });
    expect(await history(task._id)).toHaveLength(1);
  });

  it('a stale version is 409 and changes nothing; the current one applies', async () => {
    const task = await newTask();
    expect((await update(task._id, { status: 'IN_PROGRESS', version: 1 }, cast.moderator.cookie)).status).toBe(200);
    const stale = await update(task._id, { title: 'Mine', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      success: false,
      code: 'CONFLICT',
      message: 'This task was changed by someone else. Reload to see the latest version.',
    });
    expect(await history(task._id)).toHaveLength(2);
    const fresh = await update(task._id, { title: 'Mine', version: 2 });
    expect(fresh.body.data).toMatchObject({ title: 'Mine', version: 3 });
    // A save without a version simply applies.
    expect((await update(task._id, { title: 'Blind' })).body.data).toMatchObject({ title: 'Blind', version: 4 });
  });

  it('concurrent saves without a version all apply, and the history chains truthfully', async () => {
    const task = await newTask();
    const statuses = ['IN_PROGRESS', 'IN_REVIEW', 'COMPLETED', 'REOPEN', 'DEV_COMPLETED', 'CANCELLED'];
    const responses = await Promise.all(statuses.map((status) => update(task._id, { status })));
    expect(responses.map((response) => response.status)).toEqual(statuses.map(() => 200));
    const entries = (await history(task._id)).reverse();
    expect(entries[0]!.action).toBe('CREATED');
    const changes = entries.slice(1).map((entry) => entry.details as { from: string; to: string });
    expect(changes).toHaveLength(statuses.length);
    let current = 'TODO';
    for (const change of changes) {
      expect(change.from).toBe(current);
      current = change.to;
    }
    const final = (await server.request('GET', `/api/v1/tasks/${task._id}`, { cookie: cast.member.cookie })).body.data;
    expect(final).toMatchObject({ status: current, version: statuses.length + 1 });
  });

  it('concurrent saves with the same version: one wins, the others get 409', async () => {
    const task = await newTask();
    const responses = await Promise.all(['A', 'B', 'C'].map((title) => update(task._id, { title, version: 1 })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    expect(await history(task._id)).toHaveLength(2);
  });

  describe('references', () => {
    it('the category: your TASK category, or the current one re-sent; never removed', async () => {
      const task = await buildTask(server, cast.admin.cookie, feature._id);
      // The admin's category, re-sent by a member, is no change.
      const same = await update(task._id, { categoryId: task.categoryId!._id, title: 'Same category' });
      expect(same.status, same.text).toBe(200);
      const removed = await update(task._id, { categoryId: null });
      expect(removed.status).toBe(400);
      expect(removed.body.message).toBe('Category is required');
      const todoCategory = await buildCategory(server, cast.member.cookie, { type: 'TODO' });
      expect((await update(task._id, { categoryId: todoCategory._id })).body.message).toBe('Category must be one of your task categories');
      const mine = await update(task._id, { categoryId: category._id });
      expect(mine.body.data.categoryId).toMatchObject({ _id: category._id, name: category.name });
    });

    it('a task whose category was deleted keeps saving without one', async () => {
      const own = await buildCategory(server, cast.member.cookie, { type: 'TASK' });
      const task = await newTask({ categoryId: own._id });
      expect((await server.request('DELETE', `/api/v1/categories/${own._id}`, { cookie: cast.member.cookie })).status).toBe(200);
      const response = await update(task._id, { categoryId: null, status: 'IN_PROGRESS' });
      expect(response.status, response.text).toBe(200);
      expect(response.body.data).toMatchObject({ categoryId: null, status: 'IN_PROGRESS' });
    });

    it('the assignee: a member; a removed member stays until changed, and cannot be assigned anew', async () => {
      const { user: leaver, cookie: _leaverCookie } = cast.stranger;
      const own = await buildProject(server, cast.admin.cookie, { members: [{ userId: cast.member.user.id, role: 'MEMBER' }] });
      const ownFeature = await buildFeature(server, cast.admin.cookie, own._id);
      await addProjectMember(server, cast.admin.cookie, own._id, leaver.id, 'VIEWER');
      const task = await buildTask(server, cast.member.cookie, ownFeature._id, { categoryId: category._id, assigneeId: leaver.id });
      const removal = await server.request('DELETE', `/api/v1/projects/${own._id}/members/${leaver.id}`, { cookie: cast.admin.cookie });
      expect(removal.status).toBe(200);
      const kept = await update(task._id, { assigneeId: leaver.id, title: 'Still theirs' });
      expect(kept.status, kept.text).toBe(200);
      expect(kept.body.data.assigneeId._id).toBe(leaver.id);
      const other = await newTask();
      const refused = await update(other._id, { assigneeId: leaver.id });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'assigneeId', message: 'Assignee must be a member of the project' }]);
      expect((await update(other._id, { assigneeId: randomUUID() })).status).toBe(400);
    });

    it("the feature: another of the project's features; not another project's", async () => {
      const task = await newTask();
      const sibling = await buildFeature(server, cast.admin.cookie, project._id, { title: 'Sibling' });
      const moved = await update(task._id, { featureId: sibling._id });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.data.featureId).toEqual({ _id: sibling._id, title: 'Sibling' });
      const list = await server.request('GET', `/api/v1/tasks?featureId=${sibling._id}`, { cookie: cast.member.cookie });
      expect(list.body.data.tasks.map((t: TaskDetail) => t._id)).toEqual([task._id]);
      const elsewhere = await buildProject(server, cast.member.cookie);
      const foreign = await buildFeature(server, cast.member.cookie, elsewhere._id);
      const refused = await update(task._id, { featureId: foreign._id });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe("Feature must be one of the project's features");
    });

    it("a projectId that is not the task's is 404", async () => {
      const task = await newTask();
      const other = await buildProject(server, cast.member.cookie);
      expect((await update(task._id, { projectId: other._id, title: 'X' })).status).toBe(404);
      expect((await update(task._id, { projectId: project._id, title: 'X' })).status).toBe(200);
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a blank title', { title: ' ' }, 'Title is required'],
    ['an unknown status', { status: 'DONE' }, 'Status must be one of'],
    ['fractional hours', { actualHours: 0.5 }, 'Actual hours must be a whole number from 0 to 10000'],
    ['a zero version', { version: 0 }, 'version must be a whole number'],
    ['a text version', { version: '1' }, 'version must be a whole number'],
    ['a bad due date', { dueDate: '31/12/2030' }, 'Date must be an ISO date'],
  ])('%s is 400 and changes nothing', async (_label, body, message) => {
    const task = await newTask();
    const response = await update(task._id, body);
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toContain(message);
    expect(await history(task._id)).toHaveLength(1);
  });

  it('non-UUID ids are 400, unknown tasks 404', async () => {
    expect((await update('nope', { title: 'X' })).status).toBe(400);
    expect((await update(randomUUID(), { title: 'X' })).status).toBe(404);
  });
});
