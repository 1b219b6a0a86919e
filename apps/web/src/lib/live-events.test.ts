import { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { parseLiveEvent } from './live-connection';
import { applyLiveEvents } from './live-events';
import { queryKeys } from './query-keys';

const P = 'project-1';
const F = 'feature-1';
const T = 'task-1';

function event(type: LiveEvent['type'], extra: Partial<LiveEvent> = {}): LiveEvent {
  return {
    id: '7',
    type,
    entityId: T,
    projectId: P,
    workspaceId: 'workspace-1',
    featureId: F,
    taskId: T,
    userId: null,
    version: 2,
    actorId: 'someone',
    origin: null,
    at: '2026-11-23T06:00:00.000Z',
    ...extra,
  };
}

/** A cache holding one answer under each key the screens use, every one fresh. */
function filledCache() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const keys = {
    todos: ['todos', 'list', {}],
    categories: queryKeys.taskCategories(),
    workspaces: queryKeys.workspaces(),
    project: queryKeys.project(P),
    otherProject: queryKeys.project('project-2'),
    features: queryKeys.featureList(P, {}),
    feature: queryKeys.feature(P, F),
    tasks: queryKeys.taskList(P, F, { page: '1' }),
    otherFeatureTasks: queryKeys.taskList(P, 'feature-2', { page: '1' }),
    board: queryKeys.taskBoard(P, F),
    task: queryKeys.task(P, F, T),
    taskUnderOldFeature: queryKeys.task(P, 'feature-0', T),
    otherTask: queryKeys.task(P, F, 'task-2'),
    attachments: queryKeys.taskAttachments(P, F, T),
    comments: queryKeys.comments(T),
    otherComments: queryKeys.comments('task-2'),
    assigned: queryKeys.assignedTasks(),
    myProjects: queryKeys.myProjects(),
    users: queryKeys.sharedUsers(),
    lookup: queryKeys.userLookup({ email: 'someone@example.com' }),
  } as const;
  for (const key of Object.values(keys)) client.setQueryData(key, { cached: true });
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, stale };
}

describe('applyLiveEvents', () => {
  it('a task edit makes its lists, board, detail (under any feature route), attachments, project numbers and /tasks stale, nothing else', async () => {
    const { client, stale } = filledCache();
    await applyLiveEvents(client, [event('task.updated')], 'me');
    expect(stale()).toEqual(['assigned', 'attachments', 'board', 'myProjects', 'project', 'task', 'taskUnderOldFeature', 'tasks'].sort());
  });

  it("a comment makes only that task's comments stale", async () => {
    const { client, stale } = filledCache();
    await applyLiveEvents(client, [event('comment.created', { entityId: 'comment-1' })], 'me');
    expect(stale()).toEqual(['comments']);
  });

  it("a todo touches only the todo lists; a feature edit its lists, itself, its tasks' answers (which name it) and /tasks, not the board", async () => {
    const todo = filledCache();
    await applyLiveEvents(todo.client, [event('todo.updated', { projectId: null, featureId: null, taskId: null })], 'me');
    expect(todo.stale()).toEqual(['todos']);
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
});

describe('parseLiveEvent', () => {
  it('reads an event and refuses what is not one', () => {
    expect(parseLiveEvent(JSON.stringify(event('task.moved')))).toMatchObject({ type: 'task.moved', entityId: T });
    expect(parseLiveEvent('not json')).toBeUndefined();
    expect(parseLiveEvent(JSON.stringify({ id: 1, type: 'task.moved' }))).toBeUndefined();
  });
});
