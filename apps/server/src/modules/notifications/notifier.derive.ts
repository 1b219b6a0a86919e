import { newMentions, parseMentions, type NotificationKind } from '@tasklane/contract';
import type { EventRow } from '../events/events.repo.js';
import { taskOfEvent, type RoundLookups } from './notifier.lookups.js';
import * as repo from './notifier.repo.js';
import { deriveUnblocked, isFinishing } from './notifier.unblocked.js';
import type { Tx } from './notifier.repo.js';

/** One thing to tell one person, before it is stored (or collapsed into their last one on the task). */
export type Notice = {
  userId: string;
  kind: NotificationKind;
  /** Names its source (event, history entry), so a notification never lists one thing twice. */
  key: string;
  text: string;
  actorId: string | null;
  at: Date;
  projectId: string | null;
  featureId: string | null;
  taskId: string | null;
};

const STATUS_NAMES: Record<string, string> = {
  TODO: 'To Do',
  IN_PROGRESS: 'In Progress',
  DEV_COMPLETED: 'Dev Completed',
  REOPEN: 'Reopen',
  BLOCKED: 'Blocked',
  IN_REVIEW: 'In Review',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};
/** A history entry's person ({ _id, fullName } or null): their id. */
const personId = (value: unknown) => (value && typeof value === 'object' && '_id' in value ? String((value as { _id: unknown })._id) : null);

const statusName = (status: unknown) => STATUS_NAMES[String(status)] ?? String(status);

/** "“Fix login” in Website › Sign-in": the task with its project and feature. */
const taskLabel = (task: repo.TaskContext) => `“${task.title}” in ${task.projectName} › ${task.featureTitle}`;

/** What the notifier tells whom about one event. Never the actor; only people who may see the project. */
export async function deriveNotices(
  tx: Tx,
  event: EventRow,
  actorName: (id: string | null) => Promise<string>,
  lookups: RoundLookups,
): Promise<Notice[]> {
  if (event.type.startsWith('member.')) return deriveMembership(tx, event, actorName);
  const taskId = taskOfEvent(event);
  if (!taskId) return [];
  const task = await lookups.task(taskId);
  if (!task) return [];
  const actor = await actorName(event.actorId);
  const audience = await lookups.audience(task.projectId);
  const notices: Notice[] = [];
  const tell = (userId: string | null | undefined, kind: NotificationKind, key: string, text: string) => {
    if (!userId || userId === event.actorId || !audience.has(userId)) return;
    if (notices.some((notice) => notice.userId === userId && notice.key === key)) return;
    notices.push({ userId, kind, key, text, actorId: event.actorId, at: event.createdAt, projectId: task.projectId, featureId: task.featureId, taskId: task.id });
  };
  const mention = async (names: string[], key: string, where: string) => {
    const mentioned = await repo.findUsersByUsername(tx, names);
    for (const userId of mentioned) tell(userId, 'MENTION', `${key}:mention`, `${actor} mentioned you in ${where} ${taskLabel(task)}`);
    return new Set(mentioned);
  };

  if (event.type === 'comment.created') {
    const comment = await lookups.comment(event.entityId);
    if (!comment) return [];
    const key = `comment:${event.entityId}`;
    const mentioned = await mention(parseMentions(comment.comment), key, 'a comment on');
    for (const userId of await lookups.watchersOf(task.id)) {
      // A mention already tells them of the comment.
      if (!mentioned.has(userId)) tell(userId, 'COMMENT', key, `${actor} commented on ${taskLabel(task)}`);
    }
    return notices;
  }

  if (event.type === 'comment.updated') {
    // An edit tells only whom it newly mentions: those a notification already told of this
    // comment's mention (its key) are not told again, however long ago that was.
    const comment = await lookups.comment(event.entityId);
    if (!comment) return [];
    const key = `comment:${event.entityId}:mention`;
    const mentioned = await repo.findUsersByUsername(tx, parseMentions(comment.comment));
    const told = await repo.findToldOf(tx, mentioned, key);
    for (const userId of mentioned) {
      if (!told.has(userId)) tell(userId, 'MENTION', key, `${actor} mentioned you in a comment on ${taskLabel(task)}`);
    }
    return notices;
  }

  if (event.type === 'task.created') {
    const key = `event:${event.id}`;
    // Whom it was created for: the assignee now, unless a later save changed it (that save
    // tells of its own change; a round may run after it).
    const changed = await lookups.firstAssigneeChange(task.id);
    const createdFor = changed ? personId(changed.details?.from) : task.assigneeId;
    tell(createdFor, 'ASSIGNED', key, `${actor} assigned you ${taskLabel(task)}`);
    await mention(parseMentions(task.description), key, 'the description of');
    return notices;
  }

  // task.updated, task.moved: what the write recorded in the task's history.
  const history = await repo.findHistoryOfEvent(tx, event);
  let watchers: string[] | undefined;
  for (const entry of history) {
    const key = `event:${event.id}:${entry.action}`;
    const details = entry.details ?? {};
    switch (entry.action) {
      case 'ASSIGNEE_CHANGED':
        tell(personId(details.to), 'ASSIGNED', `${key}:to`, `${actor} assigned you ${taskLabel(task)}`);
        tell(personId(details.from), 'UNASSIGNED', `${key}:from`, `${actor} unassigned you from ${taskLabel(task)}`);
        break;
      case 'STATUS_CHANGED':
      case 'BLOCKED':
      case 'UNBLOCKED': {
        const from = entry.action === 'UNBLOCKED' ? 'BLOCKED' : details.from;
        const to = entry.action === 'BLOCKED' ? 'BLOCKED' : details.to;
        watchers ??= await lookups.watchersOf(task.id);
        const text = `${actor} changed the status of ${taskLabel(task)} from ${statusName(from)} to ${statusName(to)}`;
        for (const userId of watchers) tell(userId, 'STATUS_CHANGED', key, text);
        if (isFinishing(from, to)) notices.push(...(await deriveUnblocked(tx, event, task, actor, audience, to)));
        break;
      }
      case 'UPDATED': {
        const description = details.description as { from?: unknown; to?: unknown } | undefined;
        if (description) await mention(newMentions(String(description.from ?? ''), String(description.to ?? '')), key, 'the description of');
        break;
      }
      default:
        break;
    }
  }
  return notices;
}

async function deriveMembership(tx: Tx, event: EventRow, actorName: (id: string | null) => Promise<string>): Promise<Notice[]> {
  const userId = event.subjectId;
  if (!userId || userId === event.actorId || !event.projectId) return [];
  const membership = await repo.findMembership(tx, event.projectId, userId);
  if (!membership) return [];
  const actor = await actorName(event.actorId);
  const base = { userId, kind: 'MEMBERSHIP' as const, key: `event:${event.id}`, actorId: event.actorId, at: event.createdAt, featureId: null, taskId: null };
  if (event.type === 'member.removed') {
    // Names a project they no longer see, which they knew: kept in their inbox (project: none).
    if (membership.role) return [];
    return [{ ...base, projectId: null, text: `${actor} removed you from the project ${membership.projectName}` }];
  }
  if (!membership.role) return [];
  const text =
    event.type === 'member.added'
      ? `${actor} added you to the project ${membership.projectName} as ${membership.role}`
      : `${actor} changed your role in the project ${membership.projectName} to ${membership.role}`;
  return [{ ...base, projectId: event.projectId, text }];
}
