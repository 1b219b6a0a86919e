import type { Priority, TodoData, TodoStatus, UpdateTodoData } from '@tasklane/contract';
import { and, asc, desc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { foreignKeyName } from '../../db/foreign-keys.js';
import { selectRow } from '../../db/insert-select.js';
import { apiTimestamp, pageChoiceColumns } from '../../db/list-helpers.js';
import { categories, todoPreferences, todos } from '../../db/schema.js';
import { rowsOf } from '../account/account.repo.js';
import type { CategoryRow } from '../categories/categories.repo.js';
import type { Actor } from '../context.js';
import { eventOf } from '../events/events.repo.js';

export type TodoCategoryRef = { id: string; name: string; color: string; slug: string };

export type TodoRow = {
  id: string;
  title: string;
  description: string;
  priority: Priority;
  status: TodoStatus;
  dueDate: string | null;
  tags: string[];
  completedAt: Date | null;
  isToday: boolean;
  recurrence: string | null;
  recurrenceTimeZone: string | null;
  createdAt: Date;
  updatedAt: Date;
  category: TodoCategoryRef | null;
};

/** The columns of a todo answer (the Today view reads the same, decision 037). */
export const todoColumns = {
  id: todos.id,
  title: todos.title,
  description: todos.description,
  priority: todos.priority,
  status: todos.status,
  dueDate: todos.dueDate,
  tags: todos.tags,
  completedAt: todos.completedAt,
  isToday: todos.isToday,
  recurrence: todos.recurrence,
  recurrenceTimeZone: todos.recurrenceTimeZone,
  createdAt: todos.createdAt,
  updatedAt: todos.updatedAt,
};

/** How a todo repeats, as a write stores it (decision 036). */
export type TodoRecurrence = { recurrence: string | null; recurrenceTimeZone: string | null };

/** The todo completing one makes: its due date and rule (the rest is copied in the statement). */
export type NextOccurrence = { dueDate: string; recurrence: string; recurrenceTimeZone: string };

export type TodoFilters = {
  status?: TodoStatus;
  priority?: Priority;
  categoryId?: string;
  isToday?: boolean;
  /** 'today' or 'other' relative to `today` (YYYY-MM-DD). */
  date?: { when: 'today' | 'other'; today: string };
  /** Leave out COMPLETED and CANCELLED todos (issue 18: the dashboard's default). */
  hideDone?: boolean;
  /** One todo by its id (findTodo). */
  id?: string;
};

/** What the dashboard hides by default (issue 18). */
const doneTodoStatuses: TodoStatus[] = ['COMPLETED', 'CANCELLED'];

function filterConditions(ownerId: string, filters: TodoFilters): SQL[] {
  const conditions: SQL[] = [eq(todos.ownerId, ownerId)];
  if (filters.id !== undefined) conditions.push(eq(todos.id, filters.id));
  if (filters.status) conditions.push(eq(todos.status, filters.status));
  if (filters.hideDone) conditions.push(notInArray(todos.status, doneTodoStatuses));
  if (filters.priority) conditions.push(eq(todos.priority, filters.priority));
  if (filters.categoryId) conditions.push(eq(todos.categoryId, filters.categoryId));
  if (filters.isToday !== undefined) conditions.push(eq(todos.isToday, filters.isToday));
  if (filters.date) {
    conditions.push(
      filters.date.when === 'today'
        ? eq(todos.dueDate, filters.date.today)
        : sql`${todos.dueDate} is distinct from ${filters.date.today}`,
    );
  }
  return conditions;
}

/** A page of a list: which one, and how many a page. */
export type TodoPage = { page: number; limit: number };

/** By due date (none last), then newest first. */
const todoOrder = [sql`${todos.dueDate} asc nulls last`, desc(todos.createdAt), asc(todos.id)];

/**
 * The owner's todos, filtered in the database, by due date (none last) then newest first:
 * every one, or one page of them with the number matching. A page's ids (with the total as a
 * window count) are chosen from the owner's todos alone; only that page is then read whole and
 * joined to its categories (decision 047). A page past the end counts on its own.
 */
export async function listTodos(db: Db, ownerId: string, filters: TodoFilters): Promise<TodoRow[]>;
export async function listTodos(db: Db, ownerId: string, filters: TodoFilters, page: TodoPage): Promise<{ rows: TodoRow[]; total: number }>;
export async function listTodos(db: Db, ownerId: string, filters: TodoFilters, page?: TodoPage) {
  const where = and(...filterConditions(ownerId, filters));
  const columns = {
    ...todoColumns,
    categoryId: categories.id,
    categoryName: categories.name,
    categoryColor: categories.color,
    categorySlug: categories.slug,
  };
  let rows;
  if (page) {
    const chosen = db
      .select(pageChoiceColumns(todos.id, todoOrder))
      .from(todos)
      .where(where)
      .orderBy(...todoOrder)
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .as('chosen');
    rows = await db
      .select({ ...columns, total: sql<number>`${chosen.total}`.mapWith(Number) })
      .from(todos)
      .innerJoin(chosen, eq(chosen.id, todos.id))
      .leftJoin(categories, eq(categories.id, todos.categoryId))
      .orderBy(asc(chosen.position));
  } else {
    rows = await db.select(columns).from(todos).leftJoin(categories, eq(categories.id, todos.categoryId)).where(where).orderBy(...todoOrder);
  }
  const todoRows = rows.map((row): TodoRow => todoOf(row));
  if (!page) return todoRows;
  const first = rows[0] as { total?: number } | undefined;
  if (first || page.page === 1) return { rows: todoRows, total: first?.total ?? 0 };
  const [count] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(todos).where(where);
  return { rows: todoRows, total: count?.total ?? 0 };
}

/** A todo of the unpaged list: a todo row with its timestamps already as the API writes them. */
export type ListedTodoRow = Omit<TodoRow, 'completedAt' | 'createdAt' | 'updatedAt'> & {
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/**
 * Every one of the owner's todos the filters match (the spec's clients ask for all of them at
 * once: 2,000 for the bench's heavy user), in the order of `listTodos`: one SQL text read as plain
 * rows and mapped field by field, its timestamps written as text by the database (decision 045).
 */
export async function listEveryTodo(db: Db, ownerId: string, filters: TodoFilters): Promise<ListedTodoRow[]> {
  const rows = rowsOf<TodoColumnsRow<string>>(
    await db.execute(sql`
      select ${todos.id} as "id", ${todos.title} as "title", ${todos.description} as "description", ${todos.priority} as "priority",
        ${todos.status} as "status", ${todos.dueDate} as "dueDate", ${todos.tags} as "tags",
        ${apiTimestamp(todos.completedAt)} as "completedAt", ${todos.isToday} as "isToday", ${todos.recurrence} as "recurrence",
        ${todos.recurrenceTimeZone} as "recurrenceTimeZone", ${apiTimestamp(todos.createdAt)} as "createdAt",
        ${apiTimestamp(todos.updatedAt)} as "updatedAt", ${categories.id} as "categoryId", ${categories.name} as "categoryName",
        ${categories.color} as "categoryColor", ${categories.slug} as "categorySlug"
      from ${todos}
      left join ${categories} on ${categories.id} = ${todos.categoryId}
      where ${and(...filterConditions(ownerId, filters))}
      order by ${sql.join(todoOrder, sql`, `)}`),
  );
  return rows.map((row) => todoOf(row));
}

/** A todo as the list queries read it, its category as columns; `Time` is how its timestamps came. */
type TodoColumnsRow<Time extends Date | string> = Omit<TodoRow, 'completedAt' | 'createdAt' | 'updatedAt' | 'category'> & {
  completedAt: Time | null;
  createdAt: Time;
  updatedAt: Time;
  categoryId: string | null;
  categoryName: string | null;
  categoryColor: string | null;
  categorySlug: string | null;
};

/**
 * A todo row from a list query's row. Field by field: an object rest and spread per row cost
 * about 3 µs a row on the board's cards, naming the fields a few nanoseconds; the heavy user has
 * 2,000 todos (decision 045).
 */
function todoOf<Time extends Date | string>(row: TodoColumnsRow<Time>) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    dueDate: row.dueDate,
    tags: row.tags,
    completedAt: row.completedAt,
    isToday: row.isToday,
    recurrence: row.recurrence,
    recurrenceTimeZone: row.recurrenceTimeZone,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    category:
      row.categoryId !== null && row.categoryName !== null && row.categoryColor !== null && row.categorySlug !== null
        ? { id: row.categoryId, name: row.categoryName, color: row.categoryColor, slug: row.categorySlug }
        : null,
  };
}

