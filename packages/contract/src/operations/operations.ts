import {
  accountSessionsResponseSchema,
  avatarParamsSchema,
  avatarQuerySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  meUpdatedResponseSchema,
  sessionParamsSchema,
  updateProfileBodySchema,
  uploadAvatarBodyDoc,
} from '../account.js';
import {
  adminUserParamsSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
  createInviteBodySchema,
  createInviteResponseSchema,
  instanceFactsResponseSchema,
  instanceSettingsResponseSchema,
  inviteParamsSchema,
  invitesResponseSchema,
  listAdminUsersQuerySchema,
  registrationStatusQuerySchema,
  registrationStatusResponseSchema,
  updateAdminUserBodySchema,
  updateInstanceSettingsBodySchema,
} from '../admin.js';
import { apiTokenParamsSchema, apiTokensResponseSchema, createApiTokenBodySchema, createApiTokenResponseSchema } from '../api-tokens.js';
import { uploadAttachmentsBodyDoc, attachmentLimitsResponseSchema, attachmentListResponseSchema, attachmentParamsSchema, attachmentsResponseSchema } from '../attachments.js';
import { calendarFeedParamsSchema, calendarFeedResponseSchema } from '../calendar-feed.js';
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  WEBHOOK_DELIVERIES_KEPT,
  webhookCreatedResponseSchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
  webhookParamsSchema,
  webhookResponseSchema,
  webhooksResponseSchema,
} from '../webhooks.js';
import { categoriesResponseSchema, categoryParamsSchema, createCategoryBodySchema, createCategoryResponseSchema, listCategoriesQuerySchema } from '../categories.js';
import { commentBodySchema, commentParamsSchema, commentResponseSchema, commentsResponseSchema, listCommentsQuerySchema } from '../comments.js';
import { messageResponseSchema } from '../errors.js';
import {
  listNotificationsQuerySchema,
  notificationParamsSchema,
  notificationResponseSchema,
  notificationsResponseSchema,
  readAllResponseSchema,
  unreadCountResponseSchema,
  watchResponseSchema,
} from '../notifications.js';
import {
  notificationSettingsResponseSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
  updateNotificationSettingsBodySchema,
} from '../notification-settings.js';
import {
  authOptionsResponseSchema,
  forgotPasswordBodySchema,
  resetLinkParamsSchema,
  resetLinkResponseSchema,
  resetPasswordBodySchema,
} from '../password-reset.js';
import { eventsQuerySchema } from '../events.js';
import { searchQueryParamsSchema, searchResponseSchema } from '../search.js';
import { calendarQuerySchema, calendarResponseSchema } from '../calendar.js';
import { createTaskRelationBodySchema, taskRelationParamsSchema, taskRelationResponseSchema, taskRelationsResponseSchema } from '../relations.js';
import {
  createFeatureBodySchema,
  deleteFeatureBodySchema,
  deleteFeatureQuerySchema,
  featureParamsSchema,
  featureQuerySchema,
  featureResponseSchema,
  featuresResponseSchema,
  listFeaturesQuerySchema,
  updateFeatureBodySchema,
} from '../features.js';
import {
  addMemberBodySchema,
  createProjectBodySchema,
  memberParamsSchema,
  memberResponseSchema,
  membersResponseSchema,
  projectParamsSchema,
  projectResponseSchema,
  projectsListResponseSchema,
  updateMemberBodySchema,
  updateProjectBodySchema,
  updateProjectQuerySchema,
  workspaceProjectsResponseSchema,
} from '../projects.js';
import {
  assignedTasksResponseSchema,
  boardQuerySchema,
  boardResponseSchema,
  createTaskBodySchema,
  listAssignedTasksQuerySchema,
  listTasksQuerySchema,
  moveTaskBodySchema,
  moveTaskResponseSchema,
  taskParamsSchema,
  taskQuerySchema,
  taskRefParamsSchema,
  taskResponseSchema,
  taskSavedResponseSchema,
  tasksResponseSchema,
  updateTaskBodySchema,
  deleteTaskQuerySchema,
  reorderSubtasksBodySchema,
  reorderSubtasksResponseSchema,
  subtasksResponseSchema,
} from '../tasks.js';
import { defaultTodoCategoryBodySchema, defaultTodoCategoryResponseSchema, listTodosQuerySchema, quickTodoBodySchema, todoBodySchema, todoParamsSchema, todoResponseSchema, todosResponseSchema, updateTodoBodySchema } from '../todos.js';
import {
  healthResponseSchema,
  listUsersQuerySchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  usersResponseSchema,
} from '../users.js';
import {
  confirmTwoFactorBodySchema,
  disableTwoFactorBodySchema,
  loginAnswerSchema,
  loginSecondStepBodySchema,
  recoveryCodesResponseSchema,
  twoFactorEnrolmentResponseSchema,
} from '../two-factor.js';
import { todayResponseSchema } from '../today.js';
import { projectExportQuerySchema } from '../project-export.js';
import { importJobResponseSchema, importParamsSchema, todoImportBodyDoc, workspaceImportBodyDoc } from '../imports.js';
import { workspaceBodySchema, workspaceParamsSchema, workspaceResponseSchema, workspacesResponseSchema } from '../workspaces.js';
import { defineOperations, listOperations } from './define.js';
import { operationRoutes } from './routes.js';

