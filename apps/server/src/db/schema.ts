import { sql, type SQL } from 'drizzle-orm';
import type { UserPreferences } from '@tasklane/contract';
import {
  bigint,
  customType,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Search everything (issue 18, decision 029): each searchable row carries a `search_vector` the
 * database computes itself (a generated stored column), read by a GIN index. The 'simple'
 * configuration lower-cases words and neither stems nor drops any, whatever the language the
 * text is in. Weights rank a title match (A) above a tag (B) above a description or a comment (C).
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const weighted = (column: string, weight: 'A' | 'B' | 'C'): SQL =>
  sql.raw(`setweight(to_tsvector('simple'::regconfig, coalesce("${column}", '')), '${weight}')`);
/** Tags as words: tasklane_words() (migration 0014) is array_to_string declared immutable, as a generated column needs. */
const weightedTags = (column: string): SQL => sql.raw(`setweight(to_tsvector('simple'::regconfig, tasklane_words("${column}")), 'B')`);
const searchVector = (...parts: SQL[]) => tsvector('search_vector').notNull().generatedAlwaysAs(sql.join(parts, sql.raw(' || ')));

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    avatar: text('avatar'),
    /** The uploaded avatar in the file store (a generated key) and its type; null: initials. */
    avatarKey: text('avatar_key'),
    avatarContentType: text('avatar_content_type'),
    /** The instance's administrators (issue 16); the first account registered is one. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** A deactivated account cannot sign in; it stays visible in history. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * A deleted account keeps its row, scrubbed and named "Deleted user", so the tasks,
     * comments and history it wrote stay attributed.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Two-factor sign-in (TOTP): the confirmed secret, and the one being enrolled. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step whose code was accepted: a code is good once (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * The IANA time zone the user's reminders are timed in (issue 17), as Intl knows it; null
     * until chosen (the web app sets the browser's), and then UTC.
     */
    timeZone: text('time_zone'),
    /**
     * Display choices (issue 18: the todos dashboard's and /tasks's layout), only those chosen;
     * GET /users/me fills in the defaults. Read with the session, so they cost no request.
     */
    preferences: jsonb('preferences').$type<Partial<UserPreferences>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Emails are stored lower-cased; usernames are unique whatever their case.
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${table.username})`),
  ],
);

/** A session row is keyed by the SHA-256 of its token: the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where and with what the session was made, for the account's sessions list. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId), index('sessions_expires_at_idx').on(table.expiresAt)],
);

/** Fixed-window counters shared by every app instance (login and register limits). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_reset_at_idx').on(table.resetAt)],
);

/**
 * Server-side secrets every app instance must share (they share only the database), each
 * generated once by whichever instance needs it first: the key that signs device cookies.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes for two-factor sign-in, stored as SHA-256 hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.userId)],
);

/**
 * A sign-in waiting for its second step: keyed by the SHA-256 of the token held in a
 * short-lived HttpOnly cookie; it expires after five minutes.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('login_challenges_expires_at_idx').on(table.expiresAt)],
);

/** Single-use password-reset tokens, keyed by their SHA-256; they expire after one hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('password_reset_tokens_user_id_idx').on(table.userId),
    index('password_reset_tokens_expires_at_idx').on(table.expiresAt),
  ],
);

/** Instance-wide settings, one row (id 1): who may register. */
export const instanceSettings = pgTable('instance_settings', {
  id: integer('id').primaryKey().default(1),
  /** open | invite | closed */
  registration: text('registration').notNull().default('open'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Registration invites made by an administrator: single-use, optionally for one email. */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    email: text('email'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('invites_token_hash_unique').on(table.tokenHash)],
);

/**
 * Email waiting to be sent. Any instance claims due rows with FOR UPDATE SKIP LOCKED, so a
 * message is sent once across instances and survives a restart.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: jsonb('headers'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.sentAt} is null`)],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    type: text('type', { enum: ['TASK', 'PROJECT', 'BLOG', 'TODO'] }).notNull(),
    color: text('color').notNull(),
    workspaceId: uuid('workspace_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One slug per owner and type; the index also serves the owner's listing by type.
    uniqueIndex('categories_owner_type_slug_unique').on(table.ownerId, table.type, table.slug),
  ],
);

