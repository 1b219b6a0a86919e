import type { Todo } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { toFormValues, toUpdateBody, withStatus } from './todo-body';

const todo: Todo = {
  _id: '11111111-1111-4111-8111-111111111111',
  title: 'Pay rent',
  description: 'Before the 5th',
  priority: 'HIGH',
  status: 'PENDING',
  dueDate: '2025-01-05T00:00:00.000Z',
  category: { _id: '22222222-2222-4222-8222-222222222222', name: 'Home', color: '#3B82F6', slug: 'home' },
  tags: ['money', 'monthly'],
  completedAt: null,
  isToday: true,
  recurrence: null,
  recurrenceTimeZone: null,
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
};

describe('toUpdateBody', () => {
  it('sends the full todo with the new status and the due date as a calendar day', () => {
    expect(toUpdateBody(todo, 'COMPLETED')).toEqual({
      title: 'Pay rent',
      description: 'Before the 5th',
      priority: 'HIGH',
      status: 'COMPLETED',
      dueDate: '2025-01-05',
      category: '22222222-2222-4222-8222-222222222222',
      tags: ['money', 'monthly'],
      isToday: true,
      recurrence: null,
    });
  });

  it('keeps a missing category and due date as null', () => {
    expect(toUpdateBody({ ...todo, category: null, dueDate: null })).toMatchObject({ category: null, dueDate: null, status: 'PENDING' });
  });
});

describe('toFormValues', () => {
  it('prefills the form from a todo, tags as comma-separated text', () => {
    expect(toFormValues(todo)).toEqual({
      title: 'Pay rent',
      description: 'Before the 5th',
      status: 'PENDING',
      priority: 'HIGH',
      dueDate: '2025-01-05',
      category: '22222222-2222-4222-8222-222222222222',
      tags: 'money, monthly',
      isToday: true,
      recurrence: null,
    });
  });

  it('starts a new todo as pending, medium, without a category', () => {
    expect(toFormValues(null)).toMatchObject({ title: '', status: 'PENDING', priority: 'MEDIUM', category: '', dueDate: '', tags: '' });
  });
});

describe('withStatus', () => {
  const now = new Date('2025-02-01T08:00:00.000Z');

  it('sets completedAt when a todo becomes completed and clears it when it leaves', () => {
    const completed = withStatus(todo, 'COMPLETED', now);
    expect(completed).toMatchObject({ status: 'COMPLETED', completedAt: '2025-02-01T08:00:00.000Z' });
    expect(withStatus(completed, 'PENDING', now)).toMatchObject({ status: 'PENDING', completedAt: null });
  });

  it('leaves a todo whose status does not change as it is', () => {
    expect(withStatus(todo, 'PENDING', now)).toBe(todo);
  });
});
