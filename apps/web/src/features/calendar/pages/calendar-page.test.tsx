import type { CalendarItem, CalendarTaskItem, CalendarTodoItem } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, pathnameOf, queryOf, type Call, type Reply } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import CalendarPage from './calendar-page';

const TODAY = '2026-11-25';

const task = (overrides: Partial<CalendarTaskItem> = {}): CalendarTaskItem => ({
  kind: 'task',
  _id: 'task-1',
  key: 'WEB-12',
  title: 'Ship the release',
  status: 'TODO',
  priority: 'HIGH',
  dueDate: '2026-11-20T00:00:00.000Z',
  isOverdue: true,
  categoryId: { _id: 'cat-1', name: 'Release', color: '#EF4444' },
  assigneeId: { _id: 'me', fullName: 'Me' },
  featureId: { _id: 'feature-1', title: 'Launch' },
  projectId: { _id: 'project-1', name: 'Website' },
  version: 3,
  canEdit: true,
  ...overrides,
});

const todo = (overrides: Partial<CalendarTodoItem> = {}): CalendarTodoItem => ({
  kind: 'todo',
  _id: 'todo-1',
  title: 'Dentist',
  description: 'Bring the form',
  status: 'PENDING',
  priority: 'MEDIUM',
  dueDate: '2026-11-26T00:00:00.000Z',
  isOverdue: false,
  category: { _id: 'cat-2', name: 'Health', color: '#10B981', slug: 'health' },
  tags: ['health'],
  completedAt: null,
  isToday: false,
  recurrence: null,
  recurrenceTimeZone: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

/** GET /calendar as the API answers it: the items within the range and of the kinds asked. */
function calendarAnswer(call: Call, items: CalendarItem[]): Reply {
  const { from = '', to = '', kinds = 'task,todo' } = queryOf(call);
  const shown = items.filter((item) => item.dueDate.slice(0, 10) >= from && item.dueDate.slice(0, 10) <= to && kinds.split(',').includes(item.kind));
  return { status: 200, body: { success: true, data: { from, to, items: shown, truncated: false }, message: 'Calendar fetched successfully' } };
}

const calendarCalls = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && pathnameOf(call) === '/api/v1/calendar').map(queryOf);

function renderCalendar({ items = [task(), todo()], locale = 'en-US', url = '/calendar', respond }: { items?: CalendarItem[]; locale?: string; url?: string; respond?: (call: Call) => Reply | undefined } = {}) {
  const server = fakeServer((call) => respond?.(call) ?? (pathnameOf(call) === '/api/v1/calendar' ? calendarAnswer(call, items) : failure(404, 'NOT_FOUND', 'Not found')));
  const onCreateTodo = vi.fn();
  const onCreateTask = vi.fn();
  const screenResult = renderScreen(
    <CalendarPage projects={[{ _id: 'project-1', name: 'Website' }]} onCreateTodo={onCreateTodo} onCreateTask={onCreateTask} today={TODAY} locale={locale} />,
    { url, withToasts: true },
  );
  return { ...screenResult, ...server, onCreateTodo, onCreateTask };
}

/** An element's left border colour, as #RRGGBB whichever way the DOM spells it. */
function colorOf(element: Element | null): string {
  const value = (element as HTMLElement | null)?.style.borderLeftColor ?? '';
  const rgb = /rgb\((\d+), (\d+), (\d+)\)/.exec(value);
  return rgb ? `#${rgb.slice(1).map((part) => Number(part).toString(16).padStart(2, '0')).join('')}`.toUpperCase() : value.toUpperCase();
}

const cell = (day: string) => document.querySelector<HTMLElement>(`[role="gridcell"][data-day="${day}"]`)!;
const columnHeaders = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

describe('CalendarPage: the month and the week', () => {
  it("shows the month's whole weeks from the locale's first day, today marked, each item on its day in its colour", async () => {
    const { calls } = renderCalendar();
    expect(screen.getByTestId('calendar-title').textContent).toContain('November 2026');
    // en-US weeks start on Sunday: November 2026 (Sunday 1st to Monday 30th) is Nov 1 to Dec 5.
    expect(columnHeaders()[0]).toBe('Sun');
    await waitFor(() => expect(calendarCalls(calls)).toEqual([{ from: '2026-11-01', to: '2026-12-05', kinds: 'task,todo', today: TODAY }]));
    expect(screen.getAllByRole('gridcell')).toHaveLength(35);
    expect(cell(TODAY).getAttribute('aria-current')).toBe('date');
    expect(cell(TODAY).getAttribute('aria-label')).toMatch(/Wednesday, November 25, 2026, today, nothing due/);

    const overdue = await within(cell('2026-11-20')).findByRole('link', { name: 'Task WEB-12 Ship the release, overdue, in Website' });
    expect(overdue.getAttribute('href')).toBe('/dashboard/projects/project-1/features/feature-1/task/task-1');
    expect(colorOf(overdue.querySelector('[data-overdue]'))).toBe('#EF4444');
    expect(cell('2026-11-20').getAttribute('aria-label')).toMatch(/1 item, 1 overdue/);
    const dentist = within(cell('2026-11-26')).getByRole('button', { name: 'Todo Dentist' });
    expect(colorOf(dentist.querySelector('[data-kind="todo"]'))).toBe('#10B981');
  });

  it('starts the week on Monday for a French locale', async () => {
    renderCalendar({ locale: 'fr-FR' });
    expect(columnHeaders()[0]?.toLowerCase()).toMatch(/^lun/);
    expect(screen.getAllByRole('gridcell')[0]?.getAttribute('data-day')).toBe('2026-10-26');
  });

  it('switches to the week view (in the address), reads that week alone, and steps a week at a time', async () => {
    const user = userEvent.setup();
    const { calls, location } = renderCalendar();
    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(location().search).toContain('view=week');
    expect(screen.getAllByRole('gridcell').map((day) => day.dataset.day)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    await waitFor(() => expect(calendarCalls(calls).at(-1)).toMatchObject({ from: '2026-11-22', to: '2026-11-28' }));
    expect(await within(cell('2026-11-26')).findByRole('button', { name: 'Todo Dentist' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(calendarCalls(calls).at(-1)).toMatchObject({ from: '2026-11-29', to: '2026-12-05' }));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getAllByRole('gridcell')[0]?.getAttribute('data-day')).toBe('2026-11-22');
  });

  it('filters by project and by kind, through the request', async () => {
    const user = userEvent.setup();
    const { calls, location } = renderCalendar();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Whose tasks' }), 'project-1');
    await waitFor(() => expect(calendarCalls(calls).at(-1)).toMatchObject({ projectId: 'project-1' }));
    await user.click(screen.getByRole('button', { name: 'Tasks' }));
    await waitFor(() => expect(calendarCalls(calls).at(-1)).toMatchObject({ projectId: 'project-1', kinds: 'task' }));
    expect(location().search).toContain('kind=task');
    expect(location().search).toContain('project=project-1');
  });
});

describe('CalendarPage: the keyboard', () => {
  it('moves between days with the arrows, into the next month past its end, and Enter opens the day', async () => {
    const user = userEvent.setup();
    const { onCreateTodo, onCreateTask } = renderCalendar();
    await screen.findByRole('button', { name: 'Todo Dentist' });
    // One tab stop: today's cell.
    expect(screen.getAllByRole('gridcell').filter((day) => day.tabIndex === 0)).toEqual([cell(TODAY)]);
    cell(TODAY).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(cell('2026-11-26'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(cell('2026-11-19'));
    await user.keyboard('{ArrowLeft}{Home}');
    expect(document.activeElement).toBe(cell('2026-11-15'));

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(cell('2026-12-06'));
    expect(screen.getByTestId('calendar-title').textContent).toContain('December 2026');

    await user.keyboard('{PageUp}');
    expect(document.activeElement).toBe(cell('2026-11-06'));
    await user.keyboard('{End}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(cell('2026-11-12'));
    // Back to the Dentist's day, and open it.
    for (let step = 0; step < 2; step += 1) await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(cell('2026-11-26'));
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Thursday, November 26, 2026' });
    expect(within(panel).getByRole('list', { name: 'Due this day' }).textContent).toContain('Dentist');
    await user.click(within(panel).getByRole('button', { name: 'New todo' }));
    expect(onCreateTodo).toHaveBeenCalledWith('2026-11-26');
    expect(onCreateTask).not.toHaveBeenCalled();
  });

  it('a click on an empty day opens it, with Nothing due and the two ways to add something due then', async () => {
    const user = userEvent.setup();
    const { onCreateTask } = renderCalendar();
    await user.click(cell('2026-11-10'));
    const panel = await screen.findByRole('dialog', { name: 'Tuesday, November 10, 2026' });
    expect(panel.textContent).toContain('Nothing is due on this day.');
    await user.click(within(panel).getByRole('button', { name: 'New task' }));
    expect(onCreateTask).toHaveBeenCalledWith('2026-11-10', undefined);
  });
});

describe('CalendarPage: moving an item to another day', () => {
  it("moves a task from its day's panel with PUT /tasks/{id}, its version and the new date, and shows it there at once", async () => {
    const user = userEvent.setup();
    const puts: Call[] = [];
    const items: CalendarItem[] = [task(), todo()];
    renderCalendar({
      items,
      respond: (call) => {
        if (call.method !== 'PUT') return undefined;
        puts.push(call);
        // The server has it on its new day from now on.
        items[0] = task({ dueDate: '2026-11-27T00:00:00.000Z', isOverdue: false, version: 4 });
        return { status: 200, body: { success: true, message: 'Task updated successfully', data: savedTask() } };
      },
    });
    // A task's chip is its page's link; the day's panel (the keyboard's way) moves it.
    await within(cell('2026-11-20')).findByText('Ship the release');
    cell('2026-11-20').focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Friday, November 20, 2026' });
    const field = within(panel).getByLabelText('New due date of Ship the release');
    await user.clear(field);
    await user.type(field, '2026-11-27');
    await user.click(within(panel).getByRole('button', { name: 'Move Ship the release to this date' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ path: '/api/v1/tasks/task-1', body: { dueDate: '2026-11-27', version: 3 } });
    expect(await within(cell('2026-11-27')).findByText('Ship the release')).toBeTruthy();
    expect(await screen.findAllByText('Moved "Ship the release" to Friday, November 27, 2026')).not.toHaveLength(0);
  });

  it('moves a todo with the full todo PUT takes', async () => {
    const user = userEvent.setup();
    const puts: Call[] = [];
    renderCalendar({
      respond: (call) => {
        if (call.method !== 'PUT') return undefined;
        puts.push(call);
        const { kind: _kind, isOverdue: _overdue, ...saved } = todo({ dueDate: '2026-11-30T00:00:00.000Z' });
        return { status: 200, body: { success: true, message: 'Todo updated successfully', todo: saved, data: saved } };
      },
    });
    await user.click(await within(cell('2026-11-26')).findByRole('button', { name: 'Todo Dentist' }));
    const panel = await screen.findByRole('dialog', { name: 'Thursday, November 26, 2026' });
    const field = within(panel).getByLabelText('New due date of Dentist');
    await user.clear(field);
    await user.type(field, '2026-11-30');
    await user.click(within(panel).getByRole('button', { name: 'Move Dentist to this date' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      method: 'PUT',
      path: '/api/v1/todos/todo-1',
      body: { title: 'Dentist', description: 'Bring the form', priority: 'MEDIUM', status: 'PENDING', dueDate: '2026-11-30', category: 'cat-2', tags: ['health'], isToday: false },
    });
  });

  it('says clearly when someone else changed the task first (409), and puts it back on its day', async () => {
    const user = userEvent.setup();
    renderCalendar({
      respond: (call) => (call.method === 'PUT' ? failure(409, 'CONFLICT', 'This task was changed by someone else. Reload to see the latest version.') : undefined),
    });
    await within(cell('2026-11-20')).findByText('Ship the release');
    cell('2026-11-20').focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Friday, November 20, 2026' });
    const field = within(panel).getByLabelText('New due date of Ship the release');
    await user.clear(field);
    await user.type(field, '2026-11-27');
    await user.click(within(panel).getByRole('button', { name: 'Move Ship the release to this date' }));
    expect(await screen.findAllByText('This task was changed by someone else. Reload to see the latest version. The calendar now shows the latest version.')).not.toHaveLength(0);
    await waitFor(() => expect(within(cell('2026-11-20')).getByText('Ship the release')).toBeTruthy());
    expect(within(cell('2026-11-27')).queryByText('Ship the release')).toBeNull();
  });

  it("offers no move for a task the person may only look at", async () => {
    const user = userEvent.setup();
    renderCalendar({ items: [task({ canEdit: false })] });
    await within(cell('2026-11-20')).findByText('Ship the release');
    cell('2026-11-20').focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Friday, November 20, 2026' });
    expect(within(panel).queryByLabelText('New due date of Ship the release')).toBeNull();
  });
});

/** PUT /tasks/{id}'s answer: the saved task with this save's history. */
function savedTask() {
  return {
    _id: 'task-1',
    number: 12,
    key: 'WEB-12',
    title: 'Ship the release',
    description: '',
    status: 'TODO',
    priority: 'HIGH',
    assigneeId: null,
    dueDate: '2026-11-27T00:00:00.000Z',
    estimatedHours: null,
    actualHours: null,
    categoryId: { _id: 'cat-1', name: 'Release', color: '#EF4444' },
    tags: [],
    attachments: [],
    featureId: { _id: 'feature-1', title: 'Launch' },
    projectId: { _id: 'project-1', name: 'Website' },
    createdBy: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-25T00:00:00.000Z',
    isOverdue: false,
    blockedReason: null,
    blockedBy: [],
    parentTaskId: null,
    parentTask: null,
    subtasks: { total: 0, completed: 0 },
    version: 4,
    abilities: { canEdit: true, canDelete: true, canComment: true },
    history: [],
    role: 'ADMIN',
  };
}
