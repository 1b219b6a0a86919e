import { QueryObserver } from '@tanstack/react-query';
import { liveEventTypes, type LiveEvent } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';
import { featureChange, markStale, staleQueriesFor, taskChange } from './stale-queries';
import { filledCache, ids, liveEvent } from './testing/cached-answers';

const { P, W, F, T } = ids;

// Everything of project P and under its key (not its task details, keyed by task id).
const underProject = ['project', 'members', 'features', 'feature', 'tasks', 'otherFeatureTasks', 'board'];
const tasksOfProject = ['task', 'attachments', 'otherTask', 'otherFeatureTask'];
const projectNumbers = ['project', 'myProjects'];

/** Each kind of change, as the server streams it, and the cached answers it makes stale. */
const expected: Record<LiveEvent['type'], { event?: Partial<LiveEvent>; stale: string[] }> = {
  'todo.created': { event: { projectId: null, workspaceId: null, featureId: null, taskId: null }, stale: ['todoPages', 'todos', 'today'] },
  'todo.updated': { event: { projectId: null, workspaceId: null, featureId: null, taskId: null }, stale: ['todoPages', 'todos', 'today'] },
  'todo.deleted': { event: { projectId: null, workspaceId: null, featureId: null, taskId: null }, stale: ['todoPages', 'todos', 'today'] },
  'category.created': { event: { projectId: null, workspaceId: null, featureId: null, taskId: null }, stale: ['categories', 'todoCategories'] },
  // Todos show their category's name and colour.
  'category.deleted': { event: { projectId: null, workspaceId: null, featureId: null, taskId: null }, stale: ['categories', 'todoCategories', 'todoPages', 'todos', 'today'] },
  'workspace.created': { event: { entityId: W, projectId: null, featureId: null, taskId: null }, stale: ['workspaces'] },
  'workspace.updated': {
    event: { entityId: W, projectId: null, featureId: null, taskId: null },
    stale: ['workspaces', 'workspaceProjects', ...underProject, 'otherProject', 'myProjects'],
  },
  'workspace.deleted': {
    event: { entityId: W, projectId: null, featureId: null, taskId: null },
    stale: ['workspaces', 'workspaceProjects', ...underProject, 'otherProject', 'myProjects', ...tasksOfProject, 'otherProjectTask', 'assigned', 'today'],
  },
  'project.created': { event: { entityId: P, featureId: null, taskId: null }, stale: ['workspaceProjects', 'myProjects'] },
  'project.updated': { event: { entityId: P, featureId: null, taskId: null }, stale: [...underProject, 'workspaceProjects', 'myProjects', ...tasksOfProject, 'assigned', 'today'] },
  'project.deleted': { event: { entityId: P, featureId: null, taskId: null }, stale: [...underProject, 'workspaceProjects', 'myProjects', ...tasksOfProject, 'assigned', 'today'] },
  'member.added': { event: { entityId: 'membership-1', userId: 'them', featureId: null, taskId: null }, stale: [...underProject, 'workspaceProjects', 'myProjects', ...tasksOfProject, 'users'] },
  'member.updated': { event: { entityId: 'membership-1', userId: 'them', featureId: null, taskId: null }, stale: [...underProject, 'workspaceProjects', 'myProjects', ...tasksOfProject, 'users'] },
  'member.removed': { event: { entityId: 'membership-1', userId: 'them', featureId: null, taskId: null }, stale: [...underProject, 'workspaceProjects', 'myProjects', ...tasksOfProject, 'users'] },
  'feature.created': { event: { entityId: F, taskId: null }, stale: ['features'] },
  'feature.updated': { event: { entityId: F, taskId: null }, stale: ['features', 'feature', 'tasks', 'task', 'attachments', 'otherTask', 'assigned'] },
  'feature.deleted': { event: { entityId: F, taskId: null }, stale: ['features', 'feature', 'tasks', 'board', 'task', 'attachments', 'otherTask', ...projectNumbers, 'assigned', 'today'] },
  // The feature's tasks held in detail (a subtask's change is its parent's progress, decision 033): not another feature's.
  'task.created': { stale: ['tasks', 'board', 'task', 'attachments', 'otherTask', ...projectNumbers, 'assigned', 'today'] },
  'task.updated': { stale: ['tasks', 'board', 'task', 'attachments', 'otherTask', ...projectNumbers, 'assigned', 'today'] },
  'task.moved': { stale: ['tasks', 'board', 'task', 'attachments', 'otherTask', ...projectNumbers, 'assigned', 'today'] },
  'task.deleted': { stale: ['tasks', 'board', 'task', 'attachments', 'otherTask', ...projectNumbers, 'assigned', 'comments', 'today'] },
  'comment.created': { event: { entityId: 'comment-1' }, stale: ['comments'] },
  'comment.updated': { event: { entityId: 'comment-1' }, stale: ['comments'] },
  'comment.deleted': { event: { entityId: 'comment-1' }, stale: ['comments'] },
  // The caller's own notifications: none of the project's answers (see below).
  'notification.created': { event: { entityId: 'notification-1', projectId: null, workspaceId: null, featureId: null, taskId: null }, stale: [] },
  'notification.read': { event: { entityId: 'notification-1', projectId: null, workspaceId: null, featureId: null, taskId: null }, stale: [] },
  'attachment.added': { event: { entityId: 'attachment-1' }, stale: ['task', 'attachments', 'tasks', 'board', 'assigned'] },
  'attachment.removed': { event: { entityId: 'attachment-1' }, stale: ['task', 'attachments', 'tasks', 'board', 'assigned'] },
  // Issue 19: one event per task of the relation.
  'relation.added': { event: { entityId: 'relation-1' }, stale: ['task', 'attachments', 'tasks', 'board', 'assigned'] },
  'relation.removed': { event: { entityId: 'relation-1' }, stale: ['task', 'attachments', 'tasks', 'board', 'assigned'] },
};