/**
 * Where quick add puts a todo without a category (issue 18, decision 032): chosen in Settings, or
 * the "Inbox" quick add creates on first use; null again when that category is deleted. A table of
 * its own, not a column of users: users and categories would point at each other, and a restore
 * that checks foreign keys loads parents first.
 */
export const todoPreferences = pgTable('todo_preferences', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  defaultCategoryId: uuid('default_category_id').references(() => categories.id, { onDelete: 'set null' }),
  // The category's deletion finds the preferences that name it.
}, (table) => [index('todo_preferences_default_category_idx').on(table.defaultCategoryId)]);

export const todos = pgTable(
  'todos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priority: text('priority', { enum: ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] }).notNull(),
    status: text('status', { enum: ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    // A deleted category leaves its todos without one; they are never deleted with it.
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default([]),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    isToday: boolean('is_today').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: searchVector(weighted('title', 'A'), weightedTags('tags'), weighted('description', 'C')),
    // Issue 19 (decision 036): the RRULE the todo repeats by, and the zone it was set in.
    recurrence: text('recurrence'),
    recurrenceTimeZone: text('recurrence_time_zone'),
    // The completed occurrence this todo was made from: unique, so that completing one twice at
    // once makes one next todo, never two.
    previousOccurrenceId: uuid('previous_occurrence_id').references((): AnyPgColumn => todos.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('todos_search_idx').using('gin', table.searchVector),
    index('todos_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    index('todos_owner_due_created_idx').on(table.ownerId, table.dueDate, table.createdAt),
    index('todos_category_id_idx').on(table.categoryId),
    uniqueIndex('todos_previous_occurrence_unique').on(table.previousOccurrenceId),
    // The reminder scheduler's one query: open todos by due date, across owners (decision 027).
    index('todos_reminder_due_idx')
      .on(table.dueDate, table.id)
      .where(sql`${table.dueDate} is not null and ${table.status} not in ('COMPLETED', 'CANCELLED')`),
  ],
);

export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: searchVector(weighted('name', 'A')),
  },
  (table) => [
    index('workspaces_owner_id_idx').on(table.ownerId, table.createdAt),
    index('workspaces_search_idx').using('gin', table.searchVector),
    index('workspaces_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 2 to 6 capital letters, unique on the instance (decision 028): its tasks are KEY-<number>. */
    key: text('key').notNull(),
    /**
     * The number of the project's last task: a create takes the next in the same statement as
     * its insert (the row's lock queues concurrent creates), so numbers are never reused.
     */
    lastTaskNumber: integer('last_task_number').notNull().default(0),
    description: text('description').notNull().default(''),
    status: text('status', {
      enum: ['BACKLOG', 'PLANNING', 'IN_PROGRESS', 'ON_HOLD', 'IN_REVIEW', 'READY_FOR_RELEASE', 'RELEASED', 'ARCHIVED'],
    })
      .notNull()
      .default('BACKLOG'),
    priority: text('priority', { enum: ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] }).notNull().default('MEDIUM'),
    logo: text('logo'),
    coverImage: text('cover_image'),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    color: text('color').notNull().default('#3B82F6'),
    isPublic: boolean('is_public').notNull().default(false),
    allowMemberInvites: boolean('allow_member_invites').notNull().default(true),
    requireApproval: boolean('require_approval').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // Optimistic concurrency: 1 at creation, incremented by every update of the project's fields.
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: searchVector(weighted('name', 'A'), weighted('description', 'C')),
  },
  (table) => [
    index('projects_workspace_id_idx').on(table.workspaceId, table.createdAt),
    uniqueIndex('projects_key_unique').on(table.key),
    index('projects_search_idx').using('gin', table.searchVector),
    index('projects_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['ADMIN', 'MODERATOR', 'MEMBER', 'VIEWER'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One membership per user and project, even when two adds race.
    uniqueIndex('project_members_project_user_unique').on(table.projectId, table.userId),
    index('project_members_user_id_idx').on(table.userId),
  ],
);

export const features = pgTable(
  'features',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['BACKLOG', 'IN_PROGRESS', 'IN_REVIEW', 'DONE', 'ARCHIVED'] })
      .notNull()
      .default('BACKLOG'),
    priority: text('priority', { enum: ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] }).notNull().default('MEDIUM'),
    dueDate: date('due_date', { mode: 'string' }),
    estimatedHours: integer('estimated_hours'),
    actualHours: integer('actual_hours'),
    /**
     * The category the board's inline "+ Add task" gives a new task (issue 18, decision 032): a
     * TASK category of whoever set it; null when none was set or it was deleted.
     */
    defaultCategoryId: uuid('default_category_id').references(() => categories.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: searchVector(weighted('title', 'A'), weighted('description', 'C')),
  },
  (table) => [
    index('features_search_idx').using('gin', table.searchVector),
    index('features_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    index('features_project_created_idx').on(table.projectId, table.createdAt),
    // A category's deletion clears the features whose default it was.
    index('features_default_category_idx').on(table.defaultCategoryId).where(sql`${table.defaultCategoryId} is not null`),
    // The target of tasks' (feature_id, project_id) key: a task's project is its feature's.
    unique('features_id_project_unique').on(table.id, table.projectId),
  ],
);

