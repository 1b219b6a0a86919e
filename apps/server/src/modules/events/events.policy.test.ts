import type { LiveEventType } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import type { EventRow } from './events.repo.js';
import { admit, canReplay, canSee, losesAccess, newVisibility } from './events.policy.js';

const me = 'u-me';
const someone = 'u-someone';
let nextId = 1;

function event(type: LiveEventType, fields: Partial<EventRow> = {}): EventRow {
  return {
    id: nextId++,
    type,
    entityId: 'e',
    projectId: null,
    workspaceId: null,
    featureId: null,
    taskId: null,
    ownerId: null,
    subjectId: null,
    version: null,
    actorId: someone,
    origin: null,
    createdAt: new Date(),
    ...fields,
  };
}

describe('canSee', () => {
  const visibility = newVisibility(me, ['w-own'], [['p-member', 'w-other']]);

  it('todos and categories: their owner only', () => {
    expect(canSee(visibility, event('todo.created', { ownerId: me }))).toBe(true);
    expect(canSee(visibility, event('todo.updated', { ownerId: someone }))).toBe(false);
    expect(canSee(visibility, event('category.deleted', { ownerId: someone }))).toBe(false);
  });

  it('notifications: their recipient only, live and in a replay, whatever project they name', () => {
    for (const type of ['notification.created', 'notification.read'] as const) {
      expect(canSee(visibility, event(type, { ownerId: me }))).toBe(true);
      expect(canReplay(visibility, event(type, { ownerId: me }))).toBe(true);
      expect(canSee(visibility, event(type, { ownerId: someone, projectId: 'p-member', workspaceId: 'w-own' }))).toBe(false);
      expect(canReplay(visibility, event(type, { ownerId: someone, projectId: 'p-member', workspaceId: 'w-own' }))).toBe(false);
    }
  });

  it('project-scoped events: members, and the owner of the workspace', () => {
    expect(canSee(visibility, event('task.updated', { projectId: 'p-member', workspaceId: 'w-other' }))).toBe(true);
    expect(canSee(visibility, event('task.updated', { projectId: 'p-any', workspaceId: 'w-own' }))).toBe(true);
    expect(canSee(visibility, event('comment.created', { projectId: 'p-stranger', workspaceId: 'w-other' }))).toBe(false);
    // A comment's edit and deletion (issue 17) go where its creation went.
    expect(canSee(visibility, event('comment.updated', { projectId: 'p-member', workspaceId: 'w-other' }))).toBe(true);
    expect(canSee(visibility, event('comment.deleted', { projectId: 'p-any', workspaceId: 'w-own' }))).toBe(true);
    expect(canSee(visibility, event('comment.updated', { projectId: 'p-stranger', workspaceId: 'w-other' }))).toBe(false);
    expect(canSee(visibility, event('comment.deleted', { projectId: 'p-stranger', workspaceId: 'w-stranger' }))).toBe(false);
    expect(canSee(visibility, event('feature.deleted', { projectId: 'p-stranger', workspaceId: 'w-stranger' }))).toBe(false);
  });

  it('workspaces: the owner and the members of its projects', () => {
    expect(canSee(visibility, event('workspace.updated', { workspaceId: 'w-own', ownerId: me }))).toBe(true);
    expect(canSee(visibility, event('workspace.updated', { workspaceId: 'w-other', ownerId: someone }))).toBe(true);
    expect(canSee(visibility, event('workspace.updated', { workspaceId: 'w-stranger', ownerId: someone }))).toBe(false);
  });
});