describe('staleQueriesFor: each kind of change and the answers it makes stale', () => {
  it('covers every kind of event the server streams', () => {
    expect(Object.keys(expected).sort()).toEqual([...liveEventTypes].sort());
  });

  it.each(liveEventTypes.map((type) => [type, expected[type]] as const))('%s', async (type, { event, stale }) => {
    const cache = filledCache();
    await markStale(cache.client, [liveEvent(type, event)], { currentUserId: 'me' });
    expect(cache.stale()).toEqual([...new Set(stale)].sort());
  });

  it("one's own membership change also refreshes one's workspaces, /tasks and My day", async () => {
    for (const type of ['member.added', 'member.updated', 'member.removed'] as const) {
      const cache = filledCache();
      await markStale(cache.client, [liveEvent(type, { entityId: 'membership-1', userId: 'me', featureId: null, taskId: null })], { currentUserId: 'me' });
      expect(cache.stale()).toEqual(
        [...underProject, 'workspaceProjects', 'otherWorkspaceProjects', 'myProjects', ...tasksOfProject, 'users', 'workspaces', 'assigned', 'today'].sort(),
      );
    }
  });

  it("a change of one's own account (two-factor on or off) makes the signed-in user stale, and nothing else", () => {
    expect(staleQueriesFor({ type: 'account.updated', entityId: 'me' }, 'me')).toEqual([{ queryKey: queryKeys.me() }]);
  });

  it('knows the signed-in user from the cache when not told', async () => {
    const cache = filledCache();
    await markStale(cache.client, [liveEvent('member.removed', { userId: 'me', featureId: null, taskId: null })]);
    expect(cache.stale()).toContain('workspaces');
  });

  it('is a plain list of keys for what does not depend on the cache', () => {
    expect(staleQueriesFor(liveEvent('comment.created'), 'me')).toEqual([{ queryKey: queryKeys.comments(T) }, { queryKey: queryKeys.taskWatch(T), exact: true }]);
    // A notification made or read: the bell's count, its panel and /inbox.
    expect(staleQueriesFor(liveEvent('notification.created'), 'me')).toEqual([{ queryKey: queryKeys.notifications() }]);
    expect(staleQueriesFor(liveEvent('notification.read'), 'me')).toEqual([{ queryKey: queryKeys.notifications() }]);
    expect(staleQueriesFor(liveEvent('feature.created', { entityId: F }), 'me')).toEqual([{ queryKey: queryKeys.featureLists(P) }]);
  });
});

