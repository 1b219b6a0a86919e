import { describe, expect, it } from 'vitest';
import { createCategoryBodySchema, listCategoriesQuerySchema, slugPattern } from './categories.js';
import { slugify } from './rules/slugify.js';

function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  const issue = result.error!.issues[0]!;
  return { field: issue.path.map(String).join('.'), message: issue.message };
}

describe('createCategoryBodySchema', () => {
  it('trims the name and defaults type TODO and colour #3B82F6', () => {
    expect(createCategoryBodySchema.parse({ name: '  Work  ', slug: 'work' })).toEqual({
      name: 'Work',
      slug: 'work',
      type: 'TODO',
      color: '#3B82F6',
    });
  });

  it('keeps a given type, colour and null workspaceId', () => {
    expect(
      createCategoryBodySchema.parse({ name: 'B', slug: 'b', type: 'BLOG', color: '#10b981', workspaceId: null }),
    ).toMatchObject({ type: 'BLOG', color: '#10b981', workspaceId: null });
  });

  it.each([
    [{ slug: 'x' }, 'name', 'Name is required'],
    [{ name: '', slug: 'x' }, 'name', 'Name is required'],
    [{ name: '   ', slug: 'x' }, 'name', 'Name is required'],
    [{ name: 'X' }, 'slug', 'Slug is required'],
    [{ name: 'X', slug: '' }, 'slug', 'Slug is required'],
    [{ name: 'X', slug: '   ' }, 'slug', 'Slug is required'],
    [{ name: null, slug: 'x' }, 'name', 'Name is required'],
    [{ name: 'X', slug: null }, 'slug', 'Slug is required'],
    [{ name: 'n'.repeat(51), slug: 'x' }, 'name', 'Name must be at most 50 characters'],
  ])('%j → %s: %s', (body, field, message) => {
    expect(firstIssue(createCategoryBodySchema.safeParse(body))).toEqual({ field, message });
  });

  it('allows a 50-character name, not 51', () => {
    expect(createCategoryBodySchema.safeParse({ name: 'n'.repeat(50), slug: 'x' }).success).toBe(true);
    expect(firstIssue(createCategoryBodySchema.safeParse({ name: 'n'.repeat(51), slug: 'x' })).field).toBe('name');
  });

  it.each(['Work', 'a--b', '-a', 'a-', 'a b', 'a_b', 'é'])('rejects slug %j', (slug) => {
    expect(firstIssue(createCategoryBodySchema.safeParse({ name: 'X', slug })).field).toBe('slug');
  });

  it.each(['red', '#FFF', '#GGGGGG', '3B82F6'])('rejects colour %j', (color) => {
    expect(firstIssue(createCategoryBodySchema.safeParse({ name: 'X', slug: 'x', color })).field).toBe('color');
  });

  it.each(['todo', 'OTHER'])('rejects type %j', (type) => {
    expect(firstIssue(createCategoryBodySchema.safeParse({ name: 'X', slug: 'x', type }))).toEqual({
      field: 'type',
      message: 'Type must be one of TASK, PROJECT, BLOG, TODO',
    });
  });

  it.each(['abc', '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60'])('rejects workspaceId %j', (workspaceId) => {
    expect(firstIssue(createCategoryBodySchema.safeParse({ name: 'X', slug: 'x', workspaceId })).field).toBe(
      'workspaceId',
    );
  });
  it('leaves workspaceId out when it is absent', () => {
    expect(createCategoryBodySchema.parse({ name: 'X', slug: 'x' })).not.toHaveProperty('workspaceId');
  });
});

describe('slugPattern', () => {
  it('matches what slugify makes from ordinary names', () => {
    for (const name of ['Home chores', '  Work -- Stuff  ', 'Q3_plans 2025', 'Read & write!']) {
      const slug = slugify(name);
      expect(slug, name).toMatch(slugPattern);
    }
  });

  it('is the form of the generator: a slug is accepted exactly when slugify leaves it unchanged', () => {
    for (const slug of ['a', 'work', 'home-chores', 'q3-2025', 'a-b-c']) {
      expect(slugify(slug)).toBe(slug);
      expect(slug).toMatch(slugPattern);
    }
    for (const slug of ['Work', 'a--b', '-a', 'a-', 'a b', 'a_b']) {
      expect(slugify(slug)).not.toBe(slug);
      expect(slug).not.toMatch(slugPattern);
    }
    // slugify('') is '', but an empty slug is refused ('Slug is required').
    expect('').not.toMatch(slugPattern);
  });
});

describe('listCategoriesQuerySchema', () => {
  it.each(['TODO', 'TASK', 'PROJECT', 'BLOG'])('accepts type=%s', (type) => {
    expect(listCategoriesQuerySchema.parse({ type })).toEqual({ type });
  });

  it('accepts no type and rejects an unknown one', () => {
    expect(listCategoriesQuerySchema.parse({})).toEqual({});
    expect(listCategoriesQuerySchema.safeParse({ type: 'todo' }).success).toBe(false);
  });
});