/** One of the owner's todos with its category, or undefined when it is not theirs (or not at all). */
export async function findTodo(db: Db, ownerId: string, id: string): Promise<TodoRow | undefined> {
  const [row] = await listTodos(db, ownerId, { id });
  return row;
}

/** How many of the owner's COMPLETED and CANCELLED todos the other filters match: what hideDone left out. */
export async function countDoneTodos(db: Db, ownerId: string, filters: TodoFilters): Promise<number> {
  const where = and(...filterConditions(ownerId, { ...filters, hideDone: false }), inArray(todos.status, doneTodoStatuses));
  const [count] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(todos).where(where);
  return count?.total ?? 0;
}

/** Creates the actor's todo and its event, in one statement. */
/** The foreign key a todo write breaks when its category is deleted between the check and the write. */
export const todoCategoryKey = foreignKeyName(todos, todos.categoryId);

export async function insertTodo(db: Db, actor: Actor, data: TodoData & TodoRecurrence, category: TodoCategoryRef): Promise<TodoRow> {
  const inserted = db.$with('inserted').as(
    db
      .insert(todos)
      .values({
        ownerId: actor.id,
        title: data.title,
        description: data.description,
        priority: data.priority,
        status: data.status,
        dueDate: data.dueDate,
        categoryId: category.id,
        tags: data.tags,
        isToday: data.isToday,
        completedAt: data.status === 'COMPLETED' ? sql`now()` : null,
        recurrence: data.recurrence,
        recurrenceTimeZone: data.recurrenceTimeZone,
      })
      .returning(todoColumns),
  );
  const event = eventOf(db, actor, { type: 'todo.created', entityId: sql`${inserted.id}`, ownerId: actor.id }, inserted);
  const [row] = await db.with(inserted, event).select().from(inserted);
  return { ...row!, category };
}

