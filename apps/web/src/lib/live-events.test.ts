import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { parseLiveEvent } from './live-connection';
import { MAX_DEFERRAL_MS, applyLiveEvents, applyLiveReset } from './live-events';
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

describe('applyLiveEvents while this tab has a change pending', () => {
  /** Starts a change the way a mutation hook does; it settles when `settle` is called. */
  function pendingChange(client: QueryClient) {
    let settle!: (outcome: 'ok' | 'refused') => void;
    const outcome = new Promise<'ok' | 'refused'>((resolve) => (settle = resolve));
    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => {
        if ((await outcome) === 'refused') throw new Error('refused');
        return 'saved';
      },
      retry: false,
    });
    const done = mutation.execute(undefined).catch(() => undefined);
    return { settle, done };
  }

  it('waits for the change to settle before anything goes stale, then marks what the events touch', async () => {
    const { client, stale } = filledCache();
    const change = pendingChange(client);
    const applied = applyLiveEvents(client, [event('todo.updated', { projectId: null, featureId: null, taskId: null })], 'me');
    const reset = applyLiveReset(client);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A refetch now would put the server's old list over the change the screen shows.
    expect(stale()).toEqual([]);
    change.settle('refused');
    await change.done;
    await Promise.all([applied, reset]);
    // The reset that also waited marks everything but the session.
    expect(stale()).toEqual(expect.arrayContaining(['today', 'todoPages', 'todos', 'task', 'board']));
    expect(stale()).not.toContain('me');
  });

  it('applies at once when nothing is pending, and gives up waiting on a change that never settles', async () => {
    vi.useFakeTimers();
    try {
      const idle = filledCache();
      await applyLiveEvents(idle.client, [event('comment.created', { entityId: 'comment-1' })], 'me');
      expect(idle.stale()).toEqual(['comments']);

      const { client, stale } = filledCache();
      pendingChange(client);
      const applied = applyLiveEvents(client, [event('comment.created', { entityId: 'comment-1' })], 'me');
      await vi.advanceTimersByTimeAsync(MAX_DEFERRAL_MS - 1);
      expect(stale()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await applied;
      expect(stale()).toEqual(['comments']);
    } finally {
      vi.useRealTimers();
    }
  });
});
