import { describe, expect, it } from 'vitest';
import { hoursTextSchema } from './common.js';
import { featureFormSchema } from './features.js';
import { taskEditFormSchema, taskFormSchema } from './tasks.js';

const categoryId = '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60';
const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('hoursTextSchema', () => {
  const hours = hoursTextSchema('Estimated hours');
  it('gives null for an empty field and whole numbers otherwise', () => {
    expect(hours.parse('')).toBeNull();
    expect(hours.parse('   ')).toBeNull();
    expect(hours.parse('0')).toBe(0);
    expect(hours.parse(' 12 ')).toBe(12);
    expect(hours.parse('10000')).toBe(10_000);
  });

  it.each(['1.5', '-1', '10001', 'abc', '1e3'])('refuses %j with the API message', (text) => {
    const result = hours.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Estimated hours must be a whole number from 0 to 10000');
  });
});

describe('featureFormSchema', () => {
  const filled = {
    title: '  Checkout ',
    description: ' Pay by card ',
    status: 'BACKLOG' as const,
    priority: 'MEDIUM' as const,
    dueDate: '',
    estimatedHours: '',
    actualHours: '',
    defaultCategoryId: '',
  };

  it('trims, and gives null for an empty due date and empty hours', () => {
    expect(featureFormSchema.parse(filled)).toEqual({
      title: 'Checkout',
      description: 'Pay by card',
      status: 'BACKLOG',
      priority: 'MEDIUM',
      dueDate: null,
      estimatedHours: null,
      actualHours: null,
      defaultCategoryId: '',
    });
    expect(featureFormSchema.parse({ ...filled, dueDate: '2025-01-05', estimatedHours: '8', actualHours: '3' })).toMatchObject({
      dueDate: '2025-01-05',
      estimatedHours: 8,
      actualHours: 3,
    });
  });

  it("asks for a title with the spec's message", () => {
    expect(messages(featureFormSchema.safeParse({ ...filled, title: '   ', actualHours: '2.5' }))).toEqual({
      title: 'Title is required',
      actualHours: 'Actual hours must be a whole number from 0 to 10000',
    });
  });
});

describe('taskFormSchema', () => {
  const filled = {
    title: ' Write tests ',
    description: '',
    status: 'TODO' as const,
    priority: 'HIGH' as const,
    categoryId,
    assigneeId: '',
    dueDate: '',
    estimatedHours: '5',
    actualHours: '',
    tags: ' api, , web ,',
    blockedReason: '',
  };

  it('turns the form into body values: tags parsed, empty assignee is nobody', () => {
    expect(taskFormSchema.parse(filled)).toEqual({
      title: 'Write tests',
      description: '',
      status: 'TODO',
      priority: 'HIGH',
      categoryId,
      assigneeId: null,
      dueDate: null,
      estimatedHours: 5,
      actualHours: null,
      tags: ['api', 'web'],
      blockedReason: '',
    });
  });

  it("asks for a title and a category with the spec's messages", () => {
    expect(messages(taskFormSchema.safeParse({ ...filled, title: '', categoryId: '' }))).toEqual({
      title: 'Title is required',
      categoryId: 'Category is required',
    });
  });

  it('says what is wrong with the tags on the field itself', () => {
    expect(messages(taskFormSchema.safeParse({ ...filled, tags: 'x'.repeat(41) }))).toEqual({ tags: 'Each tag must be at most 40 characters' });
  });

  it('edit: a task without a category may stay without one', () => {
    expect(taskEditFormSchema.parse({ ...filled, categoryId: '' }).categoryId).toBe('');
  });
});
