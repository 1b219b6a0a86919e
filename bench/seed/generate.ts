import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../apps/server/src/db/schema.js';
import { Random } from '../lib/random.js';
import type { Scale } from './scale.js';

/**
 * The data set, generated from a fixed seed: every row typed by the app's own schema
 * (`$inferInsert`), so a renamed or new required column breaks the type-check, not the bench.
 */

export type Sink = <T extends PgTable>(table: T, rows: Array<T['$inferInsert']>) => Promise<void>;

/** What the load scenarios need to know about the data set (ids, the heavy user's sign-in). */
export type Fixtures = {
  password: string;
  heavy: { id: string; email: string; taskCategoryId: string; todoCategoryId: string };
  /** Other users' sign-ins, for login load (all share the one password). */
  userEmails: string[];
  bigProject: { id: string; features: number };
  bigFeature: { id: string; tasks: number; searchTerm: string };
  /**
   * Another feature of the big project: where the create scenario adds its tasks, so that the
   * big feature's lists and board keep their seeded size for every later measurement (the head
   * to head, other process counts).
   */
  writeFeature: { id: string };
  /** A task of the big feature with a long history and many comments (task detail). */
  detailTask: { id: string; projectId: string };
  /** Tasks of the big project the heavy user (its ADMIN) edits and comments on under load. */
  writableTaskIds: string[];
  /** A task of the big project that 50 other members watch (issue 17's notification fan-out). */
  watchedTask: { id: string; watchers: number };
  counts: Record<string, number>;
};

const BATCH = 10_000;
const DAY = 86_400_000;
/** "Now" of the data set: fixed, so dates are the same on every run. */
export const ANCHOR = Date.UTC(2026, 0, 15, 12);