describe('related tasks (issue 19)', () => {
  it("a task's change refreshes the cached tasks it is related to or blocks, and no other", async () => {
    const cache = filledCache();
    // task-2 lists task-1 among its relations; task-3 is blocked by it; task-4 knows nothing of it.
    cache.client.setQueryData(queryKeys.taskRelations('task-2'), [{ _id: 'relation-1', task: { _id: T } }]);
    cache.client.setQueryData(queryKeys.task('task-3'), { projectId: { _id: P }, featureId: { _id: 'feature-2' }, blockedBy: [{ _id: T, key: 'WEB-1', title: 'One' }] });
    await markStale(cache.client, [liveEvent('task.updated')], { currentUserId: 'me' });
    expect(cache.client.getQueryState(queryKeys.taskRelations('task-2'))?.isInvalidated).toBe(true);
    expect(cache.stale()).toEqual(expect.arrayContaining(['otherTask', 'otherFeatureTask']));
    expect(cache.stale()).not.toContain('otherProjectTask');
  });
});

describe('markStale: own mutations and live events agree', () => {
  it("this tab's own task edit makes stale exactly what the same edit by someone else does (/tasks included)", async () => {
    const own = filledCache();
    const task = { _id: T, projectId: { _id: P }, featureId: { _id: F } };
    await markStale(own.client, [taskChange('task.updated', task)], { currentUserId: 'me' });
    const live = filledCache();
    await markStale(live.client, [liveEvent('task.updated')], { currentUserId: 'me' });
    expect(own.stale()).toEqual(live.stale());
    expect(own.stale()).toContain('assigned');
  });

  it('a feature change built by a mutation equals the event', () => {
    const feature = { _id: F, projectId: { _id: P } };
    expect(staleQueriesFor(featureChange('feature.updated', feature), 'me')).toEqual(
      staleQueriesFor(liveEvent('feature.updated', { entityId: F, taskId: null }), 'me'),
    );
  });

  it('leaves alone the answers the mutation just put in place from the server', async () => {
    const cache = filledCache();
    await markStale(cache.client, [taskChange('task.updated', { _id: T, projectId: { _id: P }, featureId: { _id: F } })], {
      fresh: [queryKeys.task(T)],
    });
    expect(cache.stale()).not.toContain('task');
    expect(cache.stale()).toContain('attachments');
  });

  it('marks what is under a screen being left as stale without refetching it (a refetch would 404 there)', async () => {
    const leaveWith = async (leaving: readonly unknown[] | undefined) => {
      const cache = filledCache();
      let fetches = 0;
      // The project on screen: an observer keeps it active, so a plain invalidation refetches it.
      const observer = new QueryObserver(cache.client, { queryKey: queryKeys.project(P), queryFn: () => ((fetches += 1), {}), staleTime: Infinity });
      const unsubscribe = observer.subscribe(() => {});
      await markStale(cache.client, [liveEvent('member.removed', { userId: 'me', featureId: null, taskId: null })], { currentUserId: 'me', leaving });
      unsubscribe();
      return { stale: cache.stale(), fetches };
    };
    const left = await leaveWith(queryKeys.project(P));
    expect(left.stale).toEqual(expect.arrayContaining(['project', 'features', 'workspaces', 'assigned', 'users']));
    expect(left.fetches).toBe(0);
    expect((await leaveWith(undefined)).fetches).toBe(1);
  });
});

describe('staleQueriesFor: the calendar (issue 19)', () => {
  const calendarKey = queryKeys.calendar({ from: '2026-11-01', to: '2026-11-30' });
  const calendarIsStaleAfter = async (event: LiveEvent) => {
    const cache = filledCache();
    cache.client.setQueryData(calendarKey, { items: [] });
    await markStale(cache.client, [event], { currentUserId: 'me' });
    return cache.client.getQueryState(calendarKey)?.isInvalidated === true;
  };

  it('is stale after a change to a task or a todo, or to what they show (a project, a category)', async () => {
    for (const type of ['task.created', 'task.updated', 'task.moved', 'task.deleted', 'todo.created', 'todo.updated', 'todo.deleted', 'category.deleted', 'project.updated', 'feature.deleted'] as const) {
      expect(await calendarIsStaleAfter(liveEvent(type)), type).toBe(true);
    }
  });

  it('stays fresh after a change it does not show: a comment, a notification, a new feature', async () => {
    for (const type of ['comment.created', 'notification.created', 'feature.created', 'category.created'] as const) {
      expect(await calendarIsStaleAfter(liveEvent(type)), type).toBe(false);
    }
  });
});