/** A task's statuses, as `tasks.status` and `feature_task_counts.status` hold them. */
const taskStatusValues = ['TODO', 'IN_PROGRESS', 'DEV_COMPLETED', 'REOPEN', 'BLOCKED', 'IN_REVIEW', 'COMPLETED', 'CANCELLED'] as const;

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    featureId: uuid('feature_id').notNull(),
    /** Its number in its project (1, 2, 3 ... in creation order, never reused): key PROJECTKEY-number. */
    number: integer('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: taskStatusValues })
      .notNull()
      .default('TODO'),
    priority: text('priority', { enum: ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] }).notNull().default('MEDIUM'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    // A deleted category leaves its tasks without one.
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    estimatedHours: integer('estimated_hours'),
    actualHours: integer('actual_hours'),
    tags: text('tags').array().notNull().default([]),
    blockedReason: text('blocked_reason'),
    /**
     * The task's place on the feature's board: a fractional-index key (rules/board-rank.ts),
     * compared byte by byte (the column is COLLATE "C", set in migration 0005). A card's column
     * is its status; inside a column, cards sort by this key. Changing it alone is not an edit:
     * no history, no new version.
     */
    boardRank: text('board_rank').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The task this one is a subtask of (issue 19, decision 033): a task of the same feature that
     * is not itself a subtask; set at creation only. Deleting the parent without its subtasks
     * leaves them as top-level tasks (the service clears it first, bumping their versions).
     */
    parentTaskId: uuid('parent_task_id').references((): AnyPgColumn => tasks.id, { onDelete: 'set null' }),
    /** A subtask's place in its parent's list (ascending; ties by creation): PUT /tasks/{id}/subtasks/order. */
    subtaskPosition: integer('subtask_position').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: searchVector(weighted('title', 'A'), weightedTags('tags'), weighted('description', 'C')),
  },
  (table) => [
    index('tasks_search_idx').using('gin', table.searchVector),
    index('tasks_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    // The title's words alone (decision 029, "Bounded work"): a search reads title matches first
    // and the larger set of every field's only when titles do not fill the page.
    index('tasks_title_words_idx').using('gin', sql`to_tsvector('simple'::regconfig, ${table.title})`),
    foreignKey({
      name: 'tasks_feature_project_fk',
      columns: [table.featureId, table.projectId],
      foreignColumns: [features.id, features.projectId],
    }).onDelete('cascade'),
    index('tasks_feature_created_idx').on(table.featureId, table.createdAt),
    // A task by its key (GET /tasks/WEB-42), and no number twice in a project.
    uniqueIndex('tasks_project_number_unique').on(table.projectId, table.number),
    index('tasks_assignee_due_idx').on(table.assigneeId, table.dueDate),
    // The reminder scheduler's one query: open assigned tasks by due date, across assignees (decision 027).
    index('tasks_reminder_due_idx')
      .on(table.dueDate, table.id)
      .where(sql`${table.dueDate} is not null and ${table.assigneeId} is not null and ${table.status} not in ('COMPLETED', 'CANCELLED')`),
    // Project statistics count tasks by status (an index-only scan). Not from feature_task_counts:
    // a project has many small features, and summing their rows was slower (decision 052).
    index('tasks_project_status_idx').on(table.projectId, table.status),
    index('tasks_category_id_idx').on(table.categoryId),
    // A project's calendar (issue 19, decision 035): its tasks due in a range of days.
    index('tasks_project_due_idx').on(table.projectId, table.dueDate).where(sql`${table.dueDate} is not null`),
    // The board reads each column of a feature in rank order (then id), a page at a time; with a
    // search or a priority, the counts per status read it too (without, feature_task_counts).
    index('tasks_feature_status_rank_idx').on(table.featureId, table.status, table.boardRank, table.id),
    // A parent's subtasks in order, and its progress counts (decision 033).
    index('tasks_parent_position_idx').on(table.parentTaskId, table.subtaskPosition).where(sql`${table.parentTaskId} is not null`),
  ],
);

