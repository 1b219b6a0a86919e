import { createHash } from 'node:crypto';
import { slugify, type Priority } from '@tasklane/contract';
import type { Db } from '../../../db/client.js';
import { badRequest } from '../../../http/errors.js';
import { ensureInboxCategory, findDefaultTodoCategory, insertTodo, type TodoCategoryRef } from '../../todos/todos.repo.js';
import { isBlankRow, readCsv } from './csv-text.js';
import { parseDay } from './dates.js';
import { ensureCategory } from './import-writes.repo.js';
import { fitText, MAX_TITLE } from './imported-tasks.js';
import type { Importer, ImportRun } from './importer.js';

/**
 * Todoist's CSV export (a project's menu > Export as template > CSV) into the caller's todos
 * (decision 040): TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, AUTHOR, RESPONSIBLE, DATE, ...
 * A `section` row names the category of the tasks under it (created when missing); tasks before
 * any section go to the person's default todo category (the quick add's Inbox when none is set).
 * Notes (comments) are skipped and counted.
 */

type TodoistItem =
  | { kind: 'section'; row: number; name: string }
  | { kind: 'task'; row: number; content: string; description: string; priority: string; date: string }
  | { kind: 'note'; row: number }
  | { kind: 'other'; row: number; type: string };

export type TodoistPlan = { items: TodoistItem[] };

type TodoistState = { categoryId: string | null; categories: Record<string, TodoCategoryRef>; next: number };

const NOT_TODOIST = "This is not a Todoist CSV export: its first line must name Todoist's columns, TYPE and CONTENT among them";
const TODO_DESCRIPTION_MAX = 2000;
const CATEGORY_COLORS = ['#3B82F6', '#10B981', '#F59E0B', '#8B5CF6', '#EC4899', '#14B8A6'];

/**
 * PRIORITY as issue 20 maps it, "4→URGENT ... 1→LOW" (the numbering of Todoist's API, where 4 is
 * its most urgent); an empty cell is LOW. Todoist's own CSV help counts the other way (1 is p1);
 * decision 040 says why the public mapping is kept.
 */
export const TODOIST_PRIORITIES: Record<string, Priority> = { '4': 'URGENT', '3': 'HIGH', '2': 'MEDIUM', '1': 'LOW' };

export function parseTodoistCsv(file: Buffer): TodoistPlan {
  const rows = readCsv(file, 'A Todoist export');
  const header = (rows[0] ?? []).map((cell) => cell.trim().toUpperCase());
  const at = (name: string) => header.indexOf(name);
  const type = at('TYPE');
  const content = at('CONTENT');
  if (type < 0 || content < 0) throw badRequest(NOT_TODOIST);
  const cell = (row: string[], index: number) => (index < 0 ? '' : (row[index] ?? '').trim());
  const items: TodoistItem[] = [];
  rows.slice(1).forEach((row, index) => {
    const rowNumber = index + 2;
    const kind = cell(row, type).toLowerCase();
    if (isBlankRow(row)) return;
    if (kind === 'section') items.push({ kind: 'section', row: rowNumber, name: cell(row, content) });
    else if (kind === 'task')
      items.push({
        kind: 'task',
        row: rowNumber,
        content: cell(row, content),
        description: cell(row, at('DESCRIPTION')),
        priority: cell(row, at('PRIORITY')),
        date: cell(row, at('DATE')),
      });
    else if (kind === 'note') items.push({ kind: 'note', row: rowNumber });
    else items.push({ kind: 'other', row: rowNumber, type: kind });
  });
  return { items };
}

async function categoryFor(tx: Db, run: ImportRun<TodoistPlan>, state: TodoistState, name: string): Promise<TodoCategoryRef | null> {
  // A name with no ASCII letters (Покупки) slugifies to nothing: its own slug from its hash.
  const slug = slugify(name).slice(0, 60) || `section-${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
  const known = state.categories[slug];
  if (known) return known;
  const color = CATEGORY_COLORS[Object.keys(state.categories).length % CATEGORY_COLORS.length]!;
  const id = await ensureCategory(tx, run.actor, { name: fitText(name, 50), slug, type: 'TODO', color });
  const category = { id, name: fitText(name, 50), color, slug };
  state.categories[slug] = category;
  return category;
}

export const todoistImporter: Importer<TodoistPlan, TodoistState> = {
  source: 'todoist',
  scope: 'todos',
  parse: (file) => parseTodoistCsv(file),
  async authorize() {
    // Anyone signed in imports into their own todos.
  },
  total: (plan) => plan.items.length,
  async runBatch(tx, run, state, limit) {
    if (!state) return { state: { categoryId: null, categories: {}, next: 0 }, done: 0, isFinished: run.plan.items.length === 0 };
    const { plan, actor, summary } = run;
    const end = Math.min(plan.items.length, state.next + limit);
    let current: TodoCategoryRef | null = state.categoryId ? (Object.values(state.categories).find((category) => category.id === state.categoryId) ?? null) : null;
    for (let index = state.next; index < end; index++) {
      const item = plan.items[index]!;
      if (item.kind === 'note') {
        summary.skipped(`Row ${item.row}`, 'A note (comment): todos have no comments');
        continue;
      }
      if (item.kind === 'other') {
        summary.skipped(`Row ${item.row}`, `Unknown TYPE "${item.type}" (expected task, section or note)`);
        continue;
      }
      if (item.kind === 'section') {
        if (!item.name) {
          summary.skipped(`Row ${item.row}`, 'A section without a name');
          continue;
        }
        const before = Object.keys(state.categories).length;
        current = await categoryFor(tx, run, state, item.name);
        if (Object.keys(state.categories).length > before) summary.created('categories');
        state.categoryId = current!.id;
        continue;
      }
      if (!item.content) {
        summary.skipped(`Row ${item.row}`, 'Content (the title) is empty');
        continue;
      }
      const priority = item.priority === '' ? 'LOW' : TODOIST_PRIORITIES[item.priority];
      if (!priority) {
        summary.skipped(`Row ${item.row}`, `Unknown priority "${item.priority}" (expected 1 to 4)`);
        continue;
      }
      const dueDate = parseDay(item.date);
      if (dueDate === undefined) summary.skipped(`Row ${item.row}`, `Due date "${item.date}" not understood: imported without one`);
      if (!current) {
        const preferred = await findDefaultTodoCategory(tx, actor.id);
        current = preferred ?? (await ensureInboxCategory(tx, actor));
        state.categories[current.slug] ??= { id: current.id, name: current.name, color: current.color, slug: current.slug };
        state.categoryId = current.id;
      }
      await insertTodo(
        tx,
        actor,
        {
          title: fitText(item.content, MAX_TITLE),
          description: fitText(item.description, TODO_DESCRIPTION_MAX),
          priority,
          status: 'PENDING',
          dueDate: dueDate ?? null,
          category: current.id,
          tags: [],
          isToday: false,
          recurrence: null,
          recurrenceTimeZone: null,
        },
        current,
      );
      summary.created('todos');
    }
    return { state: { ...state, next: end }, done: end, isFinished: end >= plan.items.length };
  },
};
