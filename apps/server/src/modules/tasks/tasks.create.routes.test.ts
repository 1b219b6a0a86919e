import { randomUUID } from 'node:crypto';
import type { Category, Feature, Project, TaskDetail } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildFeature, buildProject, buildTask, type ProjectCast } from '../../../test/factories.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

let server: TestServer;
let cast: ProjectCast;
let project: Project;
let feature: Feature;
let category: Category;

beforeAll(async () => {
  ({ server, cast, project, feature, category } = await startScene({
    project: true,
    feature: { title: 'Checkout' },
    category: { name: 'Backend', color: '#EF4444' },
  }));
});
afterAll(async () => {
  await server.close();
});

async function create(body: Record<string, unknown>, cookie = cast.member.cookie) {
  return server.request('POST', '/api/v1/tasks', { cookie, body });
}

async function taskCount(): Promise<number> {
  const response = await server.request('GET', `/api/v1/tasks?featureId=${feature._id}`, { cookie: cast.admin.cookie });
  return response.body.total;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('POST /api/v1/tasks', () => {
  it('creates a task with every field, populated, with its CREATED history entry', async () => {
    const response = await create({
      title: '  Card form  ',
      description: '  Number, expiry, CVC  ',
      status: 'IN_PROGRESS',
      priority: 'HIGH',
      assigneeId: cast.viewer.user.id,
      dueDate: '2031-03-04',
      categoryId: category._id,
      estimatedHours: 8,
      actualHours: 2,
      tags: [' ui ', 'payments'],
      attachments: [{ name: 'ignored.png' }],
      featureId: feature._id,
      projectId: project._id,
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ success: true, message: 'Task created successfully' });
    const task = response.body.data as TaskDetail;
    const { member, viewer } = cast;
    expect(task).toEqual({
      _id: expect.any(String),
      // Other tests of the file create tasks in the same project first or not (the order is shuffled).
      number: expect.any(Number),
      key: `${project.key}-${task.number}`,
      title: 'Card form',
      description: 'Number, expiry, CVC',
      status: 'IN_PROGRESS',
      priority: 'HIGH',
      assigneeId: { _id: viewer.user.id, fullName: viewer.user.fullName, username: viewer.user.username, email: viewer.user.email, avatar: null },
      dueDate: '2031-03-04T00:00:00.000Z',
      estimatedHours: 8,
      actualHours: 2,
      categoryId: { _id: category._id, name: 'Backend', color: '#EF4444' },
      tags: ['ui', 'payments'],
      attachments: [],
      blockedBy: [],
      featureId: { _id: feature._id, title: 'Checkout' },
      projectId: { _id: project._id, name: project.name },
      createdBy: { _id: member.user.id, fullName: member.user.fullName, username: member.user.username, email: member.user.email, avatar: null },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      isOverdue: false,
      blockedReason: null,
      version: 1,
      abilities: { canEdit: true, canDelete: true, canComment: true },
      parentTaskId: null,
      parentTask: null,
      subtasks: { total: 0, completed: 0 },
      role: 'MEMBER',
      history: [
        {
          _id: expect.any(String),
          timestamp: task.createdAt,
          userId: { _id: member.user.id, fullName: member.user.fullName, email: member.user.email, avatar: null },
          action: 'CREATED',
          details: { status: 'IN_PROGRESS', priority: 'HIGH' },
        },
      ],
    });
    const fetched = await server.request('GET', `/api/v1/tasks/${task._id}?projectId=${project._id}`, { cookie: cast.member.cookie });
    expect(fetched.body).toEqual({ success: true, message: 'Task fetched successfully', data: task });
  });

  it('defaults: TODO, MEDIUM, unassigned, no dates, hours or tags; the project comes from the feature', async () => {
    const response = await create({ title: 'Bare', featureId: feature._id, categoryId: category._id });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data).toMatchObject({
      description: '',
      status: 'TODO',
      priority: 'MEDIUM',
      assigneeId: null,
      dueDate: null,
      estimatedHours: null,
      actualHours: null,
      tags: [],
      projectId: { _id: project._id },
      history: [{ action: 'CREATED', details: { status: 'TODO', priority: 'MEDIUM' } }],
    });
  });

  // The answer is built from the insert and the reads before it, not read back: it must be what
  // reading the task gives, for each way of being allowed to create (a member, the workspace's
  // owner who is no member) and with or without an assignee.
  it.each(['member', 'owner'] as const)('answers what a read of the new task gives (%s)', async (who) => {
    const caller = cast[who];
    const own = who === 'member' ? category : await buildCategory(server, caller.cookie, { type: 'TASK', color: '#10B981' });
    for (const body of [
      { title: 'Bare', featureId: feature._id, categoryId: own._id },
      { title: 'Full', featureId: feature._id, categoryId: own._id, assigneeId: cast.admin.user.id, status: 'BLOCK', blockedReason: 'Waiting', dueDate: '2030-01-31', estimatedHours: 3, tags: ['a'] },
    ]) {
      const response = await create(body, caller.cookie);
      expect(response.status, response.text).toBe(201);
      const fetched = await server.request('GET', `/api/v1/tasks/${response.body.data._id}`, { cookie: caller.cookie });
      expect(fetched.text.replace('Task fetched successfully', 'Task created successfully')).toBe(response.text);
    }
  });

  it('accepts BLOCK for BLOCKED and keeps a blocked reason only for a blocked task', async () => {
    const blocked = await create({ title: 'B', featureId: feature._id, categoryId: category._id, status: 'BLOCK', blockedReason: ' API down ' });
    expect(blocked.body.data).toMatchObject({ status: 'BLOCKED', blockedReason: 'API down' });
    const open = await create({ title: 'O', featureId: feature._id, categoryId: category._id, status: 'TODO', blockedReason: 'no' });
    expect(open.body.data).toMatchObject({ status: 'TODO', blockedReason: null });
    const empty = await create({ title: 'E', featureId: feature._id, categoryId: category._id, assigneeId: '', dueDate: '' });
    expect(empty.body.data).toMatchObject({ assigneeId: null, dueDate: null });
  });

  describe('validation', () => {
    it.each<[string, Record<string, unknown>, string]>([
      ['a missing title', { title: undefined }, 'Title is required'],
      ['a blank title', { title: '  ' }, 'Title is required'],
      ['a 201-character title', { title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
      ['a missing category', { categoryId: undefined }, 'Category is required'],
      ['an empty category', { categoryId: '' }, 'Category is required'],
      ['a null category', { categoryId: null }, 'Category is required'],
      ['a non-UUID category', { categoryId: 'abc' }, 'Category is required'],
      ['a missing feature', { featureId: undefined }, 'Feature is required'],
      ['a non-UUID feature', { featureId: 'abc' }, 'Feature is required'],
      ['a 5001-character description', { description: 'd'.repeat(5001) }, 'Description must be at most 5000 characters'],
      ['an unknown status', { status: 'DONE' }, 'Status must be one of TODO, IN_PROGRESS, DEV_COMPLETED, REOPEN, BLOCKED'],
      ['the PENDING filter as a status', { status: 'PENDING' }, 'Status must be one of'],
      ['an unknown priority', { priority: 'CRITICAL' }, 'Priority must be one of LOW, MEDIUM, HIGH, URGENT'],
      ['fractional estimated hours', { estimatedHours: 2.5 }, 'Estimated hours must be a whole number from 0 to 10000'],
      ['negative actual hours', { actualHours: -2 }, 'Actual hours must be a whole number from 0 to 10000'],
      ['10001 hours', { actualHours: 10_001 }, 'Actual hours must be a whole number from 0 to 10000'],
      ['an empty tag', { tags: ['a', ' '] }, 'Tags cannot be empty'],
      ['a 41-character tag', { tags: ['t'.repeat(41)] }, 'Each tag must be at most 40 characters'],
      ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'At most 20 tags'],
      ['tags as text', { tags: 'a, b' }, 'Tags must be a list of text'],
      ['an impossible due date', { dueDate: '2025-02-30' }, 'Invalid date'],
      ['a numeric due date', { dueDate: 20250101 }, 'Date must be an ISO date such as 2025-01-31'],
      ['a non-UUID assignee', { assigneeId: 'abc' }, 'Assignee must be a user id'],
      ['a 1001-character blocked reason', { blockedReason: 'r'.repeat(1001) }, 'Blocked reason must be at most 1000 characters'],
      ['a non-UUID project', { projectId: 'abc' }, 'Invalid id'],
    ])('%s is 400 and creates nothing', async (_label, overrides, message) => {
      const before = await taskCount();
      const response = await create({ title: 'Valid', featureId: feature._id, categoryId: category._id, ...overrides });
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(response.body.message).toContain(message);
      expect(await taskCount()).toBe(before);
    });
  });

  describe('references', () => {
    it('the assignee must be a member of the project (any role)', async () => {
      const stranger = await create({ title: 'T', featureId: feature._id, categoryId: category._id, assigneeId: cast.stranger.user.id });
      expect(stranger.status).toBe(400);
      expect(stranger.body).toMatchObject({
        message: 'Assignee must be a member of the project',
        errors: [{ field: 'assigneeId', message: 'Assignee must be a member of the project' }],
      });
      const unknown = await create({ title: 'T', featureId: feature._id, categoryId: category._id, assigneeId: randomUUID() });
      expect(unknown.status).toBe(400);
      const admin = await create({ title: 'T', featureId: feature._id, categoryId: category._id, assigneeId: cast.admin.user.id });
      expect(admin.status).toBe(201);
    });

    it("the category must be one of the caller's TASK categories", async () => {
      const todoCategory = await buildCategory(server, cast.member.cookie, { type: 'TODO' });
      const othersCategory = await buildCategory(server, cast.admin.cookie, { type: 'TASK' });
      for (const categoryId of [todoCategory._id, othersCategory._id, randomUUID()]) {
        const response = await create({ title: 'T', featureId: feature._id, categoryId });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          message: 'Category must be one of your task categories',
          errors: [{ field: 'categoryId', message: 'Category must be one of your task categories' }],
        });
      }
    });

    it("the feature must be one of the project's: 400 when the named project is visible, 404 when not", async () => {
      const otherProject = await buildProject(server, cast.member.cookie);
      const otherFeature = await buildFeature(server, cast.member.cookie, otherProject._id);
      const mismatch = await create({ title: 'T', featureId: otherFeature._id, categoryId: category._id, projectId: project._id });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toBe("Feature must be one of the project's features");
      const unknownFeature = await create({ title: 'T', featureId: randomUUID(), categoryId: category._id, projectId: project._id });
      expect(unknownFeature.status).toBe(400);
      const hiddenProject = await buildProject(server, cast.stranger.cookie);
      const hidden = await create({ title: 'T', featureId: feature._id, categoryId: category._id, projectId: hiddenProject._id });
      expect(hidden.status).toBe(404);
      const hiddenFeature = await buildFeature(server, cast.stranger.cookie, hiddenProject._id);
      const noProject = await create({ title: 'T', featureId: hiddenFeature._id, categoryId: category._id });
      expect(noProject.status).toBe(404);
      expect(noProject.body.message).toBe('Feature not found');
      expect((await create({ title: 'T', featureId: randomUUID(), categoryId: category._id })).status).toBe(404);
    });

    it('a viewer is refused before the references are looked at', async () => {
      const response = await create({ title: 'T', featureId: feature._id, categoryId: randomUUID() }, cast.viewer.cookie);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Only members, moderators and admins can create and edit tasks');
    });
  });
});