/**
 * How many tasks each feature has in each status, kept by the database itself: triggers on
 * `tasks` (migrations 0029 and 0030) count every insert, delete, and change of status or
 * feature, in the same transaction. The statistics tiles and column totals of a feature's task
 * table and board read these few rows instead of counting its tasks (issue 15 §2, decision
 * 052). Written by nothing else; a row may hold 0.
 */
export const featureTaskCounts = pgTable(
  'feature_task_counts',
  {
    featureId: uuid('feature_id')
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
    status: text('status', { enum: taskStatusValues }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.featureId, table.status] })],
);

/** Written by the server in the same statement as the change it describes; never edited. */
export const taskHistory = pgTable(
  'task_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', {
      enum: [
        'CREATED',
        'UPDATED',
        'ESTIMATED_HOURS_CHANGED',
        'ACTUAL_HOURS_CHANGED',
        'STATUS_CHANGED',
        'PRIORITY_CHANGED',
        'DUE_DATE_CHANGED',
        'ASSIGNEE_CHANGED',
        'ATTACHMENT_ADDED',
        'ATTACHMENT_REMOVED',
        'BLOCKED',
        'UNBLOCKED',
        'RELATION_ADDED',
        'RELATION_REMOVED',
        'SUBTASK_ADDED',
        'SUBTASK_REMOVED',
      ],
    }).notNull(),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('task_history_task_created_idx').on(table.taskId, table.createdAt)],
);

export const taskComments = pgTable(
  'task_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its author last changed its text (issue 17); null while it is as first written. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * Its task's project: given by the app's insert, else set by the database (a BEFORE INSERT
     * trigger, migrations 0016 and 0031; a task never changes project), so a search reads the
     * comments of the caller's projects through an index instead of joining every matching
     * comment to its task (decision 029).
     */
    projectId: uuid('project_id'),
    searchVector: searchVector(weighted('comment', 'C')),
  },
  (table) => [
    index('task_comments_task_created_idx').on(table.taskId, table.createdAt),
    // Who commented on a task, without reading each comment: the notifier skips from one
    // commenter to the next (decision 025, "Who commented"), and the watch state probes it.
    index('task_comments_task_user_idx').on(table.taskId, table.userId),
    index('task_comments_project_id_idx').on(table.projectId),
    index('task_comments_search_idx').using('gin', table.searchVector),
  ],
);

/**
 * A file attached to a task. The bytes live in the file store under `storage_key` (a
 * generated id, never the uploaded name); the row is written only after the file is in
 * place, and the file is removed after the row's delete commits.
 */
export const taskAttachments = pgTable(
  'task_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    description: text('description'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('task_attachments_task_created_idx').on(table.taskId, table.createdAt),
    // The orphan sweep looks files up by their key.
    uniqueIndex('task_attachments_storage_key_unique').on(table.storageKey),
  ],
);

