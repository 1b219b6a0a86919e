import type { EventRow } from './events.repo.js';

/**
 * What one event stream's user may see, kept in memory for the life of the stream: loaded once
 * when it opens, then changed by the events themselves (they arrive in commit order), so that
 * deciding whether to send an event never needs the database.
 */
export type Visibility = {
  userId: string;
  /** Workspaces the user owns: they act as ADMIN in every project of them. */
  ownedWorkspaces: Set<string>;
  /** Projects the user is a member of, with their workspace. */
  memberships: Map<string, string>;
};

export function newVisibility(userId: string, ownedWorkspaces: string[], memberships: Array<[string, string]>): Visibility {
  return { userId, ownedWorkspaces: new Set(ownedWorkspaces), memberships: new Map(memberships) };
}

const entityOf = (event: EventRow) => event.type.slice(0, event.type.indexOf('.'));

function seesWorkspace(visibility: Visibility, workspaceId: string | null) {
  if (!workspaceId) return false;
  if (visibility.ownedWorkspaces.has(workspaceId)) return true;
  for (const workspace of visibility.memberships.values()) if (workspace === workspaceId) return true;
  return false;
}

/** A project-scoped event: whether the user sees its project now (a member, or the workspace's owner). */
function seesProjectOf(visibility: Visibility, event: EventRow) {
  return (
    (event.projectId !== null && visibility.memberships.has(event.projectId)) ||
    (event.workspaceId !== null && visibility.ownedWorkspaces.has(event.workspaceId))
  );
}

/** The access rules of security.md, for one event, against what the user may see now. */
export function canSee(visibility: Visibility, event: EventRow): boolean {
  switch (entityOf(event)) {
    case 'todo':
    case 'category':
    case 'notification':
      return event.ownerId === visibility.userId;
    case 'workspace':
      return event.ownerId === visibility.userId || seesWorkspace(visibility, event.workspaceId);
    default:
      // Project-scoped (project, member, feature, task, comment and attachment events, a
      // comment's edit and deletion included): members and the workspace's owner. A member
      // event about the user themselves always reaches them (so a removed member learns of it).
      if (event.subjectId !== null && event.subjectId === visibility.userId) return true;
      return seesProjectOf(visibility, event);
  }
}

/**
 * Whether a replayed event (one the client missed, or one of the seconds before its resume point)
 * is resent: only when the user may see it now, by what they may see now. A replay is history:
 * it never changes what the user may see (that was read after the events were), so a membership
 * that ended while the client was away cannot come back for the length of the replay, and a
 * project the user no longer sees sends nothing, not even the news of their own removal (see
 * `losesAccess`).
 */
export function canReplay(visibility: Visibility, event: EventRow): boolean {
  const entity = entityOf(event);
  if (entity === 'todo' || entity === 'category' || entity === 'notification' || entity === 'workspace') return canSee(visibility, event);
  return seesProjectOf(visibility, event);
}

/**
 * A missed event that took a project away from the user (their membership changed, and they no
 * longer see the project): their client still shows it, so the replay is replaced by a reset
 * (refetch everything), which says nothing of the project.
 */
export function losesAccess(visibility: Visibility, event: EventRow): boolean {
  return entityOf(event) === 'member' && event.subjectId === visibility.userId && !seesProjectOf(visibility, event);
}

/** Changes what the user may see after the event: memberships, projects and workspaces that come and go. */
export function applyToVisibility(visibility: Visibility, event: EventRow) {
  const isMine = event.subjectId === visibility.userId;
  switch (event.type) {
    case 'workspace.created':
      if (event.ownerId === visibility.userId) visibility.ownedWorkspaces.add(event.entityId);
      break;
    case 'workspace.deleted':
      visibility.ownedWorkspaces.delete(event.entityId);
      for (const [projectId, workspaceId] of visibility.memberships) {
        if (workspaceId === event.entityId) visibility.memberships.delete(projectId);
      }
      break;
    case 'project.created':
      // Its creator is its first ADMIN.
      if (event.actorId === visibility.userId && event.projectId && event.workspaceId) {
        visibility.memberships.set(event.projectId, event.workspaceId);
      }
      break;
    case 'project.deleted':
      if (event.projectId) visibility.memberships.delete(event.projectId);
      break;
    case 'member.added':
      if (isMine && event.projectId && event.workspaceId) visibility.memberships.set(event.projectId, event.workspaceId);
      break;
    case 'member.removed':
      if (isMine && event.projectId) visibility.memberships.delete(event.projectId);
      break;
    default:
      break;
  }
}

/**
 * Whether to send the event, applying it to the visibility on the way: sent when the user could
 * see it before it happened (a project deleted, a member removed) or can after (a member added).
 */
export function admit(visibility: Visibility, event: EventRow): boolean {
  const before = canSee(visibility, event);
  applyToVisibility(visibility, event);
  return before || canSee(visibility, event);
}
