import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nullableReferenceSchema, referenceSchema } from './common.js';
import { createFeatureBodySchema, updateFeatureBodySchema } from './features.js';
import { addMemberBodySchema, createProjectBodySchema, updateProjectBodySchema } from './projects.js';
import { createTaskBodySchema, moveTaskBodySchema, updateTaskBodySchema } from './tasks.js';
import { todoBodySchema, todoFormSchema, updateTodoBodySchema } from './todos.js';

const id = '3f0c2a9e-7b1d-4c5e-9a8f-1e2d3c4b5a69';
const other = '8d7c6b5a-4e3f-4a1b-8c9d-0e1f2a3b4c5d';

/** The issues of a failed parse as [field, message]. */
function issues(result: { success: boolean; error?: z.ZodError }) {
  return result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('referenceSchema: an id, or the object a read answers for it', () => {
  const body = z.object({ category: referenceSchema('Pick a category') });

  it.each([
    ['the id', id],
    ['an object with only _id', { _id: id }],
    ['the whole object as read, other keys ignored', { _id: id, name: 'Home', color: '#3B82F6', slug: 'home' }],
  ])('gives the id for %s', (_label, category) => {
    expect(body.parse({ category })).toEqual({ category: id });
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty text', ''],
    ['not a UUID', 'abc'],
    ['a number', 42],
    ['a list', [id]],
    ['an object without _id', { name: 'Home' }],
    ['an object whose _id is not a UUID', { _id: 'abc' }],
    ['an object whose _id is not text', { _id: 42 }],
    ['an object with id instead of _id', { id }],
  ])('refuses %s with its one message, on the field itself', (_label, category) => {
    expect(issues(body.safeParse({ category }))).toEqual([['category', 'Pick a category']]);
  });

  it('says "Invalid id" when given no message', () => {
    expect(issues(z.object({ ref: referenceSchema() }).safeParse({ ref: { _id: 'x' } }))).toEqual([['ref', 'Invalid id']]);
  });
});

describe('nullableReferenceSchema: a reference, none, or unchanged', () => {
  const body = z.object({ assigneeId: nullableReferenceSchema('Pick someone') });

  it.each([
    [id, id],
    [{ _id: id, fullName: 'Ann' }, id],
    [null, null],
    ['', null],
  ])('%j gives %j', (assigneeId, expected) => {
    expect(body.parse({ assigneeId })).toEqual({ assigneeId: expected });
  });

  it('left out stays left out (unchanged on update)', () => {
    expect(body.parse({})).toEqual({});
  });

  it('refuses what names nothing, on the field', () => {
    expect(issues(body.safeParse({ assigneeId: { _id: null } }))).toEqual([['assigneeId', 'Pick someone']]);
    expect(issues(body.safeParse({ assigneeId: 'abc' }))).toEqual([['assigneeId', 'Pick someone']]);
  });
});

describe('every write body takes its references as read', () => {
  const ref = (name = 'x') => ({ _id: id, name, title: name });

  it('todos: category', () => {
    expect(todoBodySchema.parse({ title: 'T', category: ref() }).category).toBe(id);
    expect(updateTodoBodySchema.parse({ title: 'T', category: ref() }).category).toBe(id);
    expect(updateTodoBodySchema.parse({ title: 'T', category: null }).category).toBeNull();
  });

  it('the todo form keeps its category a plain id (a select holds text)', () => {
    expect(todoFormSchema.safeParse({ title: 'T', category: ref(), dueDate: '', tags: '' }).success).toBe(false);
  });

  it('projects: workspaceId, category and a member userId', () => {
    expect(createProjectBodySchema.parse({ name: 'P', workspaceId: ref(), category: ref() })).toMatchObject({ workspaceId: id, category: id });
    expect(updateProjectBodySchema.parse({ name: 'P', category: { _id: id } }).category).toBe(id);
    expect(addMemberBodySchema.parse({ userId: { _id: id, fullName: 'Ann' } })).toEqual({ userId: id, role: 'MEMBER' });
  });

  it('features: projectId', () => {
    expect(createFeatureBodySchema.parse({ title: 'F', projectId: ref() }).projectId).toBe(id);
    expect(updateFeatureBodySchema.parse({ projectId: ref() }).projectId).toBe(id);
  });

  it('tasks: categoryId, featureId, projectId, assigneeId, and a move neighbour', () => {
    const refs = { categoryId: ref(), featureId: { _id: other, title: 'F' }, projectId: ref(), assigneeId: { _id: other, fullName: 'Ann' } };
    const expected = { categoryId: id, featureId: other, projectId: id, assigneeId: other };
    expect(createTaskBodySchema.parse({ title: 'T', ...refs })).toMatchObject(expected);
    expect(updateTaskBodySchema.parse(refs)).toMatchObject(expected);
    expect(moveTaskBodySchema.parse({ afterId: { _id: id, title: 'Card' }, beforeId: null })).toMatchObject({ afterId: id, beforeId: null });
  });

  it('read-only fields that come back with a task are dropped, not refused', () => {
    const parsed = updateTaskBodySchema.parse({
      _id: id,
      createdAt: '2025-01-01T00:00:00.000Z',
      createdBy: { _id: id },
      isOverdue: true,
      abilities: { canEdit: true },
      history: [{ action: 'CREATED' }],
      role: 'ADMIN',
      attachments: [{ _id: id }],
      version: 3,
    });
    expect(Object.keys(parsed).sort()).toEqual(['attachments', 'version']);
  });
});
