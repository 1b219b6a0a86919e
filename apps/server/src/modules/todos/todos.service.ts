import {
  DEFAULT_TIME_ZONE,
  TODO_PAGE_LIMIT_DEFAULT,
  calendarDateIn,
  isTimeZone,
  type QuickTodoData,
  type TodoData,
  type UpdateTodoData,
} from '@tasklane/contract';
import { pageCount } from '../../db/list-helpers.js';
import { mappingForeignKeys, violatedForeignKey } from '../../db/errors.js';
import { badRequest, notFoundOrNotYours } from '../../http/errors.js';
import { presentCategory } from '../categories/categories.presenter.js';
import { findOwnedCategory } from '../categories/categories.repo.js';
import type { Actor, ServiceContext } from '../context.js';
import type { UserRow } from '../users/users.repo.js';
import { presentTodo } from './todos.presenter.js';
import * as repo from './todos.repo.js';
import { firstRecurrence, isPossibleRecurrence, nextRecurrence } from './todo-recurrence.js';

const SELECT_CATEGORY = 'Please select a category';
const selectCategoryError = () => badRequest(SELECT_CATEGORY, [{ field: 'category', message: SELECT_CATEGORY }]);

export type ListTodosInput = Omit<repo.TodoFilters, 'date' | 'id'> & {
  date?: 'today' | 'other';
  today?: string;
  page?: number;
  limit?: number;
};

/**
 * The caller's todos: every one (the spec's clients ask for no page), or, when a page or a
 * limit is sent, that page with the number matching and the page count.
 */
export async function listTodos(ctx: ServiceContext, user: UserRow, input: ListTodosInput) {
  const { date, today, page, limit, hideDone, ...rest } = input;
  // A status filter says which todos to show: it wins over hiding the done ones.
  const isHidingDone = hideDone === true && !rest.status;
  const filters: repo.TodoFilters = {
    ...rest,
    ...(date ? { date: { when: date, today: today ?? new Date().toISOString().slice(0, 10) } } : {}),
  };
  const shown = { ...filters, hideDone: isHidingDone };
  // Issue 18: how many the default hid, for 'Show completed (N)'.
  const hidden = async () => (hideDone ? { hiddenDone: isHidingDone ? await repo.countDoneTodos(ctx.db, user.id, filters) : 0 } : {});
  if (page === undefined && limit === undefined) {
    return { todos: (await repo.listEveryTodo(ctx.db, user.id, shown)).map(presentTodo), ...(await hidden()) };
  }
  const paging = { page: page ?? 1, limit: limit ?? TODO_PAGE_LIMIT_DEFAULT };
  const { rows, total } = await repo.listTodos(ctx.db, user.id, shown, paging);
  return {
    todos: rows.map(presentTodo),
    total,
    pagination: { total: pageCount(total, paging.limit), ...paging },
    ...(await hidden()),
  };
}

/** One of the caller's todos; anyone else's is not found. */
export async function getTodo(ctx: ServiceContext, user: UserRow, id: string) {
  const row = await repo.findTodo(ctx.db, user.id, id);
  if (!row) throw notFoundOrNotYours('Todo');
  return presentTodo(row);
}

async function requireOwnCategory(ctx: ServiceContext, user: UserRow, categoryId: string) {
  const category = await findOwnedCategory(ctx.db, user.id, categoryId);
  if (!category) throw selectCategoryError();
  return { id: category.id, name: category.name, color: category.color, slug: category.slug };
}

/**
 * As requireOwnCategory, for a change to todo `todoId`: a todo that is not the caller's answers
 * 404 whatever the body says, as a missing one does (the category is checked first only because
 * that spares a query on the usual path).
 */
async function requireOwnCategoryOf(ctx: ServiceContext, user: UserRow, categoryId: string, todoId: string) {
  try {
    return await requireOwnCategory(ctx, user, categoryId);
  } catch (error) {
    if (!(await repo.todoExists(ctx.db, user.id, todoId))) throw notFoundOrNotYours('Todo');
    throw error;
  }
}

/** The category was checked, then deleted before the write landed: the same answer as a missing one. */
function writingWithCategory<T>(write: () => Promise<T>): Promise<T> {
  return mappingForeignKeys({ [repo.todoCategoryKey]: selectCategoryError }, write);
}

/** Rules are kept with the person's time zone (decision 027's setting), UTC while they have none. */
const zoneOf = (user: Actor) => (user.timeZone && isTimeZone(user.timeZone) ? user.timeZone : DEFAULT_TIME_ZONE);

const NEVER_REPEATS = 'Repeat never gives a date: choose days that exist (such as BYMONTHDAY=-1 for the last day of the month)';

/**
 * A todo's rule as a write stores it (decision 036): a pattern that never gives a date is
 * refused; a repeating todo without a due date is due on the rule's first date from today in
 * `timeZone` (none when the rule has ended).
 */