/**
 * Replaces the owner's todo. completedAt is the server's: kept while the todo stays
 * COMPLETED, set now when it becomes COMPLETED, cleared when it leaves it. `recurrence` left
 * undefined keeps the todo's rule.
 *
 * With `next` (the todo is saved COMPLETED and repeats), the same statement makes the next
 * todo when this one was not COMPLETED before: the row is locked first, so of two completions at
 * once the second sees the first's COMPLETED and makes none; the unique previous_occurrence_id
 * stands behind it (ON CONFLICT DO NOTHING), and also keeps a tick, untick and tick from making a
 * second one.
 */
export async function updateTodo(
  db: Db,
  actor: Actor,
  id: string,
  data: UpdateTodoData & Partial<TodoRecurrence>,
  category: TodoCategoryRef | null,
  next?: NextOccurrence,
): Promise<{ row: TodoRow; nextId: string | null } | undefined> {
  const mine = and(eq(todos.id, id), eq(todos.ownerId, actor.id));
  const locked = db.$with('locked').as(db.select({ id: todos.id, status: todos.status }).from(todos).where(mine).for('update'));
  const updated = db.$with('updated').as(
    db
      .update(todos)
      .set({
        title: data.title,
        description: data.description,
        priority: data.priority,
        status: data.status,
        dueDate: data.dueDate,
        categoryId: category?.id ?? null,
        tags: data.tags,
        isToday: data.isToday,
        completedAt:
          data.status === 'COMPLETED'
            ? sql`case when ${todos.status} = 'COMPLETED' and ${todos.completedAt} is not null then ${todos.completedAt} else now() end`
            : null,
        ...(data.recurrence === undefined ? {} : { recurrence: data.recurrence, recurrenceTimeZone: data.recurrenceTimeZone ?? null }),
        updatedAt: sql`now()`,
      })
      .where(
        and(
          mine,
          next ? sql`${todos.id} in (select ${locked.id} from ${locked})` : undefined,
          // Without a category, only a todo that already has none may be saved.
          category ? undefined : isNull(todos.categoryId),
        ),
      )
      .returning(todoColumns),
  );
  const event = eventOf(db, actor, { type: 'todo.updated', entityId: sql`${updated.id}`, ownerId: actor.id }, updated);
  if (!next) {
    const [row] = await db.with(updated, event).select().from(updated);
    return row ? { row: { ...row, category }, nextId: null } : undefined;
  }
  const made = db.$with('made').as(
    db
      .insert(todos)
      .select(
        selectRow(
          todos,
          {
            id: sql`gen_random_uuid()`,
            ownerId: sql`${actor.id}::uuid`,
            title: updated.title,
            description: updated.description,
            priority: updated.priority,
            status: sql`'PENDING'`,
            dueDate: sql`${next.dueDate}::date`,
            categoryId: sql`${category?.id ?? null}::uuid`,
            tags: updated.tags,
            completedAt: sql`null::timestamptz`,
            // Today's focus is a choice for one day: the next occurrence starts without it.
            isToday: sql`false`,
            createdAt: sql`now()`,
            updatedAt: sql`now()`,
            recurrence: sql`${next.recurrence}::text`,
            recurrenceTimeZone: sql`${next.recurrenceTimeZone}::text`,
            previousOccurrenceId: updated.id,
          },
          sql`${updated} join ${locked} on ${locked.id} = ${updated.id} where ${locked.status} <> 'COMPLETED'`,
        ),
      )
      .onConflictDoNothing({ target: todos.previousOccurrenceId })
      .returning(todoColumns),
  );
  const madeEvent = eventOf(db, actor, { type: 'todo.created', entityId: sql`${made.id}`, ownerId: actor.id }, made, 'made_event');
  const [row] = await db
    .with(locked, updated, event, made, madeEvent)
    .select({ ...updated._.selectedFields, nextId: sql<string | null>`(select ${made.id} from ${made})` })
    .from(updated);
  if (!row) return undefined;
  const { nextId, ...todo } = row;
  return { row: { ...todo, category }, nextId };
}

