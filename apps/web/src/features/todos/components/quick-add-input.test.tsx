import type { Category, Todo } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer, pathnameOf, type Call, type Reply } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { QuickAddInput } from './quick-add-input';

const HOME = '0f8fad5b-d9cb-469f-a165-70867728950e';
const SIDE = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const INBOX = '9b2c8f0e-2f61-4b8e-9d7e-2f0c1a3b4c5d';
const category = (id: string, name: string, slug: string): Category => ({ _id: id, name, slug, type: 'TODO', color: '#3B82F6', workspaceId: null, createdAt: '2026-01-05T00:00:00.000Z' });

// Thursday 5 March 2026, 22:30 UTC.
const now = () => new Date('2026-03-05T22:30:00Z');

function server({ quickReply }: { quickReply?: Reply } = {}) {
  return fakeServer((call: Call): Reply => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === '/api/v1/categories') {
      return { status: 200, body: { success: true, categories: [category(HOME, 'Home', 'home'), category(SIDE, 'Side project', 'side-project')] } };
    }
    if (call.method === 'GET' && path === '/api/v1/todos/default-category') return { status: 200, body: { success: true, message: 'None', data: null } };
    if (call.method === 'POST' && path === '/api/v1/todos/quick') {
      if (quickReply) return quickReply;
      const body = call.body as { title: string; category: string | null; dueDate: string | null; tags: string[] };
      const todo: Todo = {
        _id: 't1',
        title: body.title,
        description: '',
        priority: 'HIGH',
        status: 'PENDING',
        dueDate: body.dueDate && `${body.dueDate}T00:00:00.000Z`,
        category: body.category ? { _id: body.category, name: 'Side project', color: '#3B82F6', slug: 'side-project' } : { _id: INBOX, name: 'Inbox', color: '#64748B', slug: 'inbox' },
        tags: body.tags,
        completedAt: null,
        isToday: false,
        recurrence: null,
        recurrenceTimeZone: null,
        createdAt: '2026-03-05T22:30:00.000Z',
        updatedAt: '2026-03-05T22:30:00.000Z',
      };
      return { status: 201, body: { success: true, message: 'Todo created successfully', todo, data: todo } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

const quickCalls = (calls: Call[]) => calls.filter((call) => call.method === 'POST' && pathnameOf(call) === '/api/v1/todos/quick');

describe('QuickAddInput', () => {
  it('shows what it read as chips while typing, and Enter creates the todo in the default category', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderScreen(<QuickAddInput timeZone="Asia/Tokyo" now={now} />);
    const input = screen.getByLabelText('Quick add a todo');

    await user.type(input, 'Pay rent tomorrow !high #home');
    const chips = await screen.findByRole('list', { name: 'Quick add will create' });
    // Already Friday the 6th in Tokyo: tomorrow is the 7th.
    await waitFor(() => expect(within(chips).getByText('Due Mar 7, 2026')).toBeTruthy());
    expect(within(chips).getByText('Title: Pay rent')).toBeTruthy();
    expect(within(chips).getByText('Priority: High')).toBeTruthy();
    expect(within(chips).getByText('home')).toBeTruthy();
    expect(within(chips).getByText('Category: Inbox (default)')).toBeTruthy();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(quickCalls(calls)).toHaveLength(1));
    expect(quickCalls(calls)[0]!.body).toEqual({ title: 'Pay rent', dueDate: '2026-03-07', priority: 'HIGH', tags: ['home'], category: null });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('status').textContent).toBe('Added "Pay rent" to Inbox');
  });

  it('files the todo under a category named in quotes', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderScreen(<QuickAddInput timeZone="UTC" now={now} />);
    const input = screen.getByLabelText('Quick add a todo');
    await user.type(input, 'Sketch the logo @"side PROJECT"');
    expect(await screen.findByText('Category: Side project')).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(quickCalls(calls)).toHaveLength(1));
    expect(quickCalls(calls)[0]!.body).toMatchObject({ title: 'Sketch the logo', category: SIDE, dueDate: null, tags: [] });
  });

  it('refuses a category that does not exist, and a line without a title, saying why', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderScreen(<QuickAddInput timeZone="UTC" now={now} />);
    const input = screen.getByLabelText('Quick add a todo');
    await user.type(input, 'Water plants @Garden');
    expect(await screen.findByText('No category named "Garden"')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('No todo category is named "Garden"');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    await user.clear(input);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(input, 'tomorrow !high{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Title is required');
    expect(quickCalls(calls)).toHaveLength(0);
    expect((input as HTMLInputElement).value).toBe('tomorrow !high');
  });

  it("shows the server's refusal and keeps the line", async () => {
    server({ quickReply: failure(400, 'VALIDATION_ERROR', 'Each tag must be at most 40 characters') });
    const user = userEvent.setup();
    renderScreen(<QuickAddInput timeZone="UTC" now={now} />);
    const input = screen.getByLabelText('Quick add a todo');
    await user.type(input, 'Read #a-very-long-tag-that-goes-on-and-on-and-on{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Each tag must be at most 40 characters');
    expect((input as HTMLInputElement).value).toBe('Read #a-very-long-tag-that-goes-on-and-on-and-on');
  });
});