describe('admit', () => {
  it('a member added starts seeing the project with that event; removed, stops after it', () => {
    const visibility = newVisibility(me, [], []);
    const project = { projectId: 'p1', workspaceId: 'w1' };
    expect(admit(visibility, event('task.updated', project))).toBe(false);
    expect(admit(visibility, event('member.added', { ...project, subjectId: me }))).toBe(true);
    expect(admit(visibility, event('task.updated', project))).toBe(true);
    expect(admit(visibility, event('workspace.updated', { workspaceId: 'w1' }))).toBe(true);
    expect(admit(visibility, event('member.removed', { ...project, subjectId: me }))).toBe(true);
    expect(admit(visibility, event('task.updated', project))).toBe(false);
    expect(admit(visibility, event('workspace.updated', { workspaceId: 'w1' }))).toBe(false);
  });

  it("another member's changes do not change what I see", () => {
    const visibility = newVisibility(me, [], [['p1', 'w1']]);
    expect(admit(visibility, event('member.removed', { projectId: 'p1', workspaceId: 'w1', subjectId: someone }))).toBe(true);
    expect(admit(visibility, event('task.created', { projectId: 'p1', workspaceId: 'w1' }))).toBe(true);
  });

  it('a deleted project or workspace is told, then nothing more of it', () => {
    const visibility = newVisibility(me, [], [['p1', 'w1'], ['p2', 'w1'], ['p3', 'w2']]);
    expect(admit(visibility, event('project.deleted', { entityId: 'p1', projectId: 'p1', workspaceId: 'w1' }))).toBe(true);
    expect(admit(visibility, event('task.created', { projectId: 'p1', workspaceId: 'w1' }))).toBe(false);
    expect(admit(visibility, event('workspace.deleted', { entityId: 'w1', workspaceId: 'w1' }))).toBe(true);
    expect(admit(visibility, event('task.created', { projectId: 'p2', workspaceId: 'w1' }))).toBe(false);
    expect(admit(visibility, event('task.created', { projectId: 'p3', workspaceId: 'w2' }))).toBe(true);
  });

  it('my new workspace and my new project in it are mine from their first event', () => {
    const visibility = newVisibility(me, [], []);
    expect(admit(visibility, event('workspace.created', { entityId: 'w9', workspaceId: 'w9', ownerId: me, actorId: me }))).toBe(true);
    expect(admit(visibility, event('project.created', { projectId: 'p9', workspaceId: 'w9', actorId: me }))).toBe(true);
    expect(admit(visibility, event('feature.created', { projectId: 'p9', workspaceId: 'w9' }))).toBe(true);
  });
});

describe('canReplay and losesAccess (a replay is history, filtered by what the user may see now)', () => {
  const project = { projectId: 'p1', workspaceId: 'w1' };

  it('never changes what the user may see: an old membership in the replay does not bring a project back', () => {
    const visibility = newVisibility(me, [], []);
    const replay = [
      event('member.added', { ...project, subjectId: me }),
      event('task.updated', project),
      event('project.created', { ...project, actorId: me }),
      event('comment.created', project),
    ];
    expect(replay.map((missed) => canReplay(visibility, missed))).toEqual([false, false, false, false]);
    expect(visibility.memberships.size).toBe(0);
  });

  it('resends what the user sees now, their own todos and the workspaces of their projects', () => {
    const visibility = newVisibility(me, ['w-own'], [['p1', 'w1']]);
    expect(canReplay(visibility, event('task.updated', project))).toBe(true);
    expect(canReplay(visibility, event('member.added', { ...project, subjectId: me }))).toBe(true);
    expect(canReplay(visibility, event('feature.created', { projectId: 'p-any', workspaceId: 'w-own' }))).toBe(true);
    expect(canReplay(visibility, event('todo.created', { ownerId: me }))).toBe(true);
    expect(canReplay(visibility, event('workspace.updated', { workspaceId: 'w1', ownerId: someone }))).toBe(true);
    expect(canReplay(visibility, event('todo.created', { ownerId: someone }))).toBe(false);
  });

  it('a removal (or a role change) of mine in a project I no longer see loses access; anyone else\'s does not', () => {
    const visibility = newVisibility(me, [], [['p2', 'w1']]);
    expect(losesAccess(visibility, event('member.removed', { ...project, subjectId: me }))).toBe(true);
    expect(losesAccess(visibility, event('member.updated', { ...project, subjectId: me }))).toBe(true);
    expect(losesAccess(visibility, event('member.removed', { ...project, subjectId: someone }))).toBe(false);
    expect(losesAccess(visibility, event('member.updated', { projectId: 'p2', workspaceId: 'w1', subjectId: me }))).toBe(false);
    expect(losesAccess(visibility, event('task.updated', project))).toBe(false);
  });
});
