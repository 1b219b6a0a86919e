import type { Category } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer, pathnameOf, type Call, type Reply } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { DefaultCategorySetting } from './default-category-setting';

const HOME = '0f8fad5b-d9cb-469f-a165-70867728950e';
const WORK = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const category = (id: string, name: string): Category => ({ _id: id, name, slug: name.toLowerCase(), type: 'TODO', color: '#3B82F6', workspaceId: null, createdAt: '2026-01-05T00:00:00.000Z' });

function server(current: Category | null) {
  return fakeServer((call: Call): Reply => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === '/api/v1/categories') return { status: 200, body: { success: true, categories: [category(HOME, 'Home'), category(WORK, 'Work')] } };
    if (call.method === 'GET' && path === '/api/v1/todos/default-category') return { status: 200, body: { success: true, message: 'ok', data: current } };
    if (call.method === 'PUT' && path === '/api/v1/todos/default-category') {
      const { categoryId } = call.body as { categoryId: string };
      return { status: 200, body: { success: true, message: 'Default category saved successfully', data: category(categoryId, categoryId === WORK ? 'Work' : 'Home') } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

describe('DefaultCategorySetting', () => {
  it('says the Inbox comes with the first quick add until a default is chosen, and saves the choice', async () => {
    const { calls } = server(null);
    const user = userEvent.setup();
    renderScreen(<DefaultCategorySetting />, { withToasts: true });
    const select = await screen.findByLabelText('Default todo category');
    await waitFor(() => expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Inbox (made by your first quick add)', 'Home', 'Work']));
    const save = screen.getByRole('button', { name: 'Save default category' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.selectOptions(select, 'Work');
    await user.click(save);
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ categoryId: WORK });
    expect(await screen.findByText('New quick-added todos go to Work')).toBeTruthy();
    // Chosen: no more Inbox placeholder.
    await waitFor(() => expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Home', 'Work']));
    expect((select as HTMLSelectElement).value).toBe(WORK);
  });

  it('shows the saved default chosen', async () => {
    server(category(HOME, 'Home'));
    renderScreen(<DefaultCategorySetting />);
    const select = await screen.findByLabelText('Default todo category');
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe(HOME));
  });
});
