import { taskEditFormSchema, taskFormSchema, type Task } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { taskFormDefaults, toCreateTaskBody, toUpdateTaskBody } from './task-form';

const ids = {
  feature: '11111111-1111-4111-8111-111111111111',
  project: '22222222-2222-4222-8222-222222222222',
  category: '33333333-3333-4333-8333-333333333333',
  otherCategory: '44444444-4444-4444-8444-444444444444',
  grace: '55555555-5555-4555-8555-555555555555',
};

const task: Task = {
  _id: 't1',
  number: 1,
  key: 'WT-1',
  title: 'Write tests',
  description: 'All of them',
  status: 'IN_PROGRESS',
  priority: 'HIGH',
  assigneeId: { _id: ids.grace, fullName: 'Grace Hopper', username: 'grace', email: 'g@example.com', avatar: null },
  dueDate: '2025-01-05T00:00:00.000Z',
  estimatedHours: 8,
  actualHours: null,
  categoryId: { _id: ids.category, name: 'Engineering', color: '#3B82F6' },
  tags: ['api', 'web'],
  attachments: [],
  featureId: { _id: ids.feature, title: 'Checkout' },
  projectId: { _id: ids.project, name: 'Shop' },
  createdBy: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  isOverdue: false,
  blockedReason: null,
  version: 4,
  abilities: { canEdit: true, canDelete: false, canComment: true },
  blockedBy: [],
  parentTaskId: null,
  parentTask: null,
  subtasks: { total: 0, completed: 0 },
};

describe('toCreateTaskBody', () => {
  it('sends the filled fields and leaves the empty ones out', () => {
    const data = taskFormSchema.parse({ ...taskFormDefaults(), title: ' New ', categoryId: ids.category, tags: 'a, , b' });
    expect(toCreateTaskBody(data, { featureId: ids.feature, projectId: ids.project })).toEqual({
      title: 'New',
      description: '',
      status: 'TODO',
      priority: 'MEDIUM',
      categoryId: ids.category,
      tags: ['a', 'b'],
      featureId: ids.feature,
      projectId: ids.project,
    });
  });

  it('sends hours as a whole number, the assignee, the due date, and a reason only when BLOCKED', () => {
    const filled = { ...taskFormDefaults(), title: 'T', categoryId: ids.category, assigneeId: ids.grace, dueDate: '2025-02-01', estimatedHours: '5', blockedReason: 'Why' };
    expect(toCreateTaskBody(taskFormSchema.parse(filled), { featureId: ids.feature, projectId: ids.project })).toMatchObject({
      assigneeId: ids.grace,
      dueDate: '2025-02-01',
      estimatedHours: 5,
    });
    expect(toCreateTaskBody(taskFormSchema.parse(filled), { featureId: ids.feature, projectId: ids.project })).not.toHaveProperty('blockedReason');
    expect(toCreateTaskBody(taskFormSchema.parse({ ...filled, status: 'BLOCKED' }), { featureId: ids.feature, projectId: ids.project })).toMatchObject({
      status: 'BLOCKED',
      blockedReason: 'Why',
    });
  });
});

describe('toUpdateTaskBody', () => {
  const edit = (changes: Partial<ReturnType<typeof taskFormDefaults>>) => taskEditFormSchema.parse({ ...taskFormDefaults(task), ...changes });

  it('is null when nothing changed', () => {
    expect(toUpdateTaskBody(edit({}), task)).toBeNull();
    expect(toUpdateTaskBody(edit({ tags: 'api,web ', title: ' Write tests ' }), task)).toBeNull();
  });

  it('sends only what changed, with the version read', () => {
    expect(toUpdateTaskBody(edit({ status: 'COMPLETED', actualHours: '6' }), task)).toEqual({ status: 'COMPLETED', actualHours: 6, version: 4 });
  });

  it('clears hours, the due date and the assignee with null', () => {
    expect(toUpdateTaskBody(edit({ estimatedHours: '', dueDate: '', assigneeId: '' }), task)).toEqual({
      estimatedHours: null,
      dueDate: null,
      assigneeId: null,
      version: 4,
    });
  });

  it('sends a new category, new tags and a new description', () => {
    expect(toUpdateTaskBody(edit({ categoryId: ids.otherCategory, tags: 'web', description: '' }), task)).toEqual({
      categoryId: ids.otherCategory,
      tags: ['web'],
      description: '',
      version: 4,
    });
  });

  it('sends the blocked reason only with the BLOCKED status', () => {
    expect(toUpdateTaskBody(edit({ blockedReason: 'Ignored' }), task)).toBeNull();
    expect(toUpdateTaskBody(edit({ status: 'BLOCKED', blockedReason: ' Waiting ' }), task)).toEqual({
      status: 'BLOCKED',
      blockedReason: 'Waiting',
      version: 4,
    });
    const blocked = { ...task, status: 'BLOCKED' as const, blockedReason: 'Waiting' };
    expect(toUpdateTaskBody(taskEditFormSchema.parse({ ...taskFormDefaults(blocked), blockedReason: '' }), blocked)).toEqual({
      blockedReason: null,
      version: 4,
    });
  });

  it('keeps a task without a category without one', () => {
    const uncategorised = { ...task, categoryId: null };
    expect(toUpdateTaskBody(taskEditFormSchema.parse(taskFormDefaults(uncategorised)), uncategorised)).toBeNull();
  });
});
