import type { LiveEventType } from '@tasklane/contract';
import { and, asc, desc, gt, gte, lt, ne, or, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRow } from '../../db/insert-select.js';
import { events, projectMembers, projects, workspaces } from '../../db/schema.js';
import type { Actor } from '../context.js';
import type { SqlParam } from '../../db/prepared.js';

/** An event row as stored and as announced (NOTIFY), in the app's names. */
export type EventRow = {
  id: number;
  type: LiveEventType;
  entityId: string;
  projectId: string | null;
  workspaceId: string | null;
  featureId: string | null;
  taskId: string | null;
  ownerId: string | null;
  subjectId: string | null;
  version: number | null;
  actorId: string | null;
  origin: string | null;
  createdAt: Date;
};

/** A value of an event column: a constant, or SQL over the row the write returned (its CTE). */
type Value = SQL | string | number | null | undefined;

export type EventSpec = {
  type: LiveEventType;
  entityId: Value;
  projectId?: Value;
  workspaceId?: Value;
  featureId?: Value;
  taskId?: Value;
  ownerId?: Value;
  subjectId?: Value;
  version?: Value;
};

const uuid = (value: Value): SQL => (value instanceof SQL ? value : sql`${value ?? null}::uuid`);
const int = (value: Value): SQL => (value instanceof SQL ? value : sql`${value ?? null}::integer`);

/**
 * The event of a write, as a data-modifying CTE of the write's own statement: one event row per
 * row of `source` (the CTE holding what the write changed, so nothing changed means no event),
 * or exactly one when there is no source. The change and its event commit together or not at
 * all, and publishing costs no extra statement. The insert fires the NOTIFY trigger.
 */
/** `name`: the CTE's, for a statement that writes two events. */
export function eventOf(db: Db, actor: EventActor, spec: EventSpec, source?: SQLWrapper, name = 'live_event') {
  const row = selectRow(
    events,
    {
      id: sql`nextval(pg_get_serial_sequence('events', 'id'))`,
      type: sql`${spec.type}::text`,
      entityId: uuid(spec.entityId),
      projectId: uuid(spec.projectId),
      workspaceId: uuid(spec.workspaceId),
      featureId: uuid(spec.featureId),
      taskId: uuid(spec.taskId),
      ownerId: uuid(spec.ownerId),
      subjectId: uuid(spec.subjectId),
      version: int(spec.version),
      actorId: sql`${actor.id}::uuid`,
      origin: sql`${actor.clientId}::text`,
      createdAt: sql`statement_timestamp()`,
    },
    source,
  );
  return db.$with(name).as(db.insert(events).select(row).returning({ eventId: events.id }));
}

/** Who acted, and from which client (a statement prepared once takes both as placeholders). */
export type EventActor = { id: SqlParam; clientId: SqlParam<string | null> } | Actor;

/** The workspace of the project whose id is `projectId` (SQL), for project-scoped events. */
export const workspaceOfProject = (projectId: SQLWrapper | string) =>
  sql`(select ${workspaces.id} from ${workspaces} join ${projects} on ${projects.workspaceId} = ${workspaces.id} where ${projects.id} = ${projectId})`;

const eventColumns = {
  id: events.id,
  type: events.type,
  entityId: events.entityId,
  projectId: events.projectId,
  workspaceId: events.workspaceId,
  featureId: events.featureId,
  taskId: events.taskId,
  ownerId: events.ownerId,
  subjectId: events.subjectId,
  version: events.version,
  actorId: events.actorId,
  origin: events.origin,
  createdAt: events.createdAt,
};

export type StreamStart = {
  ownedWorkspaces: string[];
  /** [projectId, workspaceId] of each membership. */
  memberships: Array<[string, string]>;
  /** The newest event id (0 when there is none). */
  latestId: number;
  /** When the event the client resumes after was written; null when it is gone (or never was). */
  resumeAt: Date | null;
};

/** What a new stream needs, in one statement: what the user may see, and where the events stand. */
export async function findStreamStart(db: Db, userId: string, lastEventId: number | null): Promise<StreamStart> {
  const [row] = await db
    .select({
      ownedWorkspaces: sql<string[]>`coalesce((select json_agg(${workspaces.id}) from ${workspaces} where ${workspaces.ownerId} = ${userId}), '[]'::json)`,
      memberships: sql<Array<[string, string]>>`coalesce((
        select json_agg(json_build_array(pm.project_id, p.workspace_id))
        from ${projectMembers} pm join ${projects} p on p.id = pm.project_id
        where pm.user_id = ${userId}), '[]'::json)`,
      latestId: sql<number>`coalesce((select max(${events.id}) from ${events}), 0)`.mapWith(Number),
      resumeAt: sql<string | null>`(select ${events.createdAt} from ${events} where ${events.id} = ${lastEventId ?? 0})`,
    })
    .from(sql`(select 1) as one`);
  return {
    ownedWorkspaces: row!.ownedWorkspaces,
    memberships: row!.memberships,
    latestId: row!.latestId,
    resumeAt: row!.resumeAt === null ? null : new Date(row!.resumeAt),
  };
}

