import type { Category, Feature, TaskDetail, TaskHistoryEntry } from '@tasklane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildFeature, buildTask, type ProjectCast } from '../../../test/factories.js';
import { startScene } from '../../../test/scene.js';
import type { TestServer } from '../../../test/test-server.js';

let server: TestServer;
let cast: ProjectCast;
let feature: Feature;
let category: Category;

beforeAll(async () => {
  ({ server, cast, feature, category } = await startScene({ project: true, feature: { title: 'Launch' }, category: { name: 'Writing' } }));
});
afterAll(async () => {
  await server.close();
});

async function newTask(overrides: Record<string, unknown> = {}) {
  return buildTask(server, cast.member.cookie, feature._id, { categoryId: category._id, ...overrides });
}

/**
 * Saves as the moderator and returns the entries that save added (newest first): the save's
 * answer holds exactly those, and they are the newest of the task's whole history.
 */
async function save(task: { _id: string }, body: Record<string, unknown>): Promise<TaskHistoryEntry[]> {
  const before = (await server.request('GET', `/api/v1/tasks/${task._id}`, { cookie: cast.moderator.cookie })).body.data as TaskDetail;
  const response = await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: cast.moderator.cookie, body });
  expect(response.status, response.text).toBe(200);
  const added = (response.body.data as TaskDetail).history;
  const after = (await server.request('GET', `/api/v1/tasks/${task._id}`, { cookie: cast.moderator.cookie })).body.data as TaskDetail;
  expect(after.history).toHaveLength(before.history.length + added.length);
  expect(new Set(after.history.slice(0, added.length).map((entry) => entry._id))).toEqual(new Set(added.map((entry) => entry._id)));
  expect(after.history.slice(added.length)).toEqual(before.history);
  return added;
}

const moderatorRef = () => ({
  _id: cast.moderator.user.id,
  fullName: cast.moderator.user.fullName,
  email: cast.moderator.user.email,
  avatar: null,
});