describe('isOverdue', () => {
  it.each<[string, string | null, string, boolean]>([
    ['due yesterday, TODO', day(-1), 'TODO', true],
    ['due last year, BLOCKED', day(-365), 'BLOCKED', true],
    ['due yesterday, IN_REVIEW', day(-1), 'IN_REVIEW', true],
    ['due yesterday, COMPLETED', day(-1), 'COMPLETED', false],
    ['due yesterday, CANCELLED', day(-1), 'CANCELLED', false],
    ['due tomorrow, TODO', day(1), 'TODO', false],
    ['no due date', null, 'TODO', false],
  ])('%s → %s', async (_label, dueDate, status, expected) => {
    const task = await buildTask(server, cast.member.cookie, feature._id, { dueDate, status, categoryId: category._id });
    expect(task.isOverdue).toBe(expected);
    const list = await server.request('GET', `/api/v1/tasks?featureId=${feature._id}&limit=1`, { cookie: cast.member.cookie });
    expect(list.body.data.tasks[0]).toMatchObject({ _id: task._id, isOverdue: expected });
  });

  it('stops being overdue once completed', async () => {
    const task = await buildTask(server, cast.member.cookie, feature._id, { dueDate: day(-3), categoryId: category._id });
    expect(task.isOverdue).toBe(true);
    const done = await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: cast.member.cookie, body: { status: 'COMPLETED' } });
    expect(done.body.data.isOverdue).toBe(false);
  });
});
