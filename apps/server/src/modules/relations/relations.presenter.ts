import { formatTaskKey, type Blocker, type TaskRelation, type TaskRelationType, type TaskStatus } from '@tasklane/contract';
import { isoTimestamp } from '../tasks/tasks.presenter.js';
import type { BlockerTuple, RelationTuple } from './relations.repo.js';

type OtherTask = { id: string; number: number; title: string; status: TaskStatus; featureId: string; projectKey: string };

/** A relation from one of its tasks' side: `isOutgoing` when that task is its source. */
export function presentRelation(relation: { id: string; type: TaskRelationType; createdAt: string; isOutgoing: boolean; other: OtherTask }): TaskRelation {
  const { other } = relation;
  return {
    _id: relation.id,
    type: relation.type,
    direction: relation.isOutgoing ? 'outgoing' : 'incoming',
    task: { _id: other.id, key: formatTaskKey(other.projectKey, other.number), title: other.title, status: other.status, featureId: other.featureId },
    createdAt: isoTimestamp(relation.createdAt),
  };
}

/** A relation as the task's list reads it (both tasks are of the project whose key is `projectKey`). */
export function presentRelationTuple([id, type, isOutgoing, taskId, number, title, status, featureId, createdAt]: RelationTuple, projectKey: string): TaskRelation {
  return presentRelation({ id, type, createdAt, isOutgoing, other: { id: taskId, number, title, status, featureId, projectKey } });
}

/** A task's unfinished blockers, as its answers carry them (`blockedBy`). */
export function presentBlockedBy(tuples: readonly BlockerTuple[], projectKey: string): Blocker[] {
  return tuples.map(([id, number, title]) => ({ _id: id, key: formatTaskKey(projectKey, number), title }));
}