/**
 * One row per committed change, written by the statement (or transaction) that makes the
 * change, so a rolled-back write never has one and a committed one always does. A trigger
 * (migration 0005) NOTIFYs `tasklane_events` with the row as JSON; every app instance LISTENs
 * and pushes it to its own event-stream clients, which may also replay recent rows after a
 * reconnect (Last-Event-ID). Only ids, the type, the version and the actor: never content.
 * Pruned by housekeeping; no foreign keys, since events outlive what they describe.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `<entity>.<action>`, such as task.updated or member.removed (contract: liveEventTypes). */
    type: text('type').notNull(),
    entityId: uuid('entity_id').notNull(),
    /** Project-scoped events: the project and its workspace (who may see it is decided by them). */
    projectId: uuid('project_id'),
    workspaceId: uuid('workspace_id'),
    featureId: uuid('feature_id'),
    taskId: uuid('task_id'),
    /** Todos and categories: their owner, the only one told. Workspaces: the owner. */
    ownerId: uuid('owner_id'),
    /** Member events: the user whose membership changed. */
    subjectId: uuid('subject_id'),
    version: integer('version'),
    actorId: uuid('actor_id'),
    /** The writing tab's X-Client-Id, so that tab can ignore its own echo. */
    origin: text('origin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('events_created_at_idx').on(table.createdAt)],
);

/**
 * Who watches a task by their own choice (issue 17): `watching` true after PUT /tasks/{id}/watch,
 * false after DELETE. Without a row, a task's creator, assignee and commenters watch it (derived
 * when a notification is made, so nothing is written on their behalf and an explicit unwatch
 * always wins).
 */
export const taskWatchers = pgTable(
  'task_watchers',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    watching: boolean('watching').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.taskId, table.userId] }), index('task_watchers_user_id_idx').on(table.userId)],
);

/**
 * Relations between two tasks of one project (issue 19, decision 034): `source` BLOCKS,
 * RELATES_TO or DUPLICATES `target`. One relation of a type per pair of tasks, whichever way
 * round (the unique index on the pair in order), and never a task with itself. Deleting either
 * task deletes its relations.
 */
export const taskRelations = pgTable(
  'task_relations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceTaskId: uuid('source_task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    targetTaskId: uuid('target_task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['BLOCKS', 'RELATES_TO', 'DUPLICATES'] }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('task_relations_not_self', sql`${table.sourceTaskId} <> ${table.targetTaskId}`),
    uniqueIndex('task_relations_pair_unique').on(
      table.type,
      sql`least(${table.sourceTaskId}, ${table.targetTaskId})`,
      sql`greatest(${table.sourceTaskId}, ${table.targetTaskId})`,
    ),
    // A task's relations from either side; its blockers (the badge) by the target side.
    index('task_relations_source_idx').on(table.sourceTaskId, table.type),
    index('task_relations_target_idx').on(table.targetTaskId, table.type),
  ],
);

/**
 * In-app notifications (issue 17), made by the notifier worker from the events table. Several
 * events on one task for one person within the collapse window make one row: `items` lists
 * them (newest first) and `updated_at` is its newest event's time (the inbox's order).
 * `emailed_at` is for the email delivery to come: a row not yet emailed can be picked up.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The newest item's kind (contract: notificationKinds). */
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    featureId: uuid('feature_id'),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    /** A reminder of one of the user's todos (DUE_SOON, OVERDUE): no project, the owner sees it. */
    todoId: uuid('todo_id').references(() => todos.id, { onDelete: 'cascade' }),
    /** [{ key, kind, text, at, actorId }], newest first; `key` names the source so a replay adds nothing twice. */
    items: jsonb('items').notNull().default([]),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the row was last stored (made, or an event collapsed into it): the email worker counts
     * its quiet from this, not from its newest event's time, which a notifier round that ran late
     * would have already left behind (decision 046).
     */
    storedAt: timestamp('stored_at', { withTimezone: true }).notNull().default(sql`statement_timestamp()`),
  },
  (table) => [
    index('notifications_user_updated_idx').on(table.userId, table.updatedAt),
    index('notifications_user_task_updated_idx').on(table.userId, table.taskId, table.updatedAt),
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    // A deleted todo deletes its reminders (the foreign key's cascade finds them by this).
    index('notifications_todo_idx').on(table.todoId).where(sql`${table.todoId} is not null`),
    // The email worker's look for what is waiting to be mailed (decision 026).
    index('notifications_unemailed_idx').on(table.updatedAt).where(sql`${table.emailedAt} is null and ${table.readAt} is null`),
  ],
);

