import type { MemberRole, TaskRelationType, TaskStatus } from '@tasklane/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events, projectMembers, projects, taskHistory, taskRelations, tasks, workspaces } from '../../db/schema.js';
import type { Actor } from '../context.js';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

/** A task as a path or a body names it: its id, or its project's key and its number (WEB-12). */
export type TaskRef = { id: string } | { projectKey: string; number: number };

/** `alias` (a tasks row joined with its project as `${alias}p`) is the task `ref` names. */
function refMatches(alias: string, ref: TaskRef): SQL {
  const task = sql.raw(alias);
  const project = sql.raw(`${alias}p`);
  return 'id' in ref ? sql`${task}.id = ${ref.id}::uuid` : sql`(${project}.key = ${ref.projectKey} and ${task}.number = ${ref.number})`;
}

/** Unfinished: a task neither COMPLETED nor CANCELLED still blocks what it BLOCKS. */
const UNFINISHED = sql.raw(`not in ('COMPLETED', 'CANCELLED')`);

/** One unfinished blocker as blockedByJsonOf writes it: id, number, title. */
export type BlockerTuple = [id: string, number: number, title: string];

/**
 * The unfinished tasks blocking the task whose id is `taskId` (SQL over the outer query's row),
 * by number, as one JSON array of BlockerTuple: a correlated lookup on task_relations' target
 * index, in the task's own query (no statement more, no query per task).
 */
export function blockedByJsonOf(taskId: SQLWrapper) {
  return sql<BlockerTuple[]>`coalesce((
    select json_agg(json_build_array(b.id, b.number, b.title) order by b.number)
    from ${taskRelations} r join ${tasks} b on b.id = r.source_task_id
    where r.target_task_id = ${taskId} and r.type = 'BLOCKS' and b.status ${UNFINISHED}
  ), '[]'::json)`;
}

/**
 * The same blockers for many tasks at once (`taskIds`, an SQL uuid[]): one row per task that has
 * any, `task_id` and `blocked_by` (as blockedByJsonOf writes it). For a page of hundreds (the
 * board), one scan of task_relations' target index for all of them costs less than a lookup per
 * row.
 */
export function blockersOfTasks(taskIds: SQLWrapper) {
  return sql`select r.target_task_id as task_id, json_agg(json_build_array(b.id, b.number, b.title) order by b.number) as blocked_by
    from ${taskRelations} r join ${tasks} b on b.id = r.source_task_id
    where r.target_task_id = any(${taskIds}) and r.type = 'BLOCKS' and b.status ${UNFINISHED}
    group by r.target_task_id`;
}

/** A task of a relation request, with what deciding the caller's role needs. */
export type RelationTaskRow = {
  id: string;
  projectId: string;
  featureId: string;
  number: number;
  title: string;
  status: TaskStatus;
  projectKey: string;
  workspaceOwnerId: string;
  membershipRole: MemberRole | null;
  isAsked: boolean;
  isOther: boolean;
};

const taskColumns = (alias: string, userId: string) => {
  const t = sql.raw(alias);
  const p = sql.raw(`${alias}p`);
  return sql`${t}.id, ${t}.project_id as "projectId", ${t}.feature_id as "featureId", ${t}.number, ${t}.title, ${t}.status,
    ${p}.key as "projectKey", w.owner_id as "workspaceOwnerId",
    (select m.role from ${projectMembers} m where m.project_id = ${t}.project_id and m.user_id = ${userId}::uuid) as "membershipRole"`;
};

/**
 * The asked task and the other task a new relation names, in one query: each row says which of
 * the two it is (both, when they are the same task). A task that does not exist is no row.
 */
export async function findRelationPair(db: Db, asked: TaskRef, other: TaskRef, userId: string): Promise<RelationTaskRow[]> {
  const result = await db.execute(sql`
    select ${taskColumns('t', userId)}, ${refMatches('t', asked)} as "isAsked", ${refMatches('t', other)} as "isOther"
    from ${tasks} t join ${projects} tp on tp.id = t.project_id join ${workspaces} w on w.id = tp.workspace_id
    where ${refMatches('t', asked)} or ${refMatches('t', other)}
    limit 2`);
  return rowsOf<RelationTaskRow>(result);
}

/** A relation as its task's list shows it: id, type, whether the task is its source, the other task, when. */
export type RelationTuple = [
  id: string,
  type: TaskRelationType,
  isOutgoing: boolean,
  taskId: string,
  number: number,
  title: string,
  status: TaskStatus,
  featureId: string,
  createdAt: string,
];