/**
 * Ids are taken when a row is written and committed later, so a slow transaction can commit an
 * id below one already delivered. Replays and catch-ups therefore also resend the events written
 * shortly before the one they resume after (harmless: an event only makes a client refetch).
 */
export const COMMIT_OVERLAP_MS = 5_000;

/**
 * The events after `afterId` (and those within COMMIT_OVERLAP_MS before it), oldest first, at
 * most `limit` of them.
 */
export async function findEventsAfter(db: Db, afterId: number, afterAt: Date, limit: number): Promise<EventRow[]> {
  const rows = await db
    .select(eventColumns)
    .from(events)
    .where(
      or(
        gt(events.id, afterId),
        and(lt(events.id, afterId), gte(events.createdAt, new Date(afterAt.getTime() - COMMIT_OVERLAP_MS)), ne(events.id, afterId)),
      ),
    )
    .orderBy(asc(events.id))
    .limit(limit);
  return rows as EventRow[];
}

/**
 * What a client resuming after event `lastId` missed: the events after it, and those written
 * within COMMIT_OVERLAP_MS before it (found by its own time, read in the same statement), oldest
 * first, at most `limit`. When `lastId` is no longer kept, only the events after it come (the
 * caller resets anyway: findStreamStart tells it the event is gone).
 */
export async function findReplay(db: Db, lastId: number, limit: number): Promise<EventRow[]> {
  const resumedAt = sql`(select ${events.createdAt} from ${events} where ${events.id} = ${lastId})`;
  const rows = await db
    .select(eventColumns)
    .from(events)
    .where(
      or(
        gt(events.id, lastId),
        and(lt(events.id, lastId), gte(events.createdAt, sql`${resumedAt} - ${`${COMMIT_OVERLAP_MS} milliseconds`}::interval`)),
      ),
    )
    .orderBy(asc(events.id))
    .limit(limit);
  return rows as EventRow[];
}

/**
 * What a first connection missed while its client read the data it shows: the events committed
 * in the last `withinMs` milliseconds and within COMMIT_OVERLAP_MS before them (by the database's
 * clock, the one that stamps them), oldest first, at most `limit`.
 */
export async function findRecentEvents(db: Db, withinMs: number, limit: number): Promise<EventRow[]> {
  const rows = await db
    .select(eventColumns)
    .from(events)
    .where(gte(events.createdAt, sql`now() - ${`${withinMs + COMMIT_OVERLAP_MS} milliseconds`}::interval`))
    .orderBy(asc(events.id))
    .limit(limit);
  return rows as EventRow[];
}

/** The newest event, if any: where an instance starts listening from. */
export async function findLatestEvent(db: Db): Promise<{ id: number; at: Date } | undefined> {
  const [row] = await db.select({ id: events.id, at: events.createdAt }).from(events).orderBy(desc(events.id)).limit(1);
  return row;
}

/** Housekeeping: events older than the replay window go. */
export async function pruneEvents(db: Db, olderThan: Date): Promise<number> {
  const rows = await db.delete(events).where(lt(events.createdAt, olderThan)).returning({ id: events.id });
  return rows.length;
}

/** Parses the NOTIFY payload (the row as JSON, in column names). */
export function eventFromNotification(payload: string): EventRow | undefined {
  try {
    const row = JSON.parse(payload) as Record<string, unknown>;
    if (typeof row.id !== 'number' || typeof row.type !== 'string' || typeof row.entity_id !== 'string') return undefined;
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    return {
      id: row.id,
      type: row.type as LiveEventType,
      entityId: row.entity_id,
      projectId: text(row.project_id),
      workspaceId: text(row.workspace_id),
      featureId: text(row.feature_id),
      taskId: text(row.task_id),
      ownerId: text(row.owner_id),
      subjectId: text(row.subject_id),
      version: typeof row.version === 'number' ? row.version : null,
      actorId: text(row.actor_id),
      origin: text(row.origin),
      createdAt: new Date(String(row.created_at)),
    };
  } catch {
    return undefined;
  }
}