/** Signed in, invalid input, not found (or not yours). */
const ownErrors = [400, 401, 404] as const;
/** Invalid input, not signed in, not an administrator of the instance. */
const adminErrors = [400, 401, 403] as const;
/** The same, plus a project role too low. */
const memberErrors = [400, 401, 403, 404] as const;

const STREAM_DESCRIPTION = [
  'Server-Sent Events. Each change you may see is a `message` whose `id:` is the event id and whose',
  'data is a JSON LiveEvent (type, ids, version, actor, origin; never content). `event: ready`',
  '(with the current id) follows the connection and any replay; `event: reset` means the missed',
  'events could not be replayed: refetch everything. A `: ping` comment comes every 25 s.',
].join(' ');

/**
 * Every API operation: route, schemas, the statuses it answers with the error envelope, and its
 * documentation. The server registers its routes from these entries (and so the OpenAPI
 * document comes from them); the web app calls them by name.
 */
export const operations = defineOperations(operationRoutes, {
  health: {
    check: {
      tags: ['health'],
      summary: 'Liveness and database check',
      responses: { 200: healthResponseSchema, 503: healthResponseSchema },
      errors: [],
    },
  },
  auth: {
    register: {
      tags: ['auth'],
      summary: 'Create an account; the first one is the instance administrator. By invite or closed registration: 403 without a valid inviteToken',
      body: registerBodySchema,
      responses: { 201: registerResponseSchema },
      errors: [400, 403, 409, 429],
    },
    login: {
      tags: ['auth'],
      summary:
        'Sign in: receive the session cookie, and the device cookie that exempts this browser from lockouts caused elsewhere; with two-factor sign-in on, `data.twoFactorRequired` and a 5-minute challenge cookie instead (then POST /auth/login/2fa); a deactivated account gets 403 once its password is right',
      body: loginBodySchema,
      responses: { 200: loginAnswerSchema },
      errors: [400, 401, 403, 429],
    },
    logout: {
      tags: ['auth'],
      summary: 'Sign out: ends the session on the server',
      responses: { 200: messageResponseSchema },
      errors: [],
    },
    registration: {
      tags: ['auth'],
      summary: 'Whether anyone may register (open), only with an invite (invite) or nobody without one (closed); and what an invite token is worth',
      query: registrationStatusQuerySchema,
      responses: { 200: registrationStatusResponseSchema },
      errors: [400],
    },
    options: {
      tags: ['auth'],
      summary: 'What the sign-in screens offer on this instance: whether a forgotten password can be reset by email',
      responses: { 200: authOptionsResponseSchema },
      errors: [],
    },
    forgotPassword: {
      tags: ['auth'],
      summary: 'Ask for a password-reset link by email; the same answer whether or not the email has an account',
      body: forgotPasswordBodySchema,
      responses: { 200: messageResponseSchema },
      errors: [400, 429],
    },
    resetPassword: {
      tags: ['auth'],
      summary: "Set a new password with a reset link's token (single use, one hour); every session of the account ends",
      body: resetPasswordBodySchema,
      responses: { 200: messageResponseSchema },
      errors: [400, 403, 429],
    },
  },
  twoFactor: {
    enrol: {
      tags: ['two-factor'],
      summary: 'Start two-factor enrolment: a new TOTP secret and its otpauth URL (replaces any pending one); 409 when it is on already',
      responses: { 200: twoFactorEnrolmentResponseSchema },
      errors: [401, 409, 429],
    },
    confirm: {
      tags: ['two-factor'],
      summary: 'Turn two-factor sign-in on with a code of the pending secret; answers ten one-time recovery codes, shown this once',
      body: confirmTwoFactorBodySchema,
      responses: { 200: recoveryCodesResponseSchema },
      errors: [400, 401, 409, 429],
    },
    disable: {
      tags: ['two-factor'],
      summary: "Turn two-factor sign-in off (needs the account's password); its secret and recovery codes are deleted",
      body: disableTwoFactorBodySchema,
      responses: { 200: messageResponseSchema },
      errors: [400, 401, 403, 409, 429],
    },
    completeLogin: {
      tags: ['auth', 'two-factor'],
      summary:
        "Second step of a sign-in with two-factor on: a code (or a recovery code) within 5 minutes of the password; answers what POST /auth/login answers without two-factor, and its cookies",
      body: loginSecondStepBodySchema,
      responses: { 200: loginResponseSchema },
      errors: [400, 401, 429],
    },
  },
  users: {
    me: {
      tags: ['users'],
      summary: 'The signed-in user',
      responses: { 200: meResponseSchema },
      errors: [401],
    },
    list: {
      tags: ['users'],
      summary: 'The people who share a workspace or project with you; or one user by exact email or username',
      query: listUsersQuerySchema,
      responses: { 200: usersResponseSchema },
      errors: [400, 401],
    },
  },
  account: {
    updateProfile: {
      tags: ['account'],
      summary: 'Change your full name, username or email (each checked as at registration, and unique)',
      body: updateProfileBodySchema,
      responses: { 200: meUpdatedResponseSchema },
      errors: [400, 401, 409],
    },
    uploadAvatar: {
      tags: ['account'],
      summary: 'Set your avatar: multipart/form-data with one PNG, JPEG or WebP image of at most 2 MB (checked by its bytes)',
      multipartBody: uploadAvatarBodyDoc,
      responses: { 200: meUpdatedResponseSchema },
      errors: [400, 401, 413, 415],
    },
    deleteAvatar: {
      tags: ['account'],
      summary: 'Remove your avatar: your initials show again',
      responses: { 200: meUpdatedResponseSchema },
      errors: [401],
    },
    avatar: {
      tags: ['account'],
      summary: "A user's avatar image (signed in); the user object's `avatar` URL carries its version, so it may be cached for good",
      params: avatarParamsSchema,
      query: avatarQuerySchema,
      responses: {},
      errors: [400, 401, 404],
      rawResponse: { status: 200, contentType: 'image/*', description: 'The image, as PNG, JPEG or WebP', format: 'binary' },
    },
    changePassword: {
      tags: ['account'],
      summary: 'Change your password with the current one (a wrong one is 400 and signs nobody out); every other session ends',
      body: changePasswordBodySchema,
      responses: { 200: messageResponseSchema },
      errors: [400, 401],
    },
    listSessions: {
      tags: ['account'],
      summary: 'Where you are signed in: each session, newest first, with its client and which one is this one',
      responses: { 200: accountSessionsResponseSchema },
      errors: [401],
    },
    endSession: {
      tags: ['account'],
      summary: 'End one of your sessions (signs that browser out)',
      params: sessionParamsSchema,
      responses: { 200: messageResponseSchema },
      errors: [400, 401, 404],
    },
    endOtherSessions: {
      tags: ['account'],
      summary: 'End every session of yours but this one',
      responses: { 200: messageResponseSchema },
      errors: [401],
    },
    exportData: {
      tags: ['account'],
      summary: 'Download everything your account owns or wrote, as one JSON file (streamed)',
      responses: {},
      errors: [401],
      rawResponse: {
        status: 200,
        contentType: 'application/json',
        description:
          'A JSON document (Content-Disposition: attachment): exportedAt, profile, categories, todos, workspaces (those you own, with their projects, features and tasks), your API tokens (never their secrets), comments',
      },
    },
    deleteAccount: {
      tags: ['account'],
      summary:
        'Delete your account (password required): refused (409) while you are the last ADMIN of a project with other members; your todos and categories go, your tasks, comments and history stay, by "Deleted user"',
      body: deleteAccountBodySchema,
      responses: { 200: messageResponseSchema },
      errors: [400, 401, 409],
    },
  },
  apiTokens: {
    list: {
      tags: ['account'],
      summary: 'Your personal API tokens, newest first, with their scope, expiry and last use (never their secrets). Needs a signed-in session: an API token gets 403',
      responses: { 200: apiTokensResponseSchema },
      errors: [401, 403],
    },
    create: {
      tags: ['account'],
      summary:
        'Make a personal API token: a script sends it as `Authorization: Bearer <token>` and acts as you (read: GET only; read-write: everything you may do). The answer carries the secret this once only. Needs a signed-in session: an API token gets 403',
      body: createApiTokenBodySchema,
      responses: { 201: createApiTokenResponseSchema },
      errors: [400, 401, 403],
    },
    revoke: {
      tags: ['account'],
      summary: 'Revoke one of your API tokens: requests with it answer 401 from now on. Needs a signed-in session: an API token gets 403',
      params: apiTokenParamsSchema,
      responses: { 200: messageResponseSchema },
      errors: [400, 401, 403, 404],
    },
  },
  categories: {
    listAll: {
      tags: ['categories'],
      summary: 'All your categories',
      responses: { 200: categoriesResponseSchema },
      errors: ownErrors,
    },
    list: {
      tags: ['categories'],
      summary: 'Your categories, optionally of one type',
      query: listCategoriesQuerySchema,
      responses: { 200: categoriesResponseSchema },
      errors: ownErrors,
    },
    create: {
      tags: ['categories'],
      summary: 'Create a category',
      body: createCategoryBodySchema,
      responses: { 201: createCategoryResponseSchema },
      errors: [...ownErrors, 409],
    },
    delete: {
      tags: ['categories'],
      summary: 'Delete a category; todos that used it keep living without one',
      params: categoryParamsSchema,
      responses: { 200: messageResponseSchema },
      errors: ownErrors,
    },
  },
  todos: {
    list: {
      tags: ['todos'],
      summary: 'Your todos, filtered, by due date then newest first; every one, or one page when page or limit is sent',
      query: listTodosQuerySchema,
      responses: { 200: todosResponseSchema },
      errors: ownErrors,
    },
    create: {
      tags: ['todos'],
      summary: 'Create a todo',
      body: todoBodySchema,
      responses: { 201: todoResponseSchema },
      errors: ownErrors,
    },
    quickAdd: {
      tags: ['todos'],
      summary: 'Create a todo whose category may be left out: it then goes to your default todo category, created ("Inbox") on first use',
      body: quickTodoBodySchema,
      responses: { 201: todoResponseSchema },
      errors: ownErrors,
    },
    defaultCategory: {
      tags: ['todos'],
      summary: 'Your default todo category (where quick add puts a todo without one), or null until chosen or first used',
      responses: { 200: defaultTodoCategoryResponseSchema },
      errors: ownErrors,
    },
    setDefaultCategory: {
      tags: ['todos'],
      summary: 'Choose your default todo category: one of your TODO categories',
      body: defaultTodoCategoryBodySchema,
      responses: { 200: defaultTodoCategoryResponseSchema },
      errors: ownErrors,
    },
    get: {
      tags: ['todos'],
      summary: 'One of your todos (what a search result for a todo opens)',
      params: todoParamsSchema,
      responses: { 200: todoResponseSchema },
      errors: ownErrors,
    },
    update: {
      tags: ['todos'],
      summary: 'Replace a todo (send the full todo)',
      params: todoParamsSchema,
      body: updateTodoBodySchema,
      responses: { 200: todoResponseSchema },
      errors: ownErrors,
    },
    delete: {
      tags: ['todos'],
      summary: 'Delete a todo',
      params: todoParamsSchema,
      responses: { 200: messageResponseSchema },
      errors: ownErrors,
    },
  },
  workspaces: {
    list: {
      tags: ['workspaces'],
      summary: 'Workspaces you own or hold a project membership in',
      responses: { 200: workspacesResponseSchema },
      errors: memberErrors,
    },
    create: {
      tags: ['workspaces'],
      summary: 'Create a workspace',
      body: workspaceBodySchema,
      responses: { 201: workspaceResponseSchema },
      errors: memberErrors,
    },
    update: {
      tags: ['workspaces'],
      summary: 'Rename a workspace (owner only)',
      params: workspaceParamsSchema,
      body: workspaceBodySchema,
      responses: { 200: workspaceResponseSchema },
      errors: memberErrors,
    },
    delete: {
      tags: ['workspaces'],
      summary: 'Delete a workspace and everything in it (owner only)',
      params: workspaceParamsSchema,
      responses: { 200: messageResponseSchema },
      errors: memberErrors,
    },
    listProjects: {
      tags: ['workspaces'],
      summary: "A workspace's projects: all for its owner, else those you are a member of",
      params: workspaceParamsSchema,
      responses: { 200: workspaceProjectsResponseSchema },
      errors: memberErrors,
    },
  },
  projects: {
    listMine: {
      tags: ['projects'],
      summary: 'Projects you are a member of, with your role, progress and statistics',
      responses: { 200: projectsListResponseSchema },
      errors: memberErrors,
    },
    create: {
      tags: ['projects'],
      summary: 'Create a project in a workspace you own; you become its ADMIN',
      body: createProjectBodySchema,
      responses: { 201: projectResponseSchema },
      errors: memberErrors,
    },
    get: {
      tags: ['projects'],
      summary: 'One project (members only)',
      params: projectParamsSchema,
      responses: { 200: projectResponseSchema },
      errors: memberErrors,
    },
    update: {
      tags: ['projects'],
      summary: 'Edit a project (ADMIN, MODERATOR); a stale version is 409',
      params: projectParamsSchema,
      query: updateProjectQuerySchema,
      body: updateProjectBodySchema,
      responses: { 200: projectResponseSchema },
      errors: [...memberErrors, 409],
    },
    delete: {
      tags: ['projects'],
      summary: 'Delete a project and everything in it (ADMIN)',
      params: projectParamsSchema,
      responses: { 200: messageResponseSchema },
      errors: memberErrors,
    },
    export: {
      tags: ['projects'],
      summary:
        'Download the project (any member): ?format=json (default) is the whole project, re-importable (format tasklane.project, version 1); ?format=csv its tasks, one row each. Streamed',
      params: projectParamsSchema,
      query: projectExportQuerySchema,
      responses: {},
      errors: [400, 401, 404],
      rawResponse: {
        status: 200,
        contentType: 'application/json',
        description:
          'An attachment (Content-Disposition): JSON as projectExportDocumentSchema (docs/api.md, "Project export"), or text/csv (RFC 4180, CRLF, UTF-8 with a byte order mark; cells starting with = + - @ tab or CR are prefixed with \' against formula injection)',
        isCompressible: true,
      },
    },
  },
  members: {
    list: {
      tags: ['projects'],
      summary: "A project's members",
      params: projectParamsSchema,
      responses: { 200: membersResponseSchema },
      errors: memberErrors,
    },
    add: {
      tags: ['projects'],
      summary: 'Add a member (ADMIN any role; MODERATOR only MEMBER or VIEWER)',
      params: projectParamsSchema,
      body: addMemberBodySchema,
      responses: { 201: memberResponseSchema },
      errors: [...memberErrors, 409],
    },
    updateRole: {
      tags: ['projects'],
      summary: "Change a member's role (ADMIN); the last ADMIN cannot be demoted",
      params: memberParamsSchema,
      body: updateMemberBodySchema,
      responses: { 200: memberResponseSchema },
      errors: [...memberErrors, 409],
    },
    remove: {
      tags: ['projects'],
      summary: 'Remove a member (ADMIN any; MODERATOR only MEMBER or VIEWER), or leave (any member, their own id); the last ADMIN stays',
      params: memberParamsSchema,
      responses: { 200: messageResponseSchema },
      errors: [...memberErrors, 409],
    },
  },
  features: {
    list: {
      tags: ['features'],
      summary: "A page of a project's features, filtered and sorted (members)",
      query: listFeaturesQuerySchema,
      responses: { 200: featuresResponseSchema },
      errors: memberErrors,
    },
    get: {
      tags: ['features'],
      summary: "One feature (members); projectId, when sent, must be the feature's project",
      params: featureParamsSchema,
      query: featureQuerySchema,
      responses: { 200: featureResponseSchema },
      errors: memberErrors,
    },
    create: {
      tags: ['features'],
      summary: 'Create a feature (ADMIN, MODERATOR)',
      body: createFeatureBodySchema,
      responses: { 201: featureResponseSchema },
      errors: memberErrors,
    },
    update: {
      tags: ['features'],
      summary: 'Edit a feature (ADMIN, MODERATOR); a stale version is 409',
      params: featureParamsSchema,
      body: updateFeatureBodySchema,
      responses: { 200: featureResponseSchema },
      errors: [...memberErrors, 409],
    },
    delete: {
      tags: ['features'],
      summary: 'Delete a feature with its tasks, their comments and history (ADMIN, MODERATOR)',
      params: featureParamsSchema,
      query: deleteFeatureQuerySchema,
      body: deleteFeatureBodySchema,
      responses: { 200: messageResponseSchema },
      errors: memberErrors,
    },
  },
  tasks: {
    list: {
      tags: ['tasks'],
      summary: "A page of a feature's tasks, filtered and sorted, with the feature's statistics (members)",
      query: listTasksQuerySchema,
      responses: { 200: tasksResponseSchema },
      errors: memberErrors,
    },
    board: {
      tags: ['tasks'],
      summary:
        "A feature's board: each column's first cards (100 by default) in board order with its total, the next ones of one column (status and after), and the feature's statistics (members)",
      query: boardQuerySchema,
      responses: { 200: boardResponseSchema },
      errors: memberErrors,
    },
    move: {
      tags: ['tasks'],
      summary:
        'Move a card on the board (MEMBER, MODERATOR, ADMIN): to another column (its status, with history) and/or between two cards (its rank only: no history)',
      params: taskParamsSchema,
      body: moveTaskBodySchema,
      responses: { 200: moveTaskResponseSchema },
      errors: [...memberErrors, 409],
    },
    get: {
      tags: ['tasks'],
      summary: 'One task, by its id or its key (WEB-42), populated, with its history newest first and your abilities (members)',
      params: taskRefParamsSchema,
      query: taskQuerySchema,
      responses: { 200: taskResponseSchema },
      errors: memberErrors,
    },
    create: {
      tags: ['tasks'],
      summary: 'Create a task in a feature (MEMBER, MODERATOR, ADMIN)',
      body: createTaskBodySchema,
      responses: { 201: taskResponseSchema },
      errors: memberErrors,
    },
    update: {
      tags: ['tasks'],
      summary: 'Edit a task (MEMBER, MODERATOR, ADMIN); records history; a stale version is 409',
      params: taskParamsSchema,
      body: updateTaskBodySchema,
      responses: { 200: taskSavedResponseSchema },
      errors: [...memberErrors, 409],
    },
    delete: {
      tags: ['tasks'],
      summary:
        'Delete a task with its comments and history (ADMIN, MODERATOR; a MEMBER their own); its subtasks stay as top-level tasks unless subtasks=delete (then the caller must be allowed to delete each)',
      params: taskParamsSchema,
      query: deleteTaskQuerySchema,
      responses: { 200: messageResponseSchema },
      errors: memberErrors,
    },
    listAssigned: {
      tags: ['tasks'],
      summary: 'Tasks assigned to you in projects you can open; every one, or one page when page or limit is sent',
      query: listAssignedTasksQuerySchema,
      responses: { 200: assignedTasksResponseSchema },
      errors: memberErrors,
    },
  },
  subtasks: {
    list: {
      tags: ['tasks'],
      summary: "A task's subtasks in their order, populated as task answers are (members)",
      params: taskParamsSchema,
      responses: { 200: subtasksResponseSchema },
      errors: memberErrors,
    },
    reorder: {
      tags: ['tasks'],
      summary:
        "Put a task's subtasks in a new order (MEMBER, MODERATOR, ADMIN): every subtask once; 409 when the list is not exactly its subtasks (one was added or removed meanwhile)",
      params: taskParamsSchema,
      body: reorderSubtasksBodySchema,
      responses: { 200: reorderSubtasksResponseSchema },
      errors: [...memberErrors, 409],
    },
  },
  comments: {
    list: {
      tags: ['comments'],
      summary: "A task's comments, oldest first, with their authors (members, VIEWER included)",
      params: taskParamsSchema,
      query: listCommentsQuerySchema,
      responses: { 200: commentsResponseSchema },
      errors: memberErrors,
    },
    create: {
      tags: ['comments'],
      summary: 'Comment on a task (members, VIEWER included)',
      params: taskParamsSchema,
      body: commentBodySchema,
      responses: { 201: commentResponseSchema },
      errors: memberErrors,
    },
    update: {
      tags: ['comments'],
      summary: 'Edit your own comment (its author only; the same rules as a new one); it is then marked edited (editedAt)',
      params: commentParamsSchema,
      body: commentBodySchema,
      responses: { 200: commentResponseSchema },
      errors: memberErrors,
    },
    delete: {
      tags: ['comments'],
      summary: 'Delete a comment (its author, or a project ADMIN or MODERATOR)',
      params: commentParamsSchema,
      responses: { 200: messageResponseSchema },
      errors: memberErrors,
    },
  },
  relations: {
    list: {
      tags: ['tasks'],
      summary: "A task's relations (BLOCKS, RELATES_TO, DUPLICATES), each from this task's side (direction) with the other task; oldest first (anyone who can see the task)",
      params: taskRefParamsSchema,
      responses: { 200: taskRelationsResponseSchema },
      errors: memberErrors,
    },
    create: {
      tags: ['tasks'],
      summary:
        'Relate the task to another task of its project, named by id or key (MEMBER and above). 409 for a relation the two tasks already have and for a BLOCKS cycle (its message names the cycle: WEB-1 → WEB-2 → WEB-1); both tasks record RELATION_ADDED',
      params: taskRefParamsSchema,
      body: createTaskRelationBodySchema,
      responses: { 201: taskRelationResponseSchema },
      errors: [400, 401, 403, 404, 409],
    },
    delete: {
      tags: ['tasks'],
      summary: 'Remove one of the task\'s relations (MEMBER and above); both tasks record RELATION_REMOVED',
      params: taskRelationParamsSchema,
      responses: { 200: messageResponseSchema },
      errors: memberErrors,
    },
  },
  watching: {
    get: {
      tags: ['notifications'],
      summary: 'Whether you watch a task (are told of its comments and status changes); its creator, assignee and commenters do unless they unwatched it (anyone who can see it)',
      params: taskParamsSchema,
      responses: { 200: watchResponseSchema },
      errors: memberErrors,
    },
    watch: {
      tags: ['notifications'],
      summary: 'Watch a task: be told of its comments and status changes (anyone who can see it)',
      params: taskParamsSchema,
      responses: { 200: watchResponseSchema },
      errors: memberErrors,
    },
    unwatch: {
      tags: ['notifications'],
      summary: 'Stop watching a task, even one you created, are assigned or commented on (anyone who can see it)',
      params: taskParamsSchema,
      responses: { 200: watchResponseSchema },
      errors: memberErrors,
    },
  },
  search: {
    everything: {
      tags: ['search'],
      summary: 'Search everything you can see: tasks, features, projects, workspaces, your todos and comments, most relevant first',
      query: searchQueryParamsSchema,
      responses: { 200: searchResponseSchema },
      errors: [400, 401],
    },
  },
  calendar: {
    range: {
      tags: ['calendar'],
      summary:
        'Your tasks (assigned to you, or of one project you can see) and your todos due in a range of at most 62 days, for the calendar (signed in)',
      query: calendarQuerySchema,
      responses: { 200: calendarResponseSchema },
      errors: [400, 401, 404],
    },
  },
  notifications: {
    list: {
      tags: ['notifications'],
      summary: 'Your notifications, newest first, one page (only those of projects you can still see)',
      query: listNotificationsQuerySchema,
      responses: { 200: notificationsResponseSchema },
      errors: [400, 401],
    },
    unreadCount: {
      tags: ['notifications'],
      summary: 'How many of your notifications are unread (only those of projects you can still see)',
      responses: { 200: unreadCountResponseSchema },
      errors: [401],
    },
    markRead: {
      tags: ['notifications'],
      summary: 'Mark one of your notifications read',
      params: notificationParamsSchema,
      responses: { 200: notificationResponseSchema },
      errors: ownErrors,
    },
    markAllRead: {
      tags: ['notifications'],
      summary: 'Mark all your notifications read',
      responses: { 200: readAllResponseSchema },
      errors: [401],
    },
  },
  notificationSettings: {
    get: {
      tags: ['notifications'],
      summary: 'How each kind of your notifications reaches you: in the app only, or also by email at once or in an hourly digest; and whether this instance sends email',
      responses: { 200: notificationSettingsResponseSchema },
      errors: [401],
    },
    update: {
      tags: ['notifications'],
      summary: 'Change how some kinds of your notifications reach you (the kinds not named keep their setting)',
      body: updateNotificationSettingsBodySchema,
      responses: { 200: notificationSettingsResponseSchema },
      errors: [400, 401],
    },
    unsubscribeInfo: {
      tags: ['notifications'],
      summary: "What an email's unsubscribe link turns off (no session needed; changes nothing)",
      query: unsubscribeQuerySchema,
      responses: { 200: unsubscribeResponseSchema },
      errors: [400],
    },
    unsubscribe: {
      tags: ['notifications'],
      summary:
        "One-click unsubscribe (RFC 8058): the kinds an email's link names go back to in the app only. No session needed; mail providers send the form body List-Unsubscribe=One-Click",
      query: unsubscribeQuerySchema,
      responses: { 200: unsubscribeResponseSchema },
      errors: [400, 415],
    },
  },
  attachments: {
    limits: {
      tags: ['attachments'],
      summary: "This server's upload limits, for a form that picks files before its task exists (signed in)",
      responses: { 200: attachmentLimitsResponseSchema },
      errors: [401],
    },
    list: {
      tags: ['attachments'],
      summary: "A task's attachments, oldest first, and the upload limits (members, VIEWER included)",
      params: taskParamsSchema,
      responses: { 200: attachmentListResponseSchema },
      errors: memberErrors,
    },
    upload: {
      tags: ['attachments'],
      summary: 'Attach files to a task: multipart/form-data, `files` (one or more) and an optional `description` (MEMBER, MODERATOR, ADMIN)',
      params: taskParamsSchema,
      multipartBody: uploadAttachmentsBodyDoc,
      responses: { 201: attachmentsResponseSchema },
      errors: [...memberErrors, 413, 415],
    },
    download: {
      tags: ['attachments'],
      summary: 'Download an attachment under its name, as its stored type (members, VIEWER included)',
      params: attachmentParamsSchema,
      responses: {},
      errors: memberErrors,
      rawResponse: {
        status: 200,
        contentType: 'application/octet-stream',
        description: 'The file, with Content-Disposition: attachment and its stored Content-Type',
        format: 'binary',
      },
    },
    delete: {
      tags: ['attachments'],
      summary: 'Remove an attachment and its file (MEMBER, MODERATOR, ADMIN)',
      params: attachmentParamsSchema,
      responses: { 200: messageResponseSchema },
      errors: memberErrors,
    },
  },
  events: {
    stream: {
      tags: ['events'],
      summary: 'Live events: a Server-Sent Events stream of the changes you may see (resume with Last-Event-ID)',
      query: eventsQuerySchema,
      responses: {},
      errors: [400, 401, 429],
      rawResponse: { status: 200, contentType: 'text/event-stream', description: STREAM_DESCRIPTION },
    },
  },
  admin: {
    createResetLink: {
      tags: ['admin'],
      summary: "Administrators: a single-use link (one hour) that sets a new password for the user, to hand over; their sign-in stays as it is until it is used",
      params: resetLinkParamsSchema,
      responses: { 200: resetLinkResponseSchema },
      errors: [400, 401, 403, 404, 409],
    },
    listUsers: {
      tags: ['admin'],
      summary: "The instance's users, a page at a time, by name; search matches name, username and email (administrators)",
      query: listAdminUsersQuerySchema,
      responses: { 200: adminUsersResponseSchema },
      errors: adminErrors,
    },
    updateUser: {
      tags: ['admin'],
      summary: 'Make or remove an administrator, deactivate (ends its sessions at once) or reactivate an account; the last administrator stays (administrators)',
      params: adminUserParamsSchema,
      body: updateAdminUserBodySchema,
      responses: { 200: adminUserResponseSchema },
      errors: [...adminErrors, 404, 409],
    },
    deleteUser: {
      tags: ['admin'],
      summary: 'Delete an account: its todos, categories, memberships and sessions go; what it wrote stays, by "Deleted user" (administrators)',
      params: adminUserParamsSchema,
      responses: { 200: messageResponseSchema },
      errors: [...adminErrors, 404, 409],
    },
    getSettings: {
      tags: ['admin'],
      summary: "The instance's settings: who may register (administrators)",
      responses: { 200: instanceSettingsResponseSchema },
      errors: adminErrors,
    },
    updateSettings: {
      tags: ['admin'],
      summary: 'Change who may register: open, invite or closed (administrators)',
      body: updateInstanceSettingsBodySchema,
      responses: { 200: instanceSettingsResponseSchema },
      errors: adminErrors,
    },
    listInvites: {
      tags: ['admin'],
      summary: 'Invites, newest first, with their status; never their tokens (administrators)',
      responses: { 200: invitesResponseSchema },
      errors: adminErrors,
    },
    createInvite: {
      tags: ['admin'],
      summary: 'Make a single-use invite link, optionally for one email and until a date (administrators)',
      body: createInviteBodySchema,
      responses: { 201: createInviteResponseSchema },
      errors: adminErrors,
    },
    revokeInvite: {
      tags: ['admin'],
      summary: 'Revoke an invite so that its link no longer registers anyone (administrators)',
      params: inviteParamsSchema,
      responses: { 200: messageResponseSchema },
      errors: [...adminErrors, 404, 409],
    },
    instance: {
      tags: ['admin'],
      summary: "The instance's facts: version, database, counts and attachment storage (administrators)",
      responses: { 200: instanceFactsResponseSchema },
      errors: adminErrors,
    },
  },
  calendarFeed: {
    get: {
      tags: ['calendar'],
      summary: 'The URL of your private iCalendar feed (made on first ask): your assigned tasks and your todos with due dates, for a calendar app to subscribe to',
      responses: { 200: calendarFeedResponseSchema },
      errors: [401],
    },
    reset: {
      tags: ['calendar'],
      summary: 'A new URL for your calendar feed: the old one answers 404 from now on',
      responses: { 200: calendarFeedResponseSchema },
      errors: [401],
    },
    feed: {
      tags: ['calendar'],
      summary:
        "A person's calendar feed, /api/v1/calendar/{token}.ics (no session: the token is the authority): their assigned tasks in projects they can open and their todos, each with a due date, as all-day events. 404 for an unknown or reset token and for a deactivated account",
      params: calendarFeedParamsSchema,
      responses: {},
      errors: [404, 429],
      rawResponse: {
        status: 200,
        contentType: 'text/calendar',
        description: 'An iCalendar (RFC 5545) document, text/calendar; charset=utf-8, with an ETag (If-None-Match answers 304)',
        isCompressible: true,
      },
    },
  },
  today: {
    get: {
      tags: ['todos'],
      summary:
        'My day: your open todos marked for today, and your open todos and assigned tasks due today or overdue, in one list sorted by priority ("today" in your time zone)',
      responses: { 200: todayResponseSchema },
      errors: [401],
    },
  },
  imports: {
    startWorkspace: {
      tags: ['imports'],
      summary:
        'Import a Trello board export (JSON) or a CSV of tasks into the workspace, as a background job: multipart/form-data with `source`, `file` and, for csv, `mapping` and `projectName` or `projectId`. Answers 202 with the queued job (trello and new csv projects: the workspace owner; csv into a project: its MODERATOR or ADMIN)',
      params: workspaceParamsSchema,
      multipartBody: workspaceImportBodyDoc,
      responses: { 202: importJobResponseSchema },
      errors: [...memberErrors, 413, 415],
    },
    startTodos: {
      tags: ['imports'],
      summary: 'Import a Todoist CSV export into your todos, as a background job: multipart/form-data with `source` (todoist) and `file`. Answers 202 with the queued job',
      multipartBody: todoImportBodyDoc,
      responses: { 202: importJobResponseSchema },
      errors: [400, 401, 413, 415],
    },
    get: {
      tags: ['imports'],
      summary: "An import job's status, progress and summary (only the person who started it)",
      params: importParamsSchema,
      responses: { 200: importJobResponseSchema },
      errors: ownErrors,
    },
  },
  webhooks: {
    list: {
      tags: ['webhooks'],
      summary: "The project's webhooks, oldest first, without their secrets (project ADMINs)",
      params: projectParamsSchema,
      responses: { 200: webhooksResponseSchema },
      errors: memberErrors,
    },
    create: {
      tags: ['webhooks'],
      summary:
        'Add a webhook: a URL and the events POSTed to it (project ADMINs). The answer carries its signing secret, this once. 400 for a URL whose host is a private, loopback or link-local address (unless WEBHOOK_ALLOW_PRIVATE)',
      params: projectParamsSchema,
      body: createWebhookBodySchema,
      responses: { 201: webhookCreatedResponseSchema },
      errors: memberErrors,
    },
    update: {
      tags: ['webhooks'],
      summary: 'Change a webhook\'s URL or events, pause it (active false) or resume it (project ADMINs)',
      params: webhookParamsSchema,
      body: updateWebhookBodySchema,
      responses: { 200: webhookResponseSchema },
      errors: memberErrors,
    },
    delete: {
      tags: ['webhooks'],
      summary: 'Delete a webhook and its deliveries (project ADMINs)',
      params: webhookParamsSchema,
      responses: { 200: messageResponseSchema },
      errors: memberErrors,
    },
    test: {
      tags: ['webhooks'],
      summary: 'Send a ping delivery to the webhook now, paused or not (project ADMINs); its outcome shows in its deliveries',
      params: webhookParamsSchema,
      responses: { 202: webhookDeliveryResponseSchema },
      errors: memberErrors,
    },
    rotateSecret: {
      tags: ['webhooks'],
      summary: 'Give the webhook a new signing secret, answered this once; deliveries from now on are signed with it (project ADMINs)',
      params: webhookParamsSchema,
      responses: { 200: webhookCreatedResponseSchema },
      errors: memberErrors,
    },
    listDeliveries: {
      tags: ['webhooks'],
      summary: `The webhook's newest deliveries (at most ${WEBHOOK_DELIVERIES_KEPT}), newest first, with status, response code and duration (project ADMINs)`,
      params: webhookParamsSchema,
      responses: { 200: webhookDeliveriesResponseSchema },
      errors: memberErrors,
    },
    redeliver: {
      tags: ['webhooks'],
      summary: 'Send a delivery again, with the same payload and a new delivery id (project ADMINs)',
      params: webhookDeliveryParamsSchema,
      responses: { 202: webhookDeliveryResponseSchema },
      errors: memberErrors,
    },
  },
});

export type Operations = typeof operations;

/** Every operation, as a list (the server's route check and the docs read it). */
export const allOperations = listOperations(operations);