export type TaskRelationsRow = Omit<RelationTaskRow, 'isAsked' | 'isOther'> & { relations: RelationTuple[] };

/** The task (with the caller's role) and every relation of it, oldest first, in one query. */
export async function findTaskRelations(db: Db, asked: TaskRef, userId: string): Promise<TaskRelationsRow | undefined> {
  const result = await db.execute(sql`
    select ${taskColumns('t', userId)},
      coalesce((
        select json_agg(json_build_array(r.id, r.type, r.source_task_id = t.id, o.id, o.number, o.title, o.status, o.feature_id, r.created_at)
          order by r.created_at, r.id)
        from ${taskRelations} r
          join ${tasks} o on o.id = case when r.source_task_id = t.id then r.target_task_id else r.source_task_id end
        where r.source_task_id = t.id or r.target_task_id = t.id
      ), '[]'::json) as relations
    from ${tasks} t join ${projects} tp on tp.id = t.project_id join ${workspaces} w on w.id = tp.workspace_id
    where ${refMatches('t', asked)}
    limit 1`);
  return rowsOf<TaskRelationsRow>(result)[0];
}

/**
 * Relations are added one at a time per project: a new BLOCKS checks for a cycle against every
 * committed relation, so two opposite ones sent at once cannot both land. Transaction-scoped (it
 * ends at the commit); the two-key form keeps it apart from the instance's single-key locks.
 */
const RELATIONS_LOCK_NAMESPACE = 727_465_019;

