import { describe, expect, it } from 'vitest';
import { findCategoryByName, parseQuickAdd } from './quick-add';

// Thursday 5 March 2026, 22:30 UTC: already Friday 6 March in Tokyo, still the 5th in New York.
const NOW = new Date('2026-03-05T22:30:00Z');

describe('parseQuickAdd', () => {
  it('reads the issue\'s example: date, priority, tag and category, the rest the title', () => {
    expect(parseQuickAdd('Pay rent tomorrow 5pm !high #home @Personal', NOW, 'UTC')).toEqual({
      title: 'Pay rent',
      dueDate: '2026-03-06',
      dueText: 'tomorrow 5pm',
      priority: 'HIGH',
      tags: ['home'],
      category: 'Personal',
    });
  });

  it("takes the day in the person's time zone", () => {
    expect(parseQuickAdd('Pay rent tomorrow', NOW, 'Asia/Tokyo').dueDate).toBe('2026-03-07');
    expect(parseQuickAdd('Pay rent tomorrow', NOW, 'America/New_York').dueDate).toBe('2026-03-06');
    expect(parseQuickAdd('Pay rent today', NOW, 'Asia/Tokyo').dueDate).toBe('2026-03-06');
    expect(parseQuickAdd('Pay rent today', NOW, 'America/New_York').dueDate).toBe('2026-03-05');
    // A time says which day when it is relative: three hours from 23:30 in Paris is tomorrow.
    expect(parseQuickAdd('Call mom in 3 hours', NOW, 'Europe/Paris').dueDate).toBe('2026-03-06');
    expect(parseQuickAdd('Call mom in 3 hours', NOW, 'America/New_York').dueDate).toBe('2026-03-05');
  });

  it('reads dates ahead of now, and drops the word that led to them', () => {
    expect(parseQuickAdd('Review next friday', NOW, 'UTC')).toMatchObject({ title: 'Review', dueDate: '2026-03-13' });
    expect(parseQuickAdd('Dentist on March 3', NOW, 'UTC')).toMatchObject({ title: 'Dentist', dueDate: '2027-03-03' });
    expect(parseQuickAdd('Report due in 2 days', NOW, 'UTC')).toMatchObject({ title: 'Report', dueDate: '2026-03-07' });
    expect(parseQuickAdd('Gym at 7am', NOW, 'UTC')).toMatchObject({ title: 'Gym', dueDate: '2026-03-06' });
  });

  it('reads every priority in any case, the last one winning, and leaves what is none', () => {
    expect(parseQuickAdd('a !low', NOW, 'UTC').priority).toBe('LOW');
    expect(parseQuickAdd('a !Medium', NOW, 'UTC').priority).toBe('MEDIUM');
    expect(parseQuickAdd('a !med', NOW, 'UTC').priority).toBe('MEDIUM');
    expect(parseQuickAdd('!URGENT a', NOW, 'UTC')).toMatchObject({ priority: 'URGENT', title: 'a' });
    expect(parseQuickAdd('a !low !high', NOW, 'UTC').priority).toBe('HIGH');
    expect(parseQuickAdd('Wow! it works !soon', NOW, 'UTC')).toMatchObject({ priority: null, title: 'Wow! it works !soon' });
  });

  it('collects tags once each, and leaves a # inside a word', () => {
    expect(parseQuickAdd('Learn C# #study #dev #study', NOW, 'UTC')).toMatchObject({ title: 'Learn C#', tags: ['study', 'dev'] });
  });

  it('reads a category by a word or in quotes, the last one winning', () => {
    expect(parseQuickAdd('Plan @"Side project" trip', NOW, 'UTC')).toMatchObject({ title: 'Plan trip', category: 'Side project' });
    expect(parseQuickAdd("Plan @'Side project'", NOW, 'UTC').category).toBe('Side project');
    expect(parseQuickAdd('Plan @Work @Home', NOW, 'UTC').category).toBe('Home');
    expect(parseQuickAdd('Mail me@example.com', NOW, 'UTC')).toMatchObject({ title: 'Mail me@example.com', category: null });
  });

  it('keeps a line without markers as its title, spaces tidied', () => {
    expect(parseQuickAdd('  Buy   milk  ', NOW, 'UTC')).toEqual({ title: 'Buy milk', dueDate: null, dueText: null, priority: null, tags: [], category: null });
  });

  it('may leave no title', () => {
    expect(parseQuickAdd('tomorrow !high', NOW, 'UTC')).toMatchObject({ title: '', dueDate: '2026-03-06', priority: 'HIGH' });
  });
});

describe('findCategoryByName', () => {
  const categories = [
    { _id: '1', name: 'Personal', slug: 'personal' },
    { _id: '2', name: 'Side project', slug: 'side-project' },
  ];
  it('finds by name in any case, else by slug', () => {
    expect(findCategoryByName(categories, 'personal')?._id).toBe('1');
    expect(findCategoryByName(categories, 'SIDE PROJECT')?._id).toBe('2');
    expect(findCategoryByName(categories, 'side-project')?._id).toBe('2');
    expect(findCategoryByName(categories, 'Work')).toBeUndefined();
  });
});
