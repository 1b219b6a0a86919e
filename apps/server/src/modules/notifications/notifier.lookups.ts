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
  private readonly audiences = new Map<string, Set<string>>();
  private readonly watchers = new Map<string, string[]>();
  private readonly comments = new Map<string, CommentRow | null>();
  private readonly firstAssigneeChanges = new Map<string, HistoryEntry | null>();

  constructor(private readonly tx: Tx) {}

  /** Reads in bulk what these events will ask for. */
  async prefetch(events: EventRow[]) {
    const taskEvents = events.filter((event) => !event.type.startsWith('member.'));
    const taskIds = distinct(taskEvents.map(taskOfEvent));
    await this.loadTasks(taskIds);
    const projectIds = distinct(taskIds.map((id) => this.tasks.get(id)?.projectId));
    await this.loadAudiences(projectIds);
    // Comments and status changes tell the task's watchers.
    await this.loadWatchers(distinct(taskEvents.filter((event) => event.type !== 'task.created' && event.type !== 'comment.updated').map(taskOfEvent)));
    await this.loadComments(distinct(taskEvents.filter((event) => event.type.startsWith('comment.')).map((event) => event.entityId)));
    await this.loadFirstAssigneeChanges(distinct(taskEvents.filter((event) => event.type === 'task.created').map(taskOfEvent)));
  }

  async task(taskId: string): Promise<TaskContext | undefined> {
    if (!this.tasks.has(taskId)) await this.loadTasks([taskId]);
    return this.tasks.get(taskId) ?? undefined;
  }

  async audience(projectId: string): Promise<Set<string>> {
    if (!this.audiences.has(projectId)) await this.loadAudiences([projectId]);
    return this.audiences.get(projectId) ?? new Set();
  }

  async watchersOf(taskId: string): Promise<string[]> {
    if (!this.watchers.has(taskId)) await this.loadWatchers([taskId]);
    return this.watchers.get(taskId) ?? [];
  }

  async comment(commentId: string): Promise<CommentRow | undefined> {
    if (!this.comments.has(commentId)) await this.loadComments([commentId]);
    return this.comments.get(commentId) ?? undefined;
  }

  async firstAssigneeChange(taskId: string): Promise<HistoryEntry | undefined> {
    if (!this.firstAssigneeChanges.has(taskId)) await this.loadFirstAssigneeChanges([taskId]);
    return this.firstAssigneeChanges.get(taskId) ?? undefined;
  }

  private async loadTasks(ids: string[]) {
    const missing = ids.filter((id) => !this.tasks.has(id));
    const found = await repo.findTaskContexts(this.tx, missing);
    for (const id of missing) this.tasks.set(id, found.get(id) ?? null);
  }

  private async loadAudiences(ids: string[]) {
    const missing = ids.filter((id) => !this.audiences.has(id));
    for (const [id, audience] of await repo.findProjectAudiences(this.tx, missing)) this.audiences.set(id, audience);
  }

  private async loadWatchers(ids: string[]) {
    const missing = ids.filter((id) => !this.watchers.has(id));
    for (const [id, watchers] of await repo.findWatchersOfTasks(this.tx, missing)) this.watchers.set(id, watchers);
  }

  private async loadComments(ids: string[]) {
    const missing = ids.filter((id) => !this.comments.has(id));
    const found = await repo.findComments(this.tx, missing);
    for (const id of missing) this.comments.set(id, found.get(id) ?? null);
  }

  private async loadFirstAssigneeChanges(ids: string[]) {
    const missing = ids.filter((id) => !this.firstAssigneeChanges.has(id));
    const found = await repo.findFirstAssigneeChanges(this.tx, missing);
    for (const id of missing) this.firstAssigneeChanges.set(id, found.get(id) ?? null);
  }
}

const distinct = (ids: Array<string | null | undefined>): string[] => [...new Set(ids.filter((id): id is string => Boolean(id)))];