export async function lockProjectRelations(tx: Db, projectId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${RELATIONS_LOCK_NAMESPACE}, hashtext(${projectId}))`);
}

/** The history details of a relation on one of its tasks: the other task as it is now. */
export type RelationSide = {
  taskId: string;
  featureId: string;
  projectId: string;
  details: { relationId?: string; type: TaskRelationType; direction: 'outgoing' | 'incoming'; task: { _id: string; key: string; title: string } };
};

/** A task the cycle check reached from a new BLOCKS' target: [task, the task it was reached from, its number]. */
export type ReachedTask = [id: string, parent: string | null, number: number];

export type InsertOutcome = { outcome: 'added'; id: string; createdAt: string } | { outcome: 'duplicate' } | { outcome: 'cycle'; reach: ReachedTask[] };

/**
 * The history entries and live events of a relation on both its tasks, from the CTE `source`
 * (one row: the relation's `id`), in the statement that writes or deletes it.
 */
function historyAndEvents(actor: Actor, source: SQL, action: 'RELATION_ADDED' | 'RELATION_REMOVED', sides: [RelationSide, RelationSide]) {
  const type = action === 'RELATION_ADDED' ? 'relation.added' : 'relation.removed';
  const values = sql.join(
    sides.map((side) => sql`(${side.taskId}::uuid, ${side.featureId}::uuid, ${side.projectId}::uuid, ${JSON.stringify(side.details)}::jsonb)`),
    sql`, `,
  );
  return sql`
    sides(task_id, feature_id, project_id, details) as (values ${values}),
    logged as (
      insert into ${taskHistory} (id, task_id, user_id, action, details, created_at)
      select gen_random_uuid(), s.task_id, ${actor.id}::uuid, ${action},
        s.details || jsonb_build_object('relationId', src.id), statement_timestamp()
      from ${source} src cross join sides s
      returning 1
    ),
    live_event as (
      insert into ${events} (id, type, entity_id, project_id, workspace_id, feature_id, task_id, owner_id, subject_id, version, actor_id, origin, created_at)
      select nextval(pg_get_serial_sequence('events', 'id')), ${type}, src.id, s.project_id,
        (select pw.workspace_id from ${projects} pw where pw.id = s.project_id), s.feature_id, s.task_id, null, null, null,
        ${actor.id}::uuid, ${actor.clientId}::text, statement_timestamp()
      from ${source} src cross join sides s
      returning 1
    )`;
}

/**
 * Adds `source` `type` `target` with its history on both tasks and their live events, in one
 * statement (run under lockProjectRelations): unless a BLOCKS would close a cycle (the target
 * already blocks, through others, the source) or the two tasks already have a relation of the
 * type (either way round).
 */
export async function insertRelation(
  tx: Db,
  actor: Actor,
  relation: { sourceId: string; targetId: string; type: TaskRelationType },
  sides: [RelationSide, RelationSide],
): Promise<InsertOutcome> {
  const isBlocks = relation.type === 'BLOCKS';
  // Every task the target blocks, directly or not, each reached once (UNION drops a task reached
  // again from the same one): bounded by the project's BLOCKS relations, however they branch.
  const result = await tx.execute(sql`
    with recursive reach(id, parent, number) as (
      select ${relation.targetId}::uuid, null::uuid, 0
      union
      select r.target_task_id, r.source_task_id, n.number
      from reach join ${taskRelations} r on r.source_task_id = reach.id and r.type = 'BLOCKS'
        join ${tasks} n on n.id = r.target_task_id
      where ${isBlocks}
    ),
    cycle as (select 1 from reach where id = ${relation.sourceId}::uuid limit 1),
    inserted as (
      insert into ${taskRelations} (id, source_task_id, target_task_id, type, created_by, created_at)
      select gen_random_uuid(), ${relation.sourceId}::uuid, ${relation.targetId}::uuid, ${relation.type}, ${actor.id}::uuid, statement_timestamp()
      where not exists (select 1 from cycle)
      on conflict do nothing
      returning id, created_at
    ),
    ${historyAndEvents(actor, sql`inserted`, 'RELATION_ADDED', sides)}
    select (select to_json(i.id) from inserted i) as id,
      (select to_json(i.created_at) from inserted i) as "createdAt",
      case when exists (select 1 from cycle) then (select json_agg(json_build_array(id, parent, number)) from reach) end as reach,
      (select count(*) from logged)::int + (select count(*) from live_event)::int as written`);
  const [row] = rowsOf<{ id: string | null; createdAt: string | null; reach: ReachedTask[] | null }>(result);
  if (row?.reach) return { outcome: 'cycle', reach: row.reach };
  if (row?.id && row.createdAt) return { outcome: 'added', id: row.id, createdAt: row.createdAt };
  return { outcome: 'duplicate' };
}

/** A relation of the asked task, with both its tasks as they are now. */
export type RelationRow = {
  id: string;
  type: TaskRelationType;
  source: Omit<RelationTaskRow, 'isAsked' | 'isOther' | 'workspaceOwnerId' | 'membershipRole'>;
  target: Omit<RelationTaskRow, 'isAsked' | 'isOther' | 'workspaceOwnerId' | 'membershipRole'>;
};

export type RelationAccessRow = Omit<RelationTaskRow, 'isAsked' | 'isOther'> & { relation: RelationRow | null };

const taskJson = (alias: string) => {
  const t = sql.raw(alias);
  return sql`json_build_object('id', ${t}.id, 'projectId', ${t}.project_id, 'featureId', ${t}.feature_id, 'number', ${t}.number,
    'title', ${t}.title, 'status', ${t}.status, 'projectKey', tp.key)`;
};

/** The asked task (with the caller's role) and its relation `relationId` (null when it has none by that id), in one query. */
export async function findRelationOfTask(db: Db, asked: TaskRef, relationId: string, userId: string): Promise<RelationAccessRow | undefined> {
  const result = await db.execute(sql`
    select ${taskColumns('t', userId)},
      case when r.id is null then null else json_build_object('id', r.id, 'type', r.type, 'source', ${taskJson('s')}, 'target', ${taskJson('g')}) end as relation
    from ${tasks} t join ${projects} tp on tp.id = t.project_id join ${workspaces} w on w.id = tp.workspace_id
      left join ${taskRelations} r on r.id = ${relationId}::uuid and (r.source_task_id = t.id or r.target_task_id = t.id)
      left join ${tasks} s on s.id = r.source_task_id
      left join ${tasks} g on g.id = r.target_task_id
    where ${refMatches('t', asked)}
    limit 1`);
  return rowsOf<RelationAccessRow>(result)[0];
}

/** Deletes the relation with its history on both tasks and their live events, in one statement; false when it was gone. */
export async function deleteRelation(db: Db, actor: Actor, relationId: string, sides: [RelationSide, RelationSide]): Promise<boolean> {
  const result = await db.execute(sql`
    with deleted as (delete from ${taskRelations} where id = ${relationId}::uuid returning id),
    ${historyAndEvents(actor, sql`deleted`, 'RELATION_REMOVED', sides)}
    select (select count(*) from deleted)::int as deleted, (select count(*) from logged)::int + (select count(*) from live_event)::int as written`);
  const [row] = rowsOf<{ deleted: number }>(result);
  return Number(row?.deleted ?? 0) > 0;
}
