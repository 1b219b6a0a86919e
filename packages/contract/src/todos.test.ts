import { describe, expect, it } from 'vitest';
import { tagsSchema } from './common.js';
import { listTodosQuerySchema, todoBodySchema, updateTodoBodySchema } from './todos.js';

const categoryId = '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60';

function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  const issue = result.error!.issues[0]!;
  return { field: issue.path.map(String).join('.'), message: issue.message };
}

describe('todoBodySchema', () => {
  it('applies the defaults and trims the title', () => {
    expect(todoBodySchema.parse({ title: '  Buy milk ', category: categoryId })).toEqual({
      title: 'Buy milk',
      description: '',
      priority: 'MEDIUM',
      status: 'PENDING',
      dueDate: null,
      category: categoryId,
      tags: [],
      isToday: false,
      recurrence: null,
    });
  });

  it('drops a client completedAt', () => {
    const parsed = todoBodySchema.parse({ title: 'T', category: categoryId, completedAt: '2000-01-01T00:00:00Z' });
    expect(parsed).not.toHaveProperty('completedAt');
  });

  it.each([
    [{ category: categoryId }, 'title', 'Title is required'],
    [{ title: '', category: categoryId }, 'title', 'Title is required'],
    [{ title: '   ', category: categoryId }, 'title', 'Title is required'],
    [{ title: 'T' }, 'category', 'Please select a category'],
    [{ title: 'T', category: '' }, 'category', 'Please select a category'],
    [{ title: 'T', category: 'work' }, 'category', 'Please select a category'],
    [{ title: 'T', category: null }, 'category', 'Please select a category'],
    [{ title: 'T', category: categoryId, tags: [''] }, 'tags.0', 'Tags cannot be empty'],
    [{ title: 'T', category: categoryId, tags: ['a', '  '] }, 'tags.1', 'Tags cannot be empty'],
    [{ title: 'T', category: categoryId, status: 'DONE' }, 'status', 'Status must be one of PENDING, IN_PROGRESS, COMPLETED, CANCELLED'],
    [{ title: 'T', category: categoryId, priority: 'low' }, 'priority', 'Priority must be one of LOW, MEDIUM, HIGH, URGENT'],
    [{ title: 'T', category: categoryId, isToday: 'true' }, 'isToday', 'isToday must be true or false'],
  ])('%j → %s: %s', (body, field, message) => {
    expect(firstIssue(todoBodySchema.safeParse(body))).toEqual({ field, message });
  });

  it('title: 200 characters pass, 201 do not', () => {
    expect(todoBodySchema.safeParse({ title: 't'.repeat(200), category: categoryId }).success).toBe(true);
    expect(firstIssue(todoBodySchema.safeParse({ title: 't'.repeat(201), category: categoryId })).field).toBe('title');
  });

  it.each([
    ['2025-01-31', '2025-01-31'],
    ['2025-01-31T00:00:00.000Z', '2025-01-31'],
    ['2025-01-31T18:45:00Z', '2025-01-31'],
    [null, null],
    [undefined, null],
  ])('dueDate %j parses to %j', (dueDate, expected) => {
    expect(todoBodySchema.parse({ title: 'T', category: categoryId, dueDate }).dueDate).toBe(expected);
  });

  it.each(['tomorrow', '', '2025-13-01', '2025-01-32', '01/31/2025', '2025-02-30', '2025-02-30T00:00:00Z'])(
    'rejects dueDate %j',
    (dueDate) => {
      expect(firstIssue(todoBodySchema.safeParse({ title: 'T', category: categoryId, dueDate })).field).toBe('dueDate');
    },
  );

  it('rejects a timestamp whose UTC date falls past 9999-12-31 (no date column holds year 10000)', () => {
    expect(firstIssue(todoBodySchema.safeParse({ title: 'T', category: categoryId, dueDate: '9999-12-31T23:00:00-05:00' })).field).toBe(
      'dueDate',
    );
  });

  it('uses the UTC date of a timestamp with an offset', () => {
    expect(todoBodySchema.parse({ title: 'T', category: categoryId, dueDate: '2025-03-04T23:30:00-05:00' }).dueDate).toBe(
      '2025-03-05',
    );
  });

  it('the messages of the length limits', () => {
    expect(firstIssue(todoBodySchema.safeParse({ title: 't'.repeat(201), category: categoryId })).message).toBe(
      'Title must be at most 200 characters',
    );
    expect(
      firstIssue(todoBodySchema.safeParse({ title: 'T', category: categoryId, description: 'd'.repeat(2001) })).message,
    ).toBe('Description must be at most 2000 characters');
  });

  it('description null becomes empty and is trimmed', () => {
    expect(todoBodySchema.parse({ title: 'T', category: categoryId, description: null }).description).toBe('');
    expect(todoBodySchema.parse({ title: 'T', category: categoryId, description: ' d ' }).description).toBe('d');
  });
});

describe('tagsSchema', () => {
  it('trims tags', () => {
    expect(tagsSchema.parse([' a ', 'b'])).toEqual(['a', 'b']);
  });

  it('allows 40 characters per tag, not 41', () => {
    expect(tagsSchema.safeParse(['a'.repeat(40)]).success).toBe(true);
    expect(firstIssue(tagsSchema.safeParse(['a'.repeat(41)])).message).toBe('Each tag must be at most 40 characters');
  });

  it('allows 20 tags, not 21', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect(tagsSchema.safeParse(twenty).success).toBe(true);
    expect(firstIssue(tagsSchema.safeParse([...twenty, 'x'])).message).toBe('At most 20 tags');
  });

  it('rejects non-lists and non-text tags', () => {
    expect(tagsSchema.safeParse('a, b').success).toBe(false);
    expect(tagsSchema.safeParse([1]).success).toBe(false);
  });
});

describe('updateTodoBodySchema', () => {
  it('allows a null category (for a todo whose category was deleted)', () => {
    expect(updateTodoBodySchema.parse({ title: 'T', category: null }).category).toBeNull();
  });

  it('still requires a category field and a UUID when one is given', () => {
    expect(firstIssue(updateTodoBodySchema.safeParse({ title: 'T' })).message).toBe('Please select a category');
    expect(firstIssue(updateTodoBodySchema.safeParse({ title: 'T', category: 'x' })).message).toBe(
      'Please select a category',
    );
  });
});

describe('listTodosQuerySchema', () => {
  it('parses every filter', () => {
    expect(
      listTodosQuerySchema.parse({
        status: 'COMPLETED',
        priority: 'HIGH',
        category: categoryId,
        isToday: 'true',
        date: 'other',
        today: '2025-06-15',
      }),
    ).toEqual({ status: 'COMPLETED', priority: 'HIGH', category: categoryId, isToday: true, date: 'other', today: '2025-06-15' });
    expect(listTodosQuerySchema.parse({ isToday: 'false' })).toEqual({ isToday: false });
    expect(listTodosQuerySchema.parse({})).toEqual({});
  });

  it.each([
    { status: 'DONE' },
    { priority: 'low' },
    { category: 'x' },
    { isToday: 'yes' },
    { isToday: '1' },
    { date: 'tomorrow' },
    { today: 'garbage' },
    { today: '2025-02-30' },
  ])('rejects %j', (query) => {
    expect(listTodosQuerySchema.safeParse(query).success).toBe(false);
  });
});
