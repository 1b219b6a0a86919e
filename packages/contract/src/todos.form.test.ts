import { describe, expect, it } from 'vitest';
import { todoFormSchema } from './todos.js';

const categoryId = '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60';
const filled = {
  title: '  Water the plants ',
  description: '',
  status: 'PENDING' as const,
  priority: 'HIGH' as const,
  dueDate: '',
  category: categoryId,
  tags: '',
  isToday: false,
};

describe('todoFormSchema', () => {
  it('turns the form into the request body', () => {
    expect(todoFormSchema.parse({ ...filled, dueDate: '2025-01-05', tags: ' home , , garden,  ', isToday: true })).toEqual({
      title: 'Water the plants',
      description: '',
      status: 'PENDING',
      priority: 'HIGH',
      dueDate: '2025-01-05',
      category: categoryId,
      tags: ['home', 'garden'],
      isToday: true,
      recurrence: null,
    });
  });

  it('sends no due date and no tags when the fields are empty', () => {
    expect(todoFormSchema.parse(filled)).toMatchObject({ dueDate: null, tags: [] });
  });

  it("asks for a category and a title with the spec's messages", () => {
    const result = todoFormSchema.safeParse({ ...filled, title: '   ', category: '' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toMatchObject({ title: 'Title is required', category: 'Please select a category' });
  });

  it('refuses an impossible date, an over-long tag and too many tags', () => {
    const result = todoFormSchema.safeParse({ ...filled, dueDate: '2025-02-30', tags: `ok, ${'x'.repeat(41)}` });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual(['dueDate: Invalid date', 'tags: Each tag must be at most 40 characters']);
    const many = Array.from({ length: 21 }, (_, index) => `t${index}`).join(',');
    expect(todoFormSchema.safeParse({ ...filled, tags: many }).error?.issues[0]).toMatchObject({ path: ['tags'], message: 'At most 20 tags' });
  });
});
