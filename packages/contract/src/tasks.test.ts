import { describe, expect, it } from 'vitest';
import { commentBodySchema } from './comments.js';
import { createFeatureBodySchema, listFeaturesQuerySchema, updateFeatureBodySchema } from './features.js';
import { createTaskBodySchema, listAssignedTasksQuerySchema, listTasksQuerySchema, updateTaskBodySchema } from './tasks.js';

const id = '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60';
const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('task bodies', () => {
  it('create: title and category required with the spec messages', () => {
    expect(firstMessage(createTaskBodySchema.safeParse({ title: ' ', categoryId: id, featureId: id }))).toBe('Title is required');
    expect(firstMessage(createTaskBodySchema.safeParse({ title: 'T', featureId: id }))).toBe('Category is required');
    expect(firstMessage(createTaskBodySchema.safeParse({ title: 'T', categoryId: '', featureId: id }))).toBe('Category is required');
  });

  it('create: BLOCK means BLOCKED; empty assignee and due date mean none; attachments are accepted', () => {
    const parsed = createTaskBodySchema.parse({
      title: ' T ',
      categoryId: id,
      featureId: id,
      status: 'BLOCK',
      assigneeId: '',
      dueDate: '',
      attachments: [{ name: 'x' }],
    });
    expect(parsed).toMatchObject({ title: 'T', status: 'BLOCKED', assigneeId: null, dueDate: null });
  });

  it('update: left out stays undefined (unchanged); null clears', () => {
    expect(updateTaskBodySchema.parse({})).toEqual({});
    expect(updateTaskBodySchema.parse({ dueDate: null, assigneeId: null, estimatedHours: null, description: null })).toEqual({
      dueDate: null,
      assigneeId: null,
      estimatedHours: null,
      description: '',
    });
    expect(updateTaskBodySchema.parse({ dueDate: '2030-01-02T22:00:00Z' }).dueDate).toBe('2030-01-02');
  });

  it('hours are whole numbers from 0 to 10000', () => {
    expect(updateTaskBodySchema.safeParse({ estimatedHours: 10_000 }).success).toBe(true);
    expect(firstMessage(updateTaskBodySchema.safeParse({ estimatedHours: 1.5 }))).toBe('Estimated hours must be a whole number from 0 to 10000');
    expect(firstMessage(updateFeatureBodySchema.safeParse({ actualHours: -1 }))).toBe('Actual hours must be a whole number from 0 to 10000');
  });
});

describe('list queries', () => {
  it('tasks: defaults, PENDING and BLOCK', () => {
    expect(listTasksQuerySchema.parse({ featureId: id })).toEqual({ featureId: id, page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' });
    expect(listTasksQuerySchema.parse({ featureId: id, status: 'PENDING' }).status).toEqual(['TODO', 'REOPEN']);
    expect(listTasksQuerySchema.parse({ featureId: id, status: 'BLOCK' }).status).toEqual(['BLOCKED']);
    expect(listTasksQuerySchema.parse({ featureId: id, search: '   ' }).search).toBeUndefined();
  });

  it('assigned tasks: no page by default (every task), by due date ascending', () => {
    expect(listAssignedTasksQuerySchema.parse({})).toEqual({ sortBy: 'dueDate', sortOrder: 'asc' });
    expect(listAssignedTasksQuerySchema.parse({ page: '2', limit: '30' })).toMatchObject({ page: 2, limit: 30 });
    expect(listAssignedTasksQuerySchema.safeParse({ limit: '1001' }).success).toBe(false);
  });

  it('features: limit 1 to 100, whole numbers only', () => {
    expect(listFeaturesQuerySchema.parse({ projectId: id, page: '2', limit: '100' })).toMatchObject({ page: 2, limit: 100 });
    for (const limit of ['0', '101', 'abc', '2.5']) {
      expect(firstMessage(listFeaturesQuerySchema.safeParse({ projectId: id, limit }))).toBe('limit must be a whole number from 1 to 100');
    }
  });
});

describe('features and comments', () => {
  it('a feature title is required after trimming', () => {
    expect(firstMessage(createFeatureBodySchema.safeParse({ projectId: id, title: '  ' }))).toBe('Title is required');
    expect(createFeatureBodySchema.parse({ projectId: id, title: ' F ' }).title).toBe('F');
  });

  it('a comment is trimmed, not blank, at most 5000 characters', () => {
    expect(commentBodySchema.parse({ comment: '  hi ' })).toEqual({ comment: 'hi' });
    expect(firstMessage(commentBodySchema.safeParse({ comment: ' \n ' }))).toBe('Comment is required');
    expect(firstMessage(commentBodySchema.safeParse({ comment: 'x'.repeat(5001) }))).toBe('Comment must be at most 5000 characters');
  });
});