/**
 * How a person wants each kind of notification delivered (decision 026): only the kinds they
 * changed have a row; the others follow DEFAULT_NOTIFICATION_DELIVERY in the contract.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** contract: notificationKinds. */
    kind: text('kind').notNull(),
    /** contract: notificationDeliveries (IN_APP, EMAIL, DIGEST). */
    delivery: text('delivery').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/**
 * When each person's last notification digest was written to the outbox: the next one waits an
 * hour from it. Its row is also what a round locks (FOR UPDATE SKIP LOCKED), so two instances
 * never each send a digest to the same person.
 */
export const notificationDigests = pgTable('notification_digests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
});

/**
 * The notifier's place in the events table: one row, claimed with FOR UPDATE SKIP LOCKED so one
 * instance at a time works (decision 043). Every event id up to `processed_id` has been read,
 * except the `gaps`: ids taken by transactions not committed when the notifier passed them (an id
 * is taken at the insert and committed later), read as soon as they commit, forgotten after the
 * overlap (a transaction that rolled back). `processed_until` is the newest event's time read,
 * for housekeeping.
 */
export const notifierCursor = pgTable('notifier_cursor', {
  id: integer('id').primaryKey().default(1),
  processedUntil: timestamp('processed_until', { withTimezone: true }).notNull().defaultNow(),
  processedId: bigint('processed_id', { mode: 'number' }).notNull().default(0),
  /** [first id, last id, noticed at (ms since the epoch)] for each run of ids not yet seen. */
  gaps: jsonb('gaps').$type<Array<[number, number, number]>>().notNull().default([]),
});

/**
 * The reminders made (decision 027): one row per person, item, due date and kind, so each is
 * made once across instances and restarts (inserted with its notification, ON CONFLICT DO
 * NOTHING), and a changed due date, being another key, re-arms both. No foreign key to the item
 * (a task or a todo): housekeeping drops rows once their due date is long past.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** task | todo */
    itemType: text('item_type', { enum: ['task', 'todo'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** DUE_SOON | OVERDUE */
    kind: text('kind', { enum: ['DUE_SOON', 'OVERDUE'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.dueDate, table.kind, table.userId] }),
    index('reminders_sent_due_date_idx').on(table.dueDate),
  ],
);

/**
 * The reminder scheduler's one row, claimed with FOR UPDATE SKIP LOCKED by each round so one
 * instance at a time makes reminders; `ran_at` is when a round last finished.
 */
export const reminderScheduler = pgTable('reminder_scheduler', {
  id: integer('id').primaryKey().default(1),
  ranAt: timestamp('ran_at', { withTimezone: true }),
});

/**
 * Each person's private calendar feed (issue 19, decision 037): the secret in its URL
 * (`/api/v1/calendar/{token}.ics`), 32 random bytes in base64url, kept as the value itself so
 * that /settings can show the same URL again (a hash could only be shown once). Made on first
 * ask; a reset replaces it, and the old URL answers 404 from then on.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('calendar_feeds_token_unique').on(table.token)],
);

/**
 * Personal API tokens (issue 20, decision 038): a script signs its requests with
 * `Authorization: Bearer tl_...`. Only the SHA-256 of the secret is kept (the secret is 32
 * random bytes, so a plain hash cannot be reversed and needs no salt or slow hash); it is shown
 * once, when made. Revoking deletes the row. A token acts as its user, so a deactivated account's
 * tokens are refused (kept, and work again on reactivation) and a deleted account's are deleted.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** read | read-write */
    scope: text('scope').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per token (the lookup's own statement). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_tokens_token_hash_unique').on(table.tokenHash),
    index('api_tokens_user_id_idx').on(table.userId),
    check('api_tokens_scope_check', sql`${table.scope} in ('read', 'read-write')`),
  ],
);

