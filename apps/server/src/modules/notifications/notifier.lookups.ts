import type { EventRow } from '../events/events.repo.js';
import * as repo from './notifier.repo.js';
import type { CommentRow, HistoryEntry, TaskContext, Tx } from './notifier.repo.js';

/** The task a task or comment event is about. */
export const taskOfEvent = (event: EventRow) => (event.type === 'comment.created' || event.type === 'comment.updated' ? event.taskId : event.entityId);

/**
 * What a round's events need to know (their tasks, each project's audience, each task's
 * watchers, the comments, who a task was created for), read for all of them at once: five
 * statements a round, where reading them event by event took three or four statements per
 * event, most of a comment's cost (decision 042, second pass). Each is kept for the round; a
 * lookup `prefetch` did not foresee is read alone. Within a round every event reads the same
 * state either way: the round runs after all of them committed.
 */
export class RoundLookups {
  private readonly tasks = new Map<string, TaskContext | null>();
  private readonly audiences = new Map<string, Set<string> | null>();
  private readonly watchers = new Map<string, string[] | null>();
  private readonly comments = new Map<string, CommentRow | null>();
  private readonly firstAssigneeChanges = new Map<string, HistoryEntry | null>();

  constructor(private readonly tx: Tx) {}

  /** Reads in bulk what these events will ask for. */
  async prefetch(events: EventRow[]) {
    const taskEvents = events.filter((event) => !event.type.startsWith('member.'));
    const taskIds = distinct(taskEvents.map(taskOfEvent));
    await this.load(this.tasks, taskIds, repo.findTaskContexts);
    await this.load(this.audiences, distinct(taskIds.map((id) => this.tasks.get(id)?.projectId)), repo.findProjectAudiences);
    // Comments and status changes tell the task's watchers.
    const watched = taskEvents.filter((event) => event.type !== 'task.created' && event.type !== 'comment.updated');
    await this.load(this.watchers, distinct(watched.map(taskOfEvent)), repo.findWatchersOfTasks);
    const comments = taskEvents.filter((event) => event.type.startsWith('comment.'));
    await this.load(this.comments, distinct(comments.map((event) => event.entityId)), repo.findComments);
    const created = taskEvents.filter((event) => event.type === 'task.created');
    await this.load(this.firstAssigneeChanges, distinct(created.map(taskOfEvent)), repo.findFirstAssigneeChanges);
  }

  async task(taskId: string): Promise<TaskContext | undefined> {
    return (await this.get(this.tasks, taskId, repo.findTaskContexts)) ?? undefined;
  }

  async audience(projectId: string): Promise<Set<string>> {
    return (await this.get(this.audiences, projectId, repo.findProjectAudiences)) ?? new Set();
  }

  async watchersOf(taskId: string): Promise<string[]> {
    return (await this.get(this.watchers, taskId, repo.findWatchersOfTasks)) ?? [];
  }

  async comment(commentId: string): Promise<CommentRow | undefined> {
    return (await this.get(this.comments, commentId, repo.findComments)) ?? undefined;
  }

  async firstAssigneeChange(taskId: string): Promise<HistoryEntry | undefined> {
    return (await this.get(this.firstAssigneeChanges, taskId, repo.findFirstAssigneeChanges)) ?? undefined;
  }

  /** One kept answer, read alone when the prefetch did not (null: there is none). */
  private async get<V>(cache: Map<string, V | null>, id: string, find: Finder<V>): Promise<V | null> {
    if (!cache.has(id)) await this.load(cache, [id], find);
    return cache.get(id) ?? null;
  }

  /** Reads the ids not kept yet in one statement, and keeps an answer (null for none) for each. */
  private async load<V>(cache: Map<string, V | null>, ids: string[], find: Finder<V>) {
    const missing = ids.filter((id) => !cache.has(id));
    if (missing.length === 0) return;
    const found = await find(this.tx, missing);
    for (const id of missing) cache.set(id, found.get(id) ?? null);
  }
}

type Finder<V> = (tx: Tx, ids: string[]) => Promise<Map<string, V>>;

const distinct = (ids: Array<string | null | undefined>): string[] => [...new Set(ids.filter((id): id is string => Boolean(id)))];