function repeating<T extends { dueDate: string | null }>(data: T, rule: string | null, timeZone: string, isRuleSent: boolean) {
  if (rule === null) return { ...data, recurrence: null, recurrenceTimeZone: null };
  const today = calendarDateIn(Date.now(), timeZone);
  if (isRuleSent && !isPossibleRecurrence(rule, data.dueDate ?? today)) {
    throw badRequest(NEVER_REPEATS, [{ field: 'recurrence', message: NEVER_REPEATS }]);
  }
  return { ...data, dueDate: data.dueDate ?? firstRecurrence(rule, today), recurrence: rule, recurrenceTimeZone: timeZone };
}

export async function createTodo(ctx: ServiceContext, user: Actor, data: TodoData) {
  const body = repeating(data, data.recurrence, zoneOf(user), true);
  const category = await requireOwnCategory(ctx, user, data.category);
  return presentTodo(await writingWithCategory(() => repo.insertTodo(ctx.db, user, body, category)));
}

/**
 * Quick add (decision 032): as createTodo, with the category optional. Without one the todo goes
 * to the caller's default todo category, which the first such todo creates ("Inbox").
 */
export async function quickAddTodo(ctx: ServiceContext, user: Actor, input: QuickTodoData) {
  const data = repeating(input, input.recurrence, zoneOf(user), true);
  const category = data.category === null ? await defaultCategoryOrInbox(ctx, user) : await requireOwnCategory(ctx, user, data.category);
  const body = { ...data, category: category.id };
  if (data.category !== null) return presentTodo(await writingWithCategory(() => repo.insertTodo(ctx.db, user, body, category)));
  // The default category can be deleted between its read and the insert: make it again once.
  try {
    return presentTodo(await repo.insertTodo(ctx.db, user, body, category));
  } catch (error) {
    if (violatedForeignKey(error) !== repo.todoCategoryKey) throw error;
    const inbox = toTodoCategory(await repo.ensureInboxCategory(ctx.db, user));
    return presentTodo(await writingWithCategory(() => repo.insertTodo(ctx.db, user, { ...body, category: inbox.id }, inbox)));
  }
}

const toTodoCategory = (row: { id: string; name: string; color: string; slug: string }) => ({ id: row.id, name: row.name, color: row.color, slug: row.slug });

async function defaultCategoryOrInbox(ctx: ServiceContext, user: Actor) {
  const current = await repo.findDefaultTodoCategory(ctx.db, user.id);
  return toTodoCategory(current ?? (await repo.ensureInboxCategory(ctx.db, user)));
}

export async function getDefaultTodoCategory(ctx: ServiceContext, user: UserRow) {
  const row = await repo.findDefaultTodoCategory(ctx.db, user.id);
  return row ? presentCategory(row) : null;
}

const SELECT_DEFAULT = 'Please select one of your todo categories';

export async function setDefaultTodoCategory(ctx: ServiceContext, user: UserRow, categoryId: string) {
  const row = await repo.setDefaultTodoCategory(ctx.db, user.id, categoryId);
  if (!row) throw badRequest(SELECT_DEFAULT, [{ field: 'categoryId', message: SELECT_DEFAULT }]);
  return presentCategory(row);
}

/**
 * Replaces a todo. Saved COMPLETED while it repeats, it also makes the next one (decision 036).
 * A body without `recurrence` (a client that does not know it) keeps the todo's rule: reading it
 * costs a statement only when the rule matters to the write (a completion, or no due date).
 */
export async function updateTodo(ctx: ServiceContext, user: Actor, id: string, input: UpdateTodoData) {
  const category = input.category === null ? null : await requireOwnCategoryOf(ctx, user, input.category, id);
  const isRuleSent = input.recurrence !== undefined;
  const current = !isRuleSent && (input.status === 'COMPLETED' || input.dueDate === null) ? await repo.findTodoRecurrence(ctx.db, user.id, id) : undefined;
  const rule = isRuleSent ? (input.recurrence ?? null) : (current?.recurrence ?? null);
  const timeZone = isRuleSent || !current?.recurrenceTimeZone ? zoneOf(user) : current.recurrenceTimeZone;
  const { recurrence, recurrenceTimeZone, ...fields } = repeating(input, rule, timeZone, isRuleSent);
  const data = { ...fields, ...(isRuleSent ? { recurrence, recurrenceTimeZone } : {}) };
  const following = input.status === 'COMPLETED' && recurrence && data.dueDate ? nextRecurrence(recurrence, data.dueDate) : null;
  const next = following && recurrenceTimeZone ? { dueDate: following.dueDate, recurrence: following.rule, recurrenceTimeZone } : undefined;
  const saved = await writingWithCategory(() => repo.updateTodo(ctx.db, user, id, data, category, next));
  if (saved) return presentTodo(saved.row);
  // Nothing matched: either no such todo of yours, or a null category for a todo that has one.
  if (category === null && (await repo.todoExists(ctx.db, user.id, id))) {
    throw selectCategoryError();
  }
  throw notFoundOrNotYours('Todo');
}

export async function deleteTodo(ctx: ServiceContext, user: Actor, id: string) {
  if (!(await repo.deleteTodo(ctx.db, user, id))) throw notFoundOrNotYours('Todo');
}