/**
 * Imports (issue 20, decision 040): one row per uploaded file to bring in. The file waits in the
 * file store under `file_key` (removed once the job ends). Any instance's ImportRunner claims a
 * QUEUED job, or a RUNNING one whose lease ran out (its process died), with FOR UPDATE SKIP
 * LOCKED; each batch commits its work together with the job's progress, summary and `state`
 * (where to resume), so a resumed job goes on from the last committed batch and makes nothing twice.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['trello', 'csv', 'todoist', 'tasklane'] }).notNull(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    fileKey: text('file_key'),
    fileName: text('file_name').notNull(),
    /** What the request sent besides the file (a CSV's mapping and target). */
    options: jsonb('options').notNull().default({}),
    status: text('status', { enum: ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'] }).notNull().default('QUEUED'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    summary: jsonb('summary').notNull().default({ created: {}, skipped: [], skippedCount: 0 }),
    /** The importer's own resume state (ids it made, what it has looked up), null before the first batch. */
    state: jsonb('state'),
    error: text('error'),
    /** Claims so far; a job claimed too often (its process keeps dying) fails. */
    attempts: integer('attempts').notNull().default(0),
    /** The claim's token: a batch commits only while its runner still holds the job. */
    claimToken: uuid('claim_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // The runner's claim: unfinished jobs, oldest first.
    index('import_jobs_unfinished_idx').on(table.createdAt).where(sql`${table.status} in ('QUEUED', 'RUNNING')`),
    index('import_jobs_owner_idx').on(table.ownerId, table.createdAt),
    index('import_jobs_workspace_idx').on(table.workspaceId),
    index('import_jobs_project_idx').on(table.projectId),
    index('import_jobs_file_key_idx').on(table.fileKey).where(sql`${table.fileKey} is not null`),
  ],
);

/**
 * Outgoing webhooks (issue 20, decision 039): a project's ADMINs name a URL and the events it
 * hears. The signing secret is sealed (AES-256-GCM, as TOTP secrets are): the server must read
 * it to sign, so it cannot be hashed. `failingSince`: the first failed attempt since the last
 * success; a webhook failing for a day is paused (`pausedReason` FAILING).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Event types (contract: webhookEventTypes); the trigger matches events against them. */
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    pausedReason: text('paused_reason', { enum: ['FAILING'] }),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhooks_project_idx').on(table.projectId)],
);

/**
 * The webhook outbox (decision 039): one row per event and webhook, written by a trigger on
 * `events` in the transaction of the change (migration), so a change and its deliveries commit
 * together. The sender claims due rows (FOR UPDATE SKIP LOCKED and a lease), builds the payload
 * at the first attempt and keeps it (`payload`), so every retry and redelivery sends the same
 * body. Each webhook keeps its newest deliveries (contract: WEBHOOK_DELIVERIES_KEPT).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** An event type, or `ping` for a test. */
    event: text('event').notNull(),
    /** What the event named (copied: events are pruned within the hour, deliveries live longer). */
    eventId: bigint('event_id', { mode: 'number' }),
    entityId: uuid('entity_id'),
    projectId: uuid('project_id').notNull(),
    featureId: uuid('feature_id'),
    taskId: uuid('task_id'),
    subjectId: uuid('subject_id'),
    actorId: uuid('actor_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** The JSON body, once built (at the first attempt); a redelivery copies it. */
    payload: text('payload'),
    /** PENDING | SUCCEEDED | FAILED */
    status: text('status', { enum: ['PENDING', 'SUCCEEDED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    redeliveryOf: uuid('redelivery_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'PENDING'`),
    index('webhook_deliveries_webhook_created_idx').on(table.webhookId, table.createdAt),
  ],
);