/** How the owner's todo repeats now, with its due date: what a PUT that leaves `recurrence` out keeps. */
export async function findTodoRecurrence(db: Db, ownerId: string, id: string) {
  const [row] = await db
    .select({ recurrence: todos.recurrence, recurrenceTimeZone: todos.recurrenceTimeZone })
    .from(todos)
    .where(and(eq(todos.id, id), eq(todos.ownerId, ownerId)))
    .limit(1);
  return row;
}

export async function todoExists(db: Db, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: todos.id })
    .from(todos)
    .where(and(eq(todos.id, id), eq(todos.ownerId, ownerId)))
    .limit(1);
  return rows.length > 0;
}

export async function deleteTodo(db: Db, actor: Actor, id: string): Promise<boolean> {
  const deleted = db.$with('deleted').as(
    db
      .delete(todos)
      .where(and(eq(todos.id, id), eq(todos.ownerId, actor.id)))
      .returning({ id: todos.id }),
  );
  const event = eventOf(db, actor, { type: 'todo.deleted', entityId: sql`${deleted.id}`, ownerId: actor.id }, deleted);
  const rows = await db.with(deleted, event).select().from(deleted);
  return rows.length > 0;
}

/** The default todo category quick add creates on first use (decision 032). */
export const INBOX_CATEGORY = { name: 'Inbox', slug: 'inbox', color: '#64748B' } as const;