describe('task history', () => {
  it('every entry carries its id, timestamp and populated user', async () => {
    const task = await newTask();
    const [entry] = await save(task, { status: 'IN_PROGRESS' });
    expect(entry).toEqual({
      _id: expect.any(String),
      timestamp: expect.any(String),
      userId: moderatorRef(),
      action: 'STATUS_CHANGED',
      details: { from: 'TODO', to: 'IN_PROGRESS' },
    });
    expect(new Date(entry!.timestamp).toISOString()).toBe(entry!.timestamp);
    expect(new Date(entry!.timestamp).getTime()).toBeGreaterThanOrEqual(new Date(task.createdAt).getTime());
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>, { action: string; details: unknown }]>([
    ['STATUS_CHANGED', { status: 'TODO' }, { status: 'DEV_COMPLETED' }, { action: 'STATUS_CHANGED', details: { from: 'TODO', to: 'DEV_COMPLETED' } }],
    ['PRIORITY_CHANGED', { priority: 'LOW' }, { priority: 'URGENT' }, { action: 'PRIORITY_CHANGED', details: { from: 'LOW', to: 'URGENT' } }],
    [
      'DUE_DATE_CHANGED (set)',
      {},
      { dueDate: '2030-05-06' },
      { action: 'DUE_DATE_CHANGED', details: { from: null, to: '2030-05-06T00:00:00.000Z' } },
    ],
    [
      'DUE_DATE_CHANGED (moved)',
      { dueDate: '2030-05-06' },
      { dueDate: '2030-05-07T12:00:00Z' },
      { action: 'DUE_DATE_CHANGED', details: { from: '2030-05-06T00:00:00.000Z', to: '2030-05-07T00:00:00.000Z' } },
    ],
    [
      'DUE_DATE_CHANGED (cleared)',
      { dueDate: '2030-05-06' },
      { dueDate: null },
      { action: 'DUE_DATE_CHANGED', details: { from: '2030-05-06T00:00:00.000Z', to: null } },
    ],
    ['ESTIMATED_HOURS_CHANGED', { estimatedHours: 4 }, { estimatedHours: 6 }, { action: 'ESTIMATED_HOURS_CHANGED', details: { from: 4, to: 6 } }],
    ['ACTUAL_HOURS_CHANGED', {}, { actualHours: 0 }, { action: 'ACTUAL_HOURS_CHANGED', details: { from: null, to: 0 } }],
    ['BLOCKED (with BLOCK)', {}, { status: 'BLOCK', blockedReason: 'API down' }, { action: 'BLOCKED', details: { from: 'TODO', reason: 'API down' } }],
    ['BLOCKED (no reason)', { status: 'IN_REVIEW' }, { status: 'BLOCKED' }, { action: 'BLOCKED', details: { from: 'IN_REVIEW', reason: null } }],
    [
      'UNBLOCKED',
      { status: 'BLOCKED', blockedReason: 'Waiting for legal' },
      { status: 'IN_PROGRESS' },
      { action: 'UNBLOCKED', details: { to: 'IN_PROGRESS', reason: 'Waiting for legal' } },
    ],
    [
      'UPDATED (blocked reason while blocked)',
      { status: 'BLOCKED', blockedReason: 'Waiting for legal' },
      { blockedReason: 'Waiting for design' },
      { action: 'UPDATED', details: { blockedReason: { from: 'Waiting for legal', to: 'Waiting for design' } } },
    ],
    [
      'UPDATED (title, description, tags)',
      { title: 'Old', description: 'Before', tags: ['a'] },
      { title: 'New', description: '', tags: ['a', 'b'] },
      {
        action: 'UPDATED',
        details: { title: { from: 'Old', to: 'New' }, description: { from: 'Before', to: '' }, tags: { from: ['a'], to: ['a', 'b'] } },
      },
    ],
  ])('%s', async (_label, initial, change, expected) => {
    const task = await newTask(initial);
    expect(await save(task, change)).toEqual([{ ...expected, _id: expect.any(String), timestamp: expect.any(String), userId: moderatorRef() }]);
  });

  it('ASSIGNEE_CHANGED names the people, as they were called then', async () => {
    const task = await newTask({ assigneeId: cast.viewer.user.id });
    const viewer = { _id: cast.viewer.user.id, fullName: cast.viewer.user.fullName };
    const member = { _id: cast.member.user.id, fullName: cast.member.user.fullName };
    expect(await save(task, { assigneeId: cast.member.user.id })).toMatchObject([
      { action: 'ASSIGNEE_CHANGED', details: { from: viewer, to: member } },
    ]);
    expect(await save(task, { assigneeId: null })).toMatchObject([{ action: 'ASSIGNEE_CHANGED', details: { from: member, to: null } }]);
    expect(await save(task, { assigneeId: cast.viewer.user.id })).toMatchObject([
      { action: 'ASSIGNEE_CHANGED', details: { from: null, to: viewer } },
    ]);
  });

  it('UPDATED names the category and feature moved from and to', async () => {
    const task = await newTask();
    const other = await buildCategory(server, cast.moderator.cookie, { type: 'TASK', name: 'Ops' });
    const sibling = await buildFeature(server, cast.admin.cookie, task.projectId._id, { title: 'Polish' });
    expect(await save(task, { categoryId: other._id, featureId: sibling._id })).toMatchObject([
      {
        action: 'UPDATED',
        details: {
          categoryId: { from: { _id: category._id, name: 'Writing' }, to: { _id: other._id, name: 'Ops' } },
          featureId: { from: { _id: feature._id, title: 'Launch' }, to: { _id: sibling._id, title: 'Polish' } },
        },
      },
    ]);
  });

  it('one save changing many aspects writes one entry per aspect', async () => {
    const task = await newTask({ estimatedHours: 1 });
    const entries = await save(task, {
      title: 'Bigger',
      status: 'IN_PROGRESS',
      priority: 'HIGH',
      dueDate: '2031-01-01',
      assigneeId: cast.member.user.id,
      estimatedHours: 2,
      actualHours: 1,
    });
    expect(entries.map((entry) => entry.action).sort()).toEqual(
      [
        'ACTUAL_HOURS_CHANGED',
        'ASSIGNEE_CHANGED',
        'DUE_DATE_CHANGED',
        'ESTIMATED_HOURS_CHANGED',
        'PRIORITY_CHANGED',
        'STATUS_CHANGED',
        'UPDATED',
      ].sort(),
    );
    expect(new Set(entries.map((entry) => entry.timestamp)).size).toBe(1);
  });

  it('a save that changes nothing writes nothing; history is listed newest first', async () => {
    const task = await newTask({ status: 'IN_PROGRESS', tags: ['x'] });
    expect(await save(task, { status: 'IN_PROGRESS', tags: ['x'], title: task.title })).toEqual([]);
    expect(await save(task, {})).toEqual([]);
    await save(task, { status: 'IN_REVIEW' });
    await save(task, { status: 'COMPLETED' });
    const { history } = (await server.request('GET', `/api/v1/tasks/${task._id}`, { cookie: cast.viewer.cookie })).body.data as TaskDetail;
    expect(history.map((entry) => [entry.action, entry.details])).toEqual([
      ['STATUS_CHANGED', { from: 'IN_REVIEW', to: 'COMPLETED' }],
      ['STATUS_CHANGED', { from: 'IN_PROGRESS', to: 'IN_REVIEW' }],
      ['CREATED', { status: 'IN_PROGRESS', priority: 'MEDIUM' }],
    ]);
    const times = history.map((entry) => new Date(entry.timestamp).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('a refused save writes nothing', async () => {
    const task = await newTask();
    const refused = await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: cast.viewer.cookie, body: { status: 'COMPLETED' } });
    expect(refused.status).toBe(403);
    const invalid = await server.request('PUT', `/api/v1/tasks/${task._id}`, {
      cookie: cast.member.cookie,
      body: { status: 'COMPLETED', assigneeId: cast.stranger.user.id },
    });
    expect(invalid.status).toBe(400);
    const { history, status } = (await server.request('GET', `/api/v1/tasks/${task._id}`, { cookie: cast.member.cookie })).body.data;
    expect(status).toBe('TODO');
    expect(history).toHaveLength(1);
  });
});
