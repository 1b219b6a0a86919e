import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { todoResponseSchema } from '../todos.js';
import { type BodyInputOf, type ParamsInputOf, type ResponseOf } from './define.js';
import { allOperations, operations, type Operations } from './operations.js';
import { buildPath, buildQueryString, operationRoutes, type PathParams } from './routes.js';

describe('the operation contract', () => {
  it('gives every route its schemas, under the same name, method and path', () => {
    const routes = Object.entries(operationRoutes).flatMap(([group, entries]) =>
      Object.entries(entries).map(([name, route]) => `${group}.${name} ${route.method} ${route.path}`),
    );
    expect(allOperations.map((operation) => `${operation.name} ${operation.method} ${operation.path}`)).toEqual(routes);
  });

  it('has one operation per method and path', () => {
    const keys = allOperations.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("declares a params schema exactly when the path has params, with the path's names", () => {
    for (const operation of allOperations) {
      const names = [...operation.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]).sort();
      const shape = operation.params ? Object.keys((operation.params as z.ZodObject).shape).sort() : [];
      expect(shape, operation.name).toEqual(names);
    }
  });

  it('documents each operation and answers each with JSON or a declared raw body', () => {
    for (const operation of allOperations) {
      expect(operation.summary, operation.name).not.toBe('');
      expect(operation.tags.length, operation.name).toBeGreaterThan(0);
      const hasJsonSuccess = Object.keys(operation.responses).some((status) => Number(status) < 300);
      expect(hasJsonSuccess || operation.rawResponse !== undefined, operation.name).toBe(true);
    }
  });

  it('types params, bodies and answers from the schemas', () => {
    expectTypeOf<ParamsInputOf<Operations['todos']['update']>>().toEqualTypeOf<{ todoId: string }>();
    expectTypeOf<BodyInputOf<Operations['categories']['create']>>().toHaveProperty('name');
    expectTypeOf<ResponseOf<Operations['todos']['update']>>().toEqualTypeOf<z.output<typeof todoResponseSchema>>();
    expectTypeOf<PathParams<'/api/v1/tasks/:taskId/attachments/:attachmentId'>>().toEqualTypeOf<
      { taskId: string } & { attachmentId: string }
    >();
    expect(operations.todos.update.name).toBe('todos.update');
  });
});

describe('buildPath', () => {
  it('fills in each param, URI-encoded', () => {
    expect(buildPath(operationRoutes.members.remove.path, { projectId: 'p/1', userId: 'a b?' })).toBe('/api/v1/projects/p%2F1/members/a%20b%3F');
    expect(buildPath(operationRoutes.todos.list.path)).toBe('/api/v1/todos');
  });

  it('refuses a missing param rather than call /undefined', () => {
    expect(() => buildPath(operationRoutes.tasks.get.path, {})).toThrow(/taskId/);
  });
});

describe('buildQueryString', () => {
  it('leaves out empty values and repeats arrays', () => {
    expect(buildQueryString({ search: 'a&b c', status: '', priority: undefined, page: 2, tag: ['x', 'y'] })).toBe('?search=a%26b+c&page=2&tag=x&tag=y');
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });
});
