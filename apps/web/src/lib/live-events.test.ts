import { describe, expect, it } from 'vitest';
import { parseLiveEvent } from './live-connection';
import { applyLiveEvents } from './live-events';
import { queryKeys } from './query-keys';
import { filledCache, ids, liveEvent as event } from './testing/cached-answers';

const { F, T } = ids;

describe('applyLiveEvents', () => {
  it("a task edit makes its lists, board, detail (one key, whichever route opened it), attachments, its feature's other held tasks (a parent's progress), project numbers, /tasks and My day stale, nothing else", async () => {
    const { client, stale } = filledCache();
    await applyLiveEvents(client, [event('task.updated')], 'me');
    expect(stale()).toEqual(['assigned', 'attachments', 'board', 'myProjects', 'otherTask', 'project', 'task', 'tasks', 'today'].sort());
  });

  it("a comment makes only that task's comments stale", async () => {
    const { client, stale } = filledCache();
    await applyLiveEvents(client, [event('comment.created', { entityId: 'comment-1' })], 'me');
    expect(stale()).toEqual(['comments']);
  });

  it("a todo touches only the todo lists and My day; a feature edit its lists, itself, its tasks' answers (which name it) and /tasks, not the board", async () => {
    const todo = filledCache();
    await applyLiveEvents(todo.client, [event('todo.updated', { projectId: null, featureId: null, taskId: null })], 'me');
    expect(todo.stale()).toEqual(['today', 'todoPages', 'todos']);
    const feature = filledCache();
    await applyLiveEvents(feature.client, [event('feature.updated', { entityId: F, taskId: null })], 'me');
    expect(feature.stale()).toEqual(['assigned', 'attachments', 'feature', 'features', 'otherTask', 'task', 'tasks']);
  });

  it("someone else's membership leaves the workspaces alone; one's own refreshes them", async () => {
    const theirs = filledCache();
    await applyLiveEvents(theirs.client, [event('member.added', { userId: 'them', taskId: null, featureId: null })], 'me');
    expect(theirs.stale()).not.toContain('workspaces');
    expect(theirs.stale()).toContain('project');
    // A colleague joined or left: the people the caller works with changed; a lookup did not.
    expect(theirs.stale()).toContain('users');
    expect(theirs.stale()).not.toContain('lookup');
    const mine = filledCache();
    await applyLiveEvents(mine.client, [event('member.added', { userId: 'me', taskId: null, featureId: null })], 'me');
    expect(mine.stale()).toEqual(expect.arrayContaining(['workspaces', 'assigned', 'project', 'myProjects']));
  });

  it('a task moved to another feature by someone else: the feature it left (as last seen here) refreshes too', async () => {
    const { client, stale } = filledCache();
    // This tab last saw the task in feature-0; the event names the feature it is in now.
    client.setQueryData(queryKeys.task(T), { projectId: { _id: ids.P }, featureId: { _id: 'feature-0' } });
    const formerList = queryKeys.taskList(ids.P, 'feature-0', { page: '1' });
    const formerBoard = queryKeys.taskBoard(ids.P, 'feature-0');
    client.setQueryData(formerList, {});
    client.setQueryData(formerBoard, {});
    await applyLiveEvents(client, [event('task.updated')], 'me');
    expect(client.getQueryState(formerList)?.isInvalidated).toBe(true);
    expect(client.getQueryState(formerBoard)?.isInvalidated).toBe(true);
    expect(stale()).toEqual(expect.arrayContaining(['tasks', 'board', 'task']));
    expect(stale()).not.toContain('otherFeatureTasks');
  });
});

describe('parseLiveEvent', () => {
  it('reads an event and refuses what is not one', () => {
    expect(parseLiveEvent(JSON.stringify(event('task.moved')))).toMatchObject({ type: 'task.moved', entityId: T });
    expect(parseLiveEvent('not json')).toBeUndefined();
    expect(parseLiveEvent(JSON.stringify({ id: 1, type: 'task.moved' }))).toBeUndefined();
  });
});
