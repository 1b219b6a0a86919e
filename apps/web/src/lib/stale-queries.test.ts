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
  'todo.created': { event: { projectId: null, workspaceId: null, featureId: null, taskId: null }, stale: ['todoPages', 'todos'] },
  'todo.updated': { event: { projectId: null, workspaceId: null, featureId: null, taskId: null }, stale: ['todoPages', 'todos'] },
  'todo.deleted': { event: { projectId: null, workspaceId: null, featureId: null, taskId: null }, stale: ['todoPages', 'todos'] },
  'category.created': { event: { projectId: null, workspaceId: null, featureId: null, taskId: null }, stale: ['categories', 'todoCategories'] },
  // Todos show their category's name and colour.
  'category.deleted': { event: { projectId: null, workspaceId: null, featureId: null, taskId: null }, stale: ['categories', 'todoCategories', 'todoPages', 'todos'] },
  'workspace.created': { event: { entityId: W, projectId: null, featureId: null, taskId: null }, stale: ['workspaces'] },
  'workspace.updated': {
    event: { entityId: W, projectId: null, featureId: null, taskId: null },
    stale: ['workspaces', 'workspaceProjects', ...underProject, 'otherProject', 'myProjects'],
  },
  'workspace.deleted': {
    event: { entityId: W, projectId: null, featureId: null, taskId: null },
    stale: ['workspaces', 'workspaceProjects', ...underProject, 'otherProject', 'myProjects', ...tasksOfProject, 'otherProjectTask', 'assigned'],
  },
  'project.created': { event: { entityId: P, featureId: null, taskId: null }, stale: ['workspaceProjects', 'myProjects'] },
  'project.updated': { event: { entityId: P, featureId: null, taskId: null }, stale: [...underProject, 'workspaceProjects', 'myProjects', ...tasksOfProject, 'assigned'] },
  'project.deleted': { event: { entityId: P, featureId: null, taskId: null }, stale: [...underProject, 'workspaceProjects', 'myProjects', ...tasksOfProject, 'assigned'] },
  'member.added': { event: { entityId: 'membership-1', userId: 'them', featureId: null, taskId: null }, stale: [...underProject, 'workspaceProjects', 'myProjects', ...tasksOfProject, 'users'] },
  'member.updated': { event: { entityId: 'membership-1', userId: 'them', featureId: null, taskId: null }, stale: [...underProject, 'workspaceProjects', 'myProjects', ...tasksOfProject, 'users'] },
  'member.removed': { event: { entityId: 'membership-1', userId: 'them', featureId: null, taskId: null }, stale: [...underProject, 'workspaceProjects', 'myProjects', ...tasksOfProject, 'users'] },
  'feature.created': { event: { entityId: F, taskId: null }, stale: ['features'] },
  'feature.updated': { event: { entityId: F, taskId: null }, stale: ['features', 'feature', 'tasks', 'task', 'attachments', 'otherTask', 'assigned'] },
  'feature.deleted': { event: { entityId: F, taskId: null }, stale: ['features', 'feature', 'tasks', 'board', 'task', 'attachments', 'otherTask', ...projectNumbers, 'assigned'] },
  // The feature's tasks held in detail (a subtask's change is its parent's progress, decision 033): not another feature's.
  'task.created': { stale: ['tasks', 'board', 'task', 'attachments', 'otherTask', ...projectNumbers, 'assigned'] },
  'task.updated': { stale: ['tasks', 'board', 'task', 'attachments', 'otherTask', ...projectNumbers, 'assigned'] },
  'task.moved': { stale: ['tasks', 'board', 'task', 'attachments', 'otherTask', ...projectNumbers, 'assigned'] },
  'task.deleted': { stale: ['tasks', 'board', 'task', 'attachments', 'otherTask', ...projectNumbers, 'assigned', 'comments'] },
  'comment.created': { event: { entityId: 'comment-1' }, stale: ['comments'] },
  'comment.updated': { event: { entityId: 'comment-1' }, stale: ['comments'] },
  'comment.deleted': { event: { entityId: 'comment-1' }, stale: ['comments'] },
  // The caller's own notifications: none of the project's answers (see below).
  'notification.created': { event: { entityId: 'notification-1', projectId: null, workspaceId: null, featureId: null, taskId: null }, stale: [] },
  'notification.read': { event: { entityId: 'notification-1', projectId: null, workspaceId: null, featureId: null, taskId: null }, stale: [] },
  'attachment.added': { event: { entityId: 'attachment-1' }, stale: ['task', 'attachments', 'tasks', 'board', 'assigned'] },
  'attachment.removed': { event: { entityId: 'attachment-1' }, stale: ['task', 'attachments', 'tasks', 'board', 'assigned'] },
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

  it("one's own membership change also refreshes one's workspaces and /tasks", async () => {
    for (const type of ['member.added', 'member.updated', 'member.removed'] as const) {
      const cache = filledCache();
      await markStale(cache.client, [liveEvent(type, { entityId: 'membership-1', userId: 'me', featureId: null, taskId: null })], { currentUserId: 'me' });
      expect(cache.stale()).toEqual(
        [...underProject, 'workspaceProjects', 'otherWorkspaceProjects', 'myProjects', ...tasksOfProject, 'users', 'workspaces', 'assigned'].sort(),
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
