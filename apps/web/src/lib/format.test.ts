import { describe, expect, it } from 'vitest';
import { formatEnum, pluralize } from './format';

describe('formatEnum', () => {
  it('turns enum values into words', () => {
    expect(formatEnum('IN_PROGRESS')).toBe('In Progress');
    expect(formatEnum('READY_FOR_RELEASE')).toBe('Ready For Release');
    expect(formatEnum('URGENT')).toBe('Urgent');
    expect(formatEnum('')).toBe('');
  });
});

describe('pluralize', () => {
  it('picks the form by count', () => {
    expect(pluralize(1, 'task')).toBe('1 task');
    expect(pluralize(0, 'task')).toBe('0 tasks');
    expect(pluralize(2, 'person', 'people')).toBe('2 people');
  });
});