const categoryColumns = {
  id: categories.id,
  ownerId: categories.ownerId,
  name: categories.name,
  slug: categories.slug,
  type: categories.type,
  color: categories.color,
  workspaceId: categories.workspaceId,
  createdAt: categories.createdAt,
};

/** The owner's default todo category, if one is set (a deleted one leaves none: FK set null). */
export async function findDefaultTodoCategory(db: Db, ownerId: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select(categoryColumns)
    .from(todoPreferences)
    .innerJoin(categories, eq(categories.id, todoPreferences.defaultCategoryId))
    .where(eq(todoPreferences.ownerId, ownerId))
    .limit(1);
  return row;
}

/**
 * Creates the owner's "Inbox" todo category, or takes the one they already have (same slug: the
 * unique (owner, type, slug) index makes two concurrent first uses meet on one row), and makes it
 * their default unless another was chosen meanwhile: one statement, with the event of a creation.
 * Two first uses at once may both try to insert the preference row: ON CONFLICT settles it.
 */
export async function ensureInboxCategory(db: Db, actor: Actor): Promise<CategoryRow> {
  const created = db.$with('created').as(
    db
      .insert(categories)
      .values({ ownerId: actor.id, name: INBOX_CATEGORY.name, slug: INBOX_CATEGORY.slug, type: 'TODO', color: INBOX_CATEGORY.color })
      .onConflictDoUpdate({
        target: [categories.ownerId, categories.type, categories.slug],
        // A no-op update, so that the existing row is returned.
        set: { name: sql`${categories.name}` },
      })
      // xmax is 0 on a row this statement inserted, not on one it only locked.
      .returning({ ...categoryColumns, isNew: sql<boolean>`(xmax = 0)`.as('is_new') }),
  );
  const fresh = db.$with('fresh').as(db.select().from(created).where(sql`${created.isNew}`));
  const event = eventOf(db, actor, { type: 'category.created', entityId: sql`${fresh.id}`, ownerId: actor.id }, fresh);
  const remembered = db.$with('remembered').as(
    db
      .insert(todoPreferences)
      .select(selectRow(todoPreferences, { ownerId: sql`${actor.id}::uuid`, defaultCategoryId: created.id }, created))
      .onConflictDoUpdate({
        target: todoPreferences.ownerId,
        set: { defaultCategoryId: sql`excluded.default_category_id` },
        // Another default chosen meanwhile stays.
        setWhere: isNull(todoPreferences.defaultCategoryId),
      })
      .returning({ ownerId: todoPreferences.ownerId }),
  );
  const [row] = await db.with(created, fresh, event, remembered).select().from(created);
  const { isNew: _isNew, ...category } = row!;
  return category as CategoryRow;
}

/** Sets the owner's default todo category to one of their TODO categories; undefined (and nothing written) when it is not one. */
export async function setDefaultTodoCategory(db: Db, ownerId: string, categoryId: string): Promise<CategoryRow | undefined> {
  const chosen = db.$with('chosen').as(
    db
      .select(categoryColumns)
      .from(categories)
      .where(and(eq(categories.id, categoryId), eq(categories.ownerId, ownerId), eq(categories.type, 'TODO'))),
  );
  const updated = db.$with('updated').as(
    db
      .insert(todoPreferences)
      .select(selectRow(todoPreferences, { ownerId: sql`${ownerId}::uuid`, defaultCategoryId: chosen.id }, chosen))
      .onConflictDoUpdate({ target: todoPreferences.ownerId, set: { defaultCategoryId: sql`excluded.default_category_id` } })
      .returning({ ownerId: todoPreferences.ownerId }),
  );
  const [row] = await db.with(chosen, updated).select().from(chosen);
  return row as CategoryRow | undefined;
}
