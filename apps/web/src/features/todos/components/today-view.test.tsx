import type { Task, Today, Todo, TodayItem } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, pathnameOf, type Call, type Reply } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { TodayView } from './today-view';

const todo = (id: string, title: string, overrides: Partial<Todo> = {}): Todo => ({
  _id: id,
  title,
  description: '',
  priority: 'MEDIUM',
  status: 'PENDING',
  dueDate: null,
  category: { _id: 'c1', name: 'Home', color: '#10B981', slug: 'home' },
  tags: [],
  completedAt: null,
  isToday: false,
  recurrence: null,
  recurrenceTimeZone: null,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  ...overrides,
});

const task = (id: string, title: string, overrides: Partial<Task> = {}): Task => ({
  _id: id,
  number: 12,
  key: 'WEB-12',
  title,
  description: '',
  status: 'IN_PROGRESS',
  priority: 'URGENT',
  assigneeId: null,
  dueDate: '2026-11-24T00:00:00.000Z',
  estimatedHours: null,
  actualHours: null,
  categoryId: null,
  tags: [],
  attachments: [],
  featureId: { _id: 'f1', title: 'Launch' },
  projectId: { _id: 'p1', name: 'Apollo' },
  createdBy: null,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  isOverdue: true,
  blockedReason: null,
  version: 1,
  abilities: { canEdit: true, canDelete: true, canComment: true },
  ...overrides,
} as Task);

const payRent = todo('d1', 'Pay rent', { priority: 'HIGH', dueDate: '2026-11-25T00:00:00.000Z' });
const callAnn = todo('d2', 'Call Ann', { isToday: true });
const items: TodayItem[] = [
  { kind: 'task', reason: 'OVERDUE', task: task('t1', 'Fix the login page') },
  { kind: 'todo', reason: 'DUE_TODAY', todo: payRent },
  { kind: 'todo', reason: 'FOCUS', todo: callAnn },
];

function server(answer: Today | Reply) {
  return fakeServer((call: Call): Reply => {
    if (call.method === 'GET' && pathnameOf(call) === '/api/v1/users/me/today') {
      return 'status' in answer ? answer : { status: 200, body: { success: true, message: 'ok', data: answer } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

const rows = () => within(screen.getByRole('list', { name: 'Today' })).getAllByRole('listitem');

describe('TodayView', () => {
  it('shows the day in one list as the server sorted it: tasks link to their page, todos tick and open for editing', async () => {
    server({ date: '2026-11-25', timeZone: 'Europe/Paris', total: 3, items });
    const onToggle = vi.fn(() => Promise.resolve());
    const onEdit = vi.fn();
    const user = userEvent.setup();
    renderScreen(<TodayView onToggle={onToggle} onEdit={onEdit} />);

    const section = await screen.findByRole('region', { name: 'Today' });
    expect(await within(section).findByText(/Nov 25, 2026 · 3 items/)).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, second, third] = rows();
    const link = within(first!).getByRole('link', { name: /Fix the login page/ });
    expect(link.getAttribute('href')).toBe('/dashboard/projects/p1/features/f1/task/t1');
    expect(first!.textContent).toContain('WEB-12');
    expect(first!.textContent).toContain('Overdue since Nov 24, 2026');
    expect(first!.textContent).toContain('Apollo');
    expect(second!.textContent).toContain('Due today');
    expect(third!.textContent).toContain("Today's focus");

    await user.click(within(second!).getByRole('checkbox', { name: 'Mark as complete: Pay rent' }));
    expect(onToggle).toHaveBeenCalledWith(payRent);
    await user.click(within(third!).getByRole('button', { name: 'Edit todo: Call Ann' }));
    expect(onEdit).toHaveBeenCalledWith(callAnn);
  });

  it('says when nothing is due', async () => {
    server({ date: '2026-11-25', timeZone: 'UTC', total: 0, items: [] });
    renderScreen(<TodayView onToggle={() => Promise.resolve()} onEdit={() => {}} />);
    expect(await screen.findByText(/Nothing due today\./)).toBeTruthy();
    expect(screen.getByText(/nothing to do/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Today' })).toBeNull();
  });

  it('says how many more there are than it lists', async () => {
    server({ date: '2026-11-25', timeZone: 'UTC', total: 140, items });
    renderScreen(<TodayView onToggle={() => Promise.resolve()} onEdit={() => {}} />);
    expect(await screen.findByText('Showing the first 3 of 140, by priority.')).toBeTruthy();
  });

  it('lists the eight most urgent and unfolds the rest on request, then says how many the server left out', async () => {
    const many: TodayItem[] = Array.from({ length: 12 }, (_, index) => ({ kind: 'todo', reason: 'OVERDUE', todo: todo(`m${index}`, `Chore ${index + 1}`) }));
    server({ date: '2026-11-25', timeZone: 'UTC', total: 30, items: many });
    const user = userEvent.setup();
    renderScreen(<TodayView onToggle={() => Promise.resolve()} onEdit={() => {}} />);
    await screen.findByText('Chore 1');
    expect(rows().map((row) => row.textContent)).toHaveLength(8);
    expect(screen.queryByText('Chore 9')).toBeNull();
    expect(screen.queryByText(/Showing the first/)).toBeNull();
    const more = screen.getByRole('button', { name: 'Show 4 more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(rows()).toHaveLength(12);
    expect(screen.getByText('Chore 12')).toBeTruthy();
    expect(screen.getByText('Showing the first 12 of 30, by priority.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(rows()).toHaveLength(8);
  });

  it('offers Try Again when the day cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server(failure(503, 'SERVICE_UNAVAILABLE', 'Down for maintenance'));
    renderScreen(<TodayView onToggle={() => Promise.resolve()} onEdit={() => {}} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try Again/i })).toBeTruthy();
  });
});
