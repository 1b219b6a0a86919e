import { z } from 'zod';
import { queryIntSchema } from './common.js';

/**
 * Live events (GET /api/v1/events, Server-Sent Events): one per committed change, sent to the
 * users allowed to see what changed. An event names what changed (ids, type, version, who did
 * it) and never carries its content: clients refetch what they show.
 */
export const liveEventTypes = [
  'todo.created',
  'todo.updated',
  'todo.deleted',
  'category.created',
  'category.deleted',
  'workspace.created',
  'workspace.updated',
  'workspace.deleted',
  'project.created',
  'project.updated',
  'project.deleted',
  'member.added',
  'member.updated',
  'member.removed',
  'feature.created',
  'feature.updated',
  'feature.deleted',
  'task.created',
  'task.updated',
  'task.moved',
  'task.deleted',
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'attachment.added',
  'attachment.removed',
  'notification.created',
  'notification.read',
  'relation.added',
  'relation.removed',
] as const;
export type LiveEventType = (typeof liveEventTypes)[number];

const id = z.string().describe('A uuid');

/** The data of one change event (the SSE `message` event; its `id:` line is the same `id`). */
export const liveEventSchema = z.object({
  id: z.string().regex(/^\d+$/).describe('The event id: increasing, the same on every app instance (send it back as Last-Event-ID)'),
  type: z.enum(liveEventTypes).describe('What happened: <entity>.<action>'),
  entityId: id.describe('The id of what changed (for member events: the membership)'),
  projectId: id.nullable().describe('The project it belongs to (project, member, feature, task, comment, attachment events)'),
  workspaceId: id.nullable().describe('The workspace it belongs to (workspace and project-scoped events)'),
  featureId: id.nullable().describe('The feature (feature, task, comment, attachment events)'),
  taskId: id.nullable().describe('The task (task, comment, attachment events)'),
  userId: id.nullable().describe('Member events: the user whose membership changed'),
  version: z.number().int().nullable().describe("The changed resource's version after the change (tasks, features, projects)"),
  actorId: id.nullable().describe('Who made the change'),
  origin: z.string().nullable().describe('The X-Client-Id the change was sent with: a tab ignores its own echoes'),
  at: z.string().describe('When it was committed (ISO 8601)'),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The header a client names itself with on writes, echoed as `origin` in their events. */
export const CLIENT_ID_HEADER = 'x-client-id';
/** What a client id may look like (anything else is ignored: the event then has no origin). */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The longest look back `sinceMs` accepts (a day); the server keeps events for an hour. */
export const MAX_SINCE_MS = 86_400_000;

/**
 * GET /api/v1/events: `lastEventId` resumes after that event (as the Last-Event-ID header does).
 * `sinceMs` is for a first connection: the client read its data before the stream opened, so
 * the stream starts by replaying the events of that many milliseconds before it opened (a
 * `reset` when they are no longer all kept). A resume (either form of Last-Event-ID) wins.
 */
export const eventsQuerySchema = z.object({
  lastEventId: z
    .string()
    .regex(/^\d{1,18}$/, 'lastEventId must be an event id')
    .optional()
    .describe('Resume after this event (for a manual reconnect; EventSource sends the Last-Event-ID header itself)'),
  sinceMs: queryIntSchema('sinceMs', 0, MAX_SINCE_MS)
    .optional()
    .describe(
      'First connection only: also replay the events committed in the last this many milliseconds (how long ago the client read the data it shows), or a reset when they are no longer kept (one hour)',
    ),
});
