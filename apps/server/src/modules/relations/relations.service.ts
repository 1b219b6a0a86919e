import { formatTaskKey, parseTaskKey, type CreateTaskRelationData, type TaskRelation, type TaskRelationType } from '@tasklane/contract';
import { badRequest, conflict, notFound, notFoundOrNotYours } from '../../http/errors.js';
import type { Actor, ServiceContext } from '../context.js';
import { requireRole, requireVisible, roleFrom } from '../projects/project-access.js';
import { minimumRoleFor } from '../projects/projects.policy.js';
import type { UserRow } from '../users/users.repo.js';
import { presentRelation, presentRelationTuple } from './relations.presenter.js';
import * as repo from './relations.repo.js';

const EDIT_ONLY = 'Only members, moderators and admins can add and remove relations';
const field = (message: string) => badRequest(message, [{ field: 'taskId', message }]);

/** A task named by its id or its key (WEB-12, any case). */
function refOf(taskIdOrKey: string): repo.TaskRef {
  const key = parseTaskKey(taskIdOrKey);
  return key ? key : { id: taskIdOrKey.trim() };
}

const keyOf = (task: { projectKey: string; number: number }) => formatTaskKey(task.projectKey, task.number);

export async function listRelations(ctx: ServiceContext, user: UserRow, taskIdOrKey: string): Promise<TaskRelation[]> {
  const { row } = requireVisible(user, await repo.findTaskRelations(ctx.db, refOf(taskIdOrKey), user.id), 'Task');
  return row.relations.map((tuple) => presentRelationTuple(tuple, row.projectKey));
}

/** A body's type as stored: the inverses are the other task's BLOCKS and DUPLICATES. */
function storedTypeOf(type: CreateTaskRelationData['type']): { type: TaskRelationType; isInverse: boolean } {
  if (type === 'BLOCKED_BY') return { type: 'BLOCKS', isInverse: true };
  if (type === 'DUPLICATED_BY') return { type: 'DUPLICATES', isInverse: true };
  return { type, isInverse: false };
}

type PairTask = Omit<repo.RelationTaskRow, 'isAsked' | 'isOther' | 'workspaceOwnerId' | 'membershipRole'>;

/** The history details of a relation on each of its tasks: each names the other, from its own side. */
function sidesOf(type: TaskRelationType, source: PairTask, target: PairTask): [repo.RelationSide, repo.RelationSide] {
  const side = (task: PairTask, other: PairTask, direction: 'outgoing' | 'incoming'): repo.RelationSide => ({
    taskId: task.id,
    featureId: task.featureId,
    projectId: task.projectId,
    details: { type, direction, task: { _id: other.id, key: keyOf(other), title: other.title } },
  });
  return [side(source, target, 'outgoing'), side(target, source, 'incoming')];
}

/**
 * The cycle a refused BLOCKS would close, by task keys: the source, the target, the tasks the
 * target blocks on the way back to the source, and the source again ("WEB-1 → WEB-2 → WEB-1").
 */
export function cycleKeys(projectKey: string, source: PairTask, target: PairTask, reach: repo.ReachedTask[]): string[] {
  const parents = new Map<string, { parent: string | null; number: number }>();
  for (const [id, parent, number] of reach) if (!parents.has(id)) parents.set(id, { parent, number });
  const back: string[] = [];
  let at: string | null = source.id;
  // The target's tasks were each reached from one before them: the walk ends at the target.
  for (let steps = 0; at !== null && steps <= reach.length; steps++) {
    const step = parents.get(at);
    if (!step) break;
    back.push(at);
    at = step.parent;
  }
  // The walk started at the target (its row carries no number): the pair knows both ends.
  const numbers = new Map<string, number>([...parents].map(([id, step]) => [id, step.number]));
  numbers.set(source.id, source.number).set(target.id, target.number);
  return [keyOf(source), ...back.reverse().map((id) => formatTaskKey(projectKey, numbers.get(id) ?? 0))];
}

/**
 * Relates the asked task to another task of its project (MEMBER and above), both named by id or
 * key. Relations of a project are added one at a time (a transaction-scoped lock), so the cycle
 * check sees every committed relation: of two opposite BLOCKS sent at once, the second is refused.
 */
export async function createRelation(ctx: ServiceContext, user: Actor, taskIdOrKey: string, data: CreateTaskRelationData): Promise<TaskRelation> {
  const rows = await repo.findRelationPair(ctx.db, refOf(taskIdOrKey), refOf(data.taskId), user.id);
  const { row: asked, role } = requireVisible(user, rows.find((row) => row.isAsked), 'Task');
  requireRole(role, minimumRoleFor.canEditTasks, EDIT_ONLY);
  if (asked.isOther) throw field('A task cannot be related to itself');
  const other = rows.find((row) => row.isOther && !row.isAsked);
  if (!other || !roleFrom(user, other)) throw notFound(`Task ${data.taskId} not found`);
  if (other.projectId !== asked.projectId) throw field('Both tasks must be in the same project');

  const { type, isInverse } = storedTypeOf(data.type);
  const [source, target] = isInverse ? [other, asked] : [asked, other];
  const result = await ctx.db.transaction(async (tx) => {
    await repo.lockProjectRelations(tx, asked.projectId);
    return repo.insertRelation(tx, user, { sourceId: source.id, targetId: target.id, type }, sidesOf(type, source, target));
  });
  if (result.outcome === 'cycle') {
    throw conflict(`This would make a cycle of blocking tasks: ${cycleKeys(asked.projectKey, source, target, result.reach).join(' → ')}`);
  }
  if (result.outcome === 'duplicate') throw conflict(`${keyOf(asked)} and ${keyOf(other)} already have a ${type} relation`);
  return presentRelation({ id: result.id, type, createdAt: result.createdAt, isOutgoing: source.id === asked.id, other: { ...other, projectKey: asked.projectKey } });
}

/** Removes one of the asked task's relations (MEMBER and above); 404 for a relation of another task. */
export async function deleteRelation(ctx: ServiceContext, user: Actor, taskIdOrKey: string, relationId: string): Promise<void> {
  const { row, role } = requireVisible(user, await repo.findRelationOfTask(ctx.db, refOf(taskIdOrKey), relationId, user.id), 'Task');
  requireRole(role, minimumRoleFor.canEditTasks, EDIT_ONLY);
  const { relation } = row;
  if (!relation) throw notFoundOrNotYours('Relation');
  const isDeleted = await repo.deleteRelation(ctx.db, user, relation.id, sidesOf(relation.type, relation.source, relation.target));
  if (!isDeleted) throw notFoundOrNotYours('Relation');
}