const firstNames = ['Ada', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kira', 'Liam', 'Maya', 'Nico', 'Olga', 'Priya', 'Quinn', 'Rosa', 'Sami', 'Tara', 'Umar', 'Vera', 'Wen', 'Yara', 'Zane'];
const lastNames = ['Adams', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Jensen', 'Khan', 'Lopez', 'Meyer', 'Novak', 'Okafor', 'Patel', 'Rossi', 'Sato', 'Silva', 'Tanaka', 'Weber', 'Young'];
const verbs = ['Build', 'Fix', 'Refactor', 'Design', 'Review', 'Test', 'Document', 'Migrate', 'Optimise', 'Ship', 'Audit', 'Prototype'];
const nouns = ['login flow', 'billing page', 'search index', 'export job', 'onboarding', 'dashboard', 'API client', 'mobile layout', 'invoice PDF', 'webhook', 'rate limiter', 'settings screen', 'audit log', 'CSV import', 'dark mode', 'notification', 'report builder', 'cache layer', 'sign-up form', 'permissions'];
const sentences = [
  'Make sure it works on small screens.',
  'The current version is slow with large accounts.',
  'Customers asked for this in the last survey.',
  'Coordinate with design before starting.',
  'Keep the old behaviour behind a flag for a week.',
  'Add tests for the edge cases we found.',
  'See the linked discussion for the details.',
  'Blocked until the API change lands.',
  'Needs a review from someone on the platform team.',
  'Measure before and after the change.',
];
const tagWords = ['frontend', 'backend', 'bug', 'ux', 'perf', 'security', 'docs', 'infra', 'urgent', 'later'];
const colours = ['#3B82F6', '#EF4444', '#10B981', '#F59E0B', '#8B5CF6', '#EC4899', '#06B6D4', '#84CC16', '#F97316', '#6366F1'];
const taskStatuses = ['TODO', 'IN_PROGRESS', 'DEV_COMPLETED', 'REOPEN', 'BLOCKED', 'IN_REVIEW', 'COMPLETED', 'CANCELLED'] as const;
const priorities = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
type Role = 'ADMIN' | 'MODERATOR' | 'MEMBER' | 'VIEWER';
/** The word the search scenario looks for: in about one title in twenty. */
const SEARCH_NOUN = 'invoice PDF';

/** A project's key (unique, 2 to 6 letters): BIG for the big project, else P and its index in letters. */
function projectKey(index: number): string {
  if (index === 0) return 'BIG';
  let letters = '';
  for (let rest = index; letters.length < 4; rest = Math.floor(rest / 26)) letters = String.fromCharCode(65 + (rest % 26)) + letters;
  return `P${letters}`;
}

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

function sentence(random: Random, count: number): string {
  const parts: string[] = [];
  for (let index = 0; index < count; index += 1) parts.push(random.pick(sentences));
  return parts.join(' ');
}

function tags(random: Random): string[] {
  const count = random.weighted([[0, 3], [1, 4], [2, 2], [3, 1]] as const);
  return [...new Set(Array.from({ length: count }, () => random.pick(tagWords)))];
}

/** Sends rows to the sink in batches. */
class Batcher<T extends PgTable> {
  private rows: Array<T['$inferInsert']> = [];
  constructor(
    private readonly sink: Sink,
    private readonly table: T,
  ) {}
  async add(row: T['$inferInsert']) {
    this.rows.push(row);
    if (this.rows.length >= BATCH) await this.flush();
  }
  async flush() {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    await this.sink(this.table, rows);
  }
}

export async function generate(scale: Scale, seed: string, passwordHash: string, sink: Sink): Promise<Fixtures> {
  const rng = (part: string) => new Random(`${seed}:${part}`);
  const counts: Record<string, number> = {};
  const emit = async <T extends PgTable>(name: string, table: T, rows: Array<T['$inferInsert']>) => {
    counts[name] = (counts[name] ?? 0) + rows.length;
    await sink(table, rows);
  };

  // Users: user 0 is the heavy user.
  let random = rng('users');
  const userIds = Array.from({ length: scale.users }, () => random.uuid());
  const userNames = userIds.map((_, index) => (index === 0 ? 'Hana Heavy' : `${random.pick(firstNames)} ${random.pick(lastNames)}`));
  const email = (index: number) => (index === 0 ? 'heavy@bench.tasklane.test' : `user${index}@bench.tasklane.test`);
  const userTimes = userIds.map(() => ANCHOR - random.int(400, 800) * DAY);
  await emit(
    'users',
    schema.users,
    userIds.map((id, index) => ({
      id,
      username: index === 0 ? 'heavy_user' : `bench_user_${index}`,
      fullName: userNames[index]!,
      email: email(index),
      passwordHash,
      // People who have visited since time zones came (issue 17): the browser saves none.
      timeZone: 'Europe/Berlin',
      createdAt: new Date(userTimes[index]!),
      updatedAt: new Date(userTimes[index]!),
    })),
  );

  // Categories: three for todos, two for tasks, one for projects, per user.
  random = rng('categories');
  const todoCategories: string[][] = [];
  const taskCategories: string[][] = [];
  const categoryRows: Array<typeof schema.categories.$inferInsert> = [];
  userIds.forEach((ownerId, index) => {
    const make = (name: string, type: 'TODO' | 'TASK' | 'PROJECT') => {
      const id = random.uuid();
      categoryRows.push({ id, ownerId, name, slug: name.toLowerCase(), type, color: random.pick(colours), createdAt: new Date(userTimes[index]!) });
      return id;
    };
    todoCategories.push(['Work', 'Personal', 'Errands'].map((name) => make(name, 'TODO')));
    taskCategories.push(['Engineering', 'Design'].map((name) => make(name, 'TASK')));
    make('Client', 'PROJECT');
  });
  await emit('categories', schema.categories, categoryRows);

  // Workspaces: the heavy user owns the first.
  random = rng('workspaces');
  const owners = [0, ...random.shuffle(Array.from({ length: scale.users - 1 }, (_, index) => index + 1))].slice(0, scale.workspaces);
  const workspaceIds = owners.map(() => random.uuid());
  await emit(
    'workspaces',
    schema.workspaces,
    workspaceIds.map((id, index) => {
      const createdAt = new Date(ANCHOR - random.int(300, 400) * DAY);
      return { id, ownerId: userIds[owners[index]!]!, name: `${random.pick(lastNames)} ${random.pick(['Labs', 'Studio', 'Group', 'Works', 'Co'])} ${index + 1}`, createdAt, updatedAt: createdAt };
    }),
  );

  // Projects, ten to a workspace; project 0 is the heavy user's big project.
  random = rng('projects');
  const perWorkspace = Math.ceil(scale.projects / scale.workspaces);
  const projectIds = Array.from({ length: scale.projects }, () => random.uuid());
  const projectOwner = projectIds.map((_, index) => owners[Math.floor(index / perWorkspace)]!);
  await emit(
    'projects',
    schema.projects,
    projectIds.map((id, index) => {
      const createdAt = new Date(ANCHOR - random.int(200, 300) * DAY);
      return {
        id,
        workspaceId: workspaceIds[Math.floor(index / perWorkspace)]!,
        name: index === 0 ? 'Big Project' : `${random.pick(nouns)} ${index}`.replace(/^./, (c) => c.toUpperCase()),
        key: projectKey(index),
        description: sentence(random, random.int(0, 2)),
        status: random.pick(['BACKLOG', 'PLANNING', 'IN_PROGRESS', 'ON_HOLD', 'IN_REVIEW', 'READY_FOR_RELEASE', 'RELEASED', 'ARCHIVED'] as const),
        priority: random.pick(priorities),
        color: random.pick(colours),
        createdBy: userIds[projectOwner[index]!]!,
        createdAt,
        updatedAt: new Date(createdAt.getTime() + random.int(0, 150) * DAY),
      };
    }),
  );

  // Members: the workspace owner is ADMIN of each project, plus two to eight others; the heavy
  // user belongs to the big project (as its owner and ADMIN) and to 49 more.
  random = rng('members');
  const members: Array<Array<{ user: number; role: Role }>> = projectIds.map((_, index) => [{ user: projectOwner[index]!, role: 'ADMIN' as Role }]);
  const heavyProjects = [0, ...random.sample(scale.projects - perWorkspace, scale.heavy.projects - 1).map((index) => index + perWorkspace)];
  const heavyRole = new Map<number, Role>();
  for (const project of heavyProjects) {
    const role: Role = project === 0 ? 'ADMIN' : random.weighted([['MEMBER', 60], ['ADMIN', 15], ['MODERATOR', 15], ['VIEWER', 10]] as const);
    heavyRole.set(project, role);
    if (project !== 0) members[project]!.push({ user: 0, role });
  }
  members.forEach((list) => {
    const extra = random.int(2, 8);
    const taken = new Set(list.map((member) => member.user));
    while (list.length < extra + 1) {
      const user = random.int(1, scale.users - 1);
      if (taken.has(user)) continue;
      taken.add(user);
      list.push({ user, role: random.weighted([['MEMBER', 60], ['MODERATOR', 15], ['VIEWER', 15], ['ADMIN', 10]] as const) });
    }
  });
  const memberRows: Array<typeof schema.projectMembers.$inferInsert> = [];
  members.forEach((list, project) => {
    for (const member of list) {
      memberRows.push({ id: random.uuid(), projectId: projectIds[project]!, userId: userIds[member.user]!, role: member.role, createdAt: new Date(ANCHOR - random.int(100, 200) * DAY) });
    }
  });
  await emit('project_members', schema.projectMembers, memberRows);
  const editors = members.map((list) => list.filter((member) => member.role !== 'VIEWER').map((member) => member.user));

  // Features: the big project has many (deep pages), the rest spread over other projects.
  random = rng('features');
  const featureIds: string[] = [];
  const featureProject = new Int32Array(scale.features);
  const featuresByProject = new Map<number, number[]>();
  const features = new Batcher(sink, schema.features);
  for (let index = 0; index < scale.features; index += 1) {
    const project = index < scale.heavy.bigProjectFeatures ? 0 : random.int(1, scale.projects - 1);
    const id = random.uuid();
    featureIds.push(id);
    featureProject[index] = project;
    const list = featuresByProject.get(project) ?? [];
    list.push(index);
    featuresByProject.set(project, list);
    const createdAt = new Date(ANCHOR - random.int(1, 200) * DAY - random.int(0, DAY));
    await features.add({
      id,
      projectId: projectIds[project]!,
      title: `${random.pick(['Improved', 'New', 'Faster', 'Simpler', 'Shared', 'Secure'])} ${random.pick(nouns)} ${index + 1}`,
      description: sentence(random, random.int(0, 3)),
      status: random.pick(['BACKLOG', 'IN_PROGRESS', 'IN_REVIEW', 'DONE', 'ARCHIVED'] as const),
      priority: random.pick(priorities),
      dueDate: random.chance(0.6) ? isoDay(ANCHOR + random.int(-60, 120) * DAY) : null,
      estimatedHours: random.chance(0.5) ? random.int(4, 200) : null,
      createdBy: userIds[projectOwner[project]!]!,
      createdAt,
      updatedAt: createdAt,
    });
  }
  await features.flush();
  counts.features = scale.features;
  const heavyFeatures = heavyProjects.flatMap((project) => featuresByProject.get(project) ?? []);

  // Which tasks the later history entries and comments belong to, drawn first so that each
  // task's version counts its edits. Task 0 (the detail task) gets a long history and thread.
  random = rng('threads');
  const historyTask = new Int32Array(scale.history - scale.tasks);
  const commentTask = new Int32Array(scale.comments);
  for (let index = 0; index < historyTask.length; index += 1) historyTask[index] = index < 60 ? 0 : random.int(0, scale.tasks - 1);
  for (let index = 0; index < commentTask.length; index += 1) commentTask[index] = index < 40 ? 0 : random.int(0, scale.tasks - 1);
  const edits = new Uint16Array(scale.tasks);
  for (const task of historyTask) edits[task]! += 1;

  // Tasks: the big feature's first, then more in the heavy user's projects (5,000 of which are
  // assigned to them), then the rest spread over every feature.
  random = rng('tasks');
  const assignedToHeavy = new Set(random.sample(scale.heavy.tasksInHeavyProjects, scale.heavy.assignedTasks));
  assignedToHeavy.add(0);
  if (assignedToHeavy.size > scale.heavy.assignedTasks) assignedToHeavy.delete([...assignedToHeavy].find((task) => task !== 0)!);
  const taskIds: string[] = [];
  const taskProject = new Int32Array(scale.tasks);
  const taskTime = new Float64Array(scale.tasks);
  const tasks = new Batcher(sink, schema.tasks);
  // Each project numbers its tasks 1, 2, 3 ... (its counter, last_task_number, is set from them
  // once every row is in: seed.ts).
  const lastNumber = new Int32Array(scale.projects);
  for (let index = 0; index < scale.tasks; index += 1) {
    const feature =
      index < scale.heavy.bigFeatureTasks ? 0 : index < scale.heavy.tasksInHeavyProjects ? random.pick(heavyFeatures) : random.int(1, scale.features - 1);
    const project = featureProject[feature]!;
    const isHeavy = assignedToHeavy.has(index);
    const id = random.uuid();
    taskIds.push(id);
    taskProject[index] = project;
    const createdAt = ANCHOR - random.int(1, 365) * DAY - random.int(0, DAY);
    taskTime[index] = createdAt;
    const creator = index === 0 ? 0 : random.pick(editors[project]!);
    const others = members[project]!.filter((member) => member.user !== 0);
    const assignee = isHeavy ? 0 : random.chance(0.1) || others.length === 0 ? null : random.pick(others).user;
    const status = random.weighted([['TODO', 30], ['IN_PROGRESS', 20], ['DEV_COMPLETED', 5], ['REOPEN', 3], ['BLOCKED', 4], ['IN_REVIEW', 8], ['COMPLETED', 25], ['CANCELLED', 5]] as const);
    const noun = random.chance(0.05) ? SEARCH_NOUN : random.pick(nouns.filter((word) => word !== SEARCH_NOUN));
    const number = lastNumber[project]! + 1;
    lastNumber[project] = number;
    await tasks.add({
      id,
      projectId: projectIds[project]!,
      featureId: featureIds[feature]!,
      number,
      title: `${random.pick(verbs)} the ${noun} (#${index + 1})`,
      // A board rank ('f' + six digits, rules/board-rank.ts; hexadecimal ones sort as base-62 ones).
      boardRank: `f${index.toString(16).padStart(6, '0')}`,
      description: sentence(random, random.int(0, 4)),
      status,
      priority: random.weighted([['LOW', 25], ['MEDIUM', 45], ['HIGH', 22], ['URGENT', 8]] as const),
      assigneeId: assignee === null ? null : userIds[assignee]!,
      dueDate: random.chance(0.7) ? isoDay(ANCHOR + random.int(-90, 120) * DAY) : null,
      categoryId: random.pick(taskCategories[creator]!),
      estimatedHours: random.chance(0.6) ? random.int(1, 40) : null,
      actualHours: random.chance(0.3) ? random.int(1, 40) : null,
      tags: tags(random),
      blockedReason: status === 'BLOCKED' ? random.pick(sentences) : null,
      createdBy: userIds[creator]!,
      version: 1 + edits[index]!,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt + random.int(0, Math.max(0, ANCHOR - createdAt))),
    });
  }
  await tasks.flush();
  counts.tasks = scale.tasks;

  // History: every task's CREATED entry, then the edits drawn above.
  random = rng('history');
  const history = new Batcher(sink, schema.taskHistory);
  const someone = (task: number) => userIds[random.pick(members[taskProject[task]!]!).user]!;
  const after = (task: number) => new Date(taskTime[task]! + random.int(1, Math.max(1, ANCHOR - taskTime[task]!)));
  for (let index = 0; index < scale.tasks; index += 1) {
    await history.add({
      id: random.uuid(),
      taskId: taskIds[index]!,
      userId: someone(index),
      action: 'CREATED',
      details: { status: 'TODO', priority: 'MEDIUM' },
      createdAt: new Date(taskTime[index]!),
    });
  }
  for (const task of historyTask) {
    const action = random.weighted([['STATUS_CHANGED', 40], ['PRIORITY_CHANGED', 15], ['DUE_DATE_CHANGED', 10], ['ASSIGNEE_CHANGED', 10], ['UPDATED', 15], ['ESTIMATED_HOURS_CHANGED', 10]] as const);
    const details =
      action === 'STATUS_CHANGED'
        ? { from: random.pick(taskStatuses), to: random.pick(taskStatuses) }
        : action === 'PRIORITY_CHANGED'
          ? { from: random.pick(priorities), to: random.pick(priorities) }
          : action === 'DUE_DATE_CHANGED'
            ? { from: null, to: `${isoDay(ANCHOR + random.int(-30, 60) * DAY)}T00:00:00.000Z` }
            : action === 'ASSIGNEE_CHANGED'
              ? { from: null, to: { _id: userIds[0]!, fullName: userNames[0]! } }
              : action === 'UPDATED'
                ? { title: { from: 'Draft', to: `${random.pick(verbs)} the ${random.pick(nouns)}` } }
                : { from: null, to: random.int(1, 40) };
    await history.add({ id: random.uuid(), taskId: taskIds[task]!, userId: someone(task), action, details, createdAt: after(task) });
  }
  await history.flush();
  counts.task_history = scale.history;

  random = rng('comments');
  const comments = new Batcher(sink, schema.taskComments);
  for (const task of commentTask) {
    await comments.add({ id: random.uuid(), taskId: taskIds[task]!, userId: someone(task), comment: sentence(random, random.int(1, 3)), createdAt: after(task) });
  }
  await comments.flush();
  counts.task_comments = scale.comments;

  // Todos: 2,000 of the heavy user's, the rest spread over everyone else.
  random = rng('todos');
  const todos = new Batcher(sink, schema.todos);
  for (let index = 0; index < scale.todos; index += 1) {
    const owner = index < scale.heavy.todos ? 0 : random.int(1, scale.users - 1);
    const status = random.weighted([['PENDING', 45], ['IN_PROGRESS', 20], ['COMPLETED', 30], ['CANCELLED', 5]] as const);
    const createdAt = ANCHOR - random.int(0, 120) * DAY - random.int(0, DAY);
    await todos.add({
      id: random.uuid(),
      ownerId: userIds[owner]!,
      title: `${random.pick(verbs)} ${random.pick(nouns)}`,
      description: random.chance(0.6) ? sentence(random, random.int(1, 2)) : '',
      priority: random.pick(priorities),
      status,
      dueDate: random.chance(0.8) ? isoDay(ANCHOR + random.int(-30, 60) * DAY) : null,
      categoryId: random.pick(todoCategories[owner]!),
      tags: tags(random),
      completedAt: status === 'COMPLETED' ? new Date(createdAt + DAY) : null,
      isToday: random.chance(0.1),
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    });
  }
  await todos.flush();
  counts.todos = scale.todos;

  const writable = [...assignedToHeavy].filter((task) => taskProject[task] === 0 && task !== 0).slice(0, 400);

  // Notification fan-out (issue 17): 50 more members of the big project watch one of its tasks
  // that no other scenario writes to. Drawn last, from its own stream, so the rest is unchanged.
  random = rng('watchers');
  const writableSet = new Set(writable);
  let watched = -1;
  for (let task = 1; task < scale.tasks && watched < 0; task += 1) if (taskProject[task] === 0 && !writableSet.has(task)) watched = task;
  const bigMembers = new Set(members[0]!.map((member) => member.user));
  const watcherUsers = random.sample(scale.users - 1, scale.users - 1).map((index) => index + 1).filter((user) => !bigMembers.has(user)).slice(0, 50);
  const watchedAt = new Date(ANCHOR - DAY);
  await emit(
    'project_members',
    schema.projectMembers,
    watcherUsers.map((user) => ({ id: random.uuid(), projectId: projectIds[0]!, userId: userIds[user]!, role: 'MEMBER' as Role, createdAt: watchedAt })),
  );
  await emit(
    'task_watchers',
    schema.taskWatchers,
    watcherUsers.map((user) => ({ taskId: taskIds[watched]!, userId: userIds[user]!, watching: true, updatedAt: watchedAt })),
  );
  return {
    password: '',
    heavy: { id: userIds[0]!, email: email(0), taskCategoryId: taskCategories[0]![0]!, todoCategoryId: todoCategories[0]![0]! },
    userEmails: Array.from({ length: Math.min(200, scale.users - 1) }, (_, index) => email(index + 1)),
    bigProject: { id: projectIds[0]!, features: scale.heavy.bigProjectFeatures },
    bigFeature: { id: featureIds[0]!, tasks: scale.heavy.bigFeatureTasks, searchTerm: 'invoice' },
    writeFeature: { id: featureIds[featuresByProject.get(0)!.find((feature) => feature !== 0)!]! },
    detailTask: { id: taskIds[0]!, projectId: projectIds[0]! },
    writableTaskIds: writable.map((task) => taskIds[task]!),
    watchedTask: { id: taskIds[watched]!, watchers: watcherUsers.length },
    counts: { ...counts, heavy_projects: heavyProjects.length, heavy_assigned_tasks: assignedToHeavy.size, heavy_todos: scale.heavy.todos },
  };
}
