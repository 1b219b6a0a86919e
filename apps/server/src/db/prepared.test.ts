import { describe, expect, it } from 'vitest';
import { saveShapeOf } from '../modules/tasks/tasks.write.repo.js';
import type { Db } from './client.js';
import { preparedStatements } from './prepared.js';

describe('preparedStatements', () => {
  const databases = [{}, {}] as unknown as [Db, Db];

  it('builds each key once per database', () => {
    const builds: string[] = [];
    const statement = preparedStatements((_db, key: string) => {
      builds.push(key);
      return { key };
    });
    expect(statement(databases[0], 'a')).toBe(statement(databases[0], 'a'));
    expect(statement(databases[1], 'a')).not.toBe(statement(databases[0], 'a'));
    statement(databases[0], 'b');
    expect(builds).toEqual(['a', 'a', 'b']);
  });

  it('past `keep` keys, builds a new key for each run and keeps the ones it has', () => {
    const builds: string[] = [];
    const statement = preparedStatements(
      (_db, key: string) => {
        builds.push(key);
        return { key };
      },
      { keep: 2 },
    );
    const first = statement(databases[0], 'a');
    statement(databases[0], 'b');
    statement(databases[0], 'c');
    statement(databases[0], 'c');
    expect(statement(databases[0], 'a')).toBe(first);
    expect(builds).toEqual(['a', 'b', 'c', 'c']);
  });
});

describe('saveShapeOf', () => {
  it('names the columns a save sets, sorted, marking those set to null', () => {
    expect(saveShapeOf({ status: 'IN_PROGRESS', blockedReason: null })).toBe('blockedReason:null,status');
    expect(saveShapeOf({ title: 'T', dueDate: undefined, assigneeId: null, tags: [] })).toBe('assigneeId:null,tags,title');
    expect(saveShapeOf({})).toBe('');
  });

  it('gives saves of the same columns the same shape, whatever their values', () => {
    expect(saveShapeOf({ status: 'TODO', priority: 'HIGH' })).toBe(saveShapeOf({ priority: 'LOW', status: 'COMPLETED' }));
  });
});
