import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResult } from '@tasklane/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, pathnameOf, queryOf, type Call, type Reply } from '@/lib/testing/fake-server';
import { person } from '@/lib/testing/fixtures';
import { renderScreen } from '@/lib/testing/render';
import { KeyboardLayer } from '../keyboard/keyboard-layer';
import { ThemeProvider } from '../theme/theme-provider';
import { setPaletteOpen } from './palette-store';
import { recentStorageKey } from './recents';

const me = { ...person('me', 'Mona Lisa'), isAdmin: false };

const task: SearchResult = {
  type: 'task',
  _id: 't1',
  title: 'Fix the login page',
  snippet: 'Fix the <mark>login</mark> page &amp; the &lt;form&gt;',
  url: '/dashboard/projects/p1/features/f1/task/t1',
  project: { _id: 'p1', name: 'Website' },
  feature: { _id: 'f1', title: 'Checkout' },
};
const secondTask: SearchResult = { ...task, _id: 't2', title: 'Login emails', snippet: '<mark>Login</mark> emails', url: '/dashboard/projects/p1/features/f1/task/t2' };
const feature: SearchResult = {
  type: 'feature',
  _id: 'f1',
  title: 'Checkout login',
  snippet: 'Checkout <mark>login</mark>',
  url: '/dashboard/projects/p1/features/f1/task',
  project: { _id: 'p1', name: 'Website' },
};
const comment: SearchResult = { type: 'comment', _id: 'c1', title: 'Fix the login page', snippet: 'the <mark>login</mark> fails on Safari', url: task.url };

const found = (data: SearchResult[]): Reply => ({ status: 200, body: { success: true, data, message: 'Search results' } });

/** The server: the session, and GET /search answered by `search`. */
function serve(search: (q: string) => Reply | Promise<Reply>) {
  return fakeServer((call: Call) => {
    if (pathnameOf(call) === '/api/v1/users/me') return { status: 200, body: { success: true, data: me, message: 'ok' } };
    if (pathnameOf(call) === '/api/v1/search') return search(queryOf(call).q ?? '');
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

function renderApp(options: { url?: string } = {}) {
  return renderScreen(
    <ThemeProvider>
      <KeyboardLayer />
    </ThemeProvider>,
    { url: options.url ?? '/somewhere' },
  );
}

const searchCalls = (calls: Call[]) => calls.filter((call) => pathnameOf(call) === '/api/v1/search').map((call) => queryOf(call).q);

beforeEach(() => localStorage.clear());
afterEach(() => {
  setPaletteOpen(false);
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the command palette', () => {
  it('opens with Ctrl+K, searches once typing pauses, groups the results by kind with their matches marked, and Enter opens the first', async () => {
    const { calls } = serve(() => found([task, secondTask, feature, comment]));
    const user = userEvent.setup();
    const { location } = renderApp();

    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    const input = within(palette).getByRole('combobox', { name: 'Search everything, or type a command' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.keyboard('login');

    const tasks = await within(palette).findByRole('group', { name: 'Tasks' });
    // One request for the whole word, not one a letter.
    expect(searchCalls(calls)).toEqual(['login']);
    expect(within(tasks).getAllByRole('option').map((option) => option.querySelector('.font-medium')?.textContent)).toEqual(['Fix the login page', 'Login emails']);
    expect(within(palette).getByRole('group', { name: 'Features' })).toBeTruthy();
    expect(within(palette).getByRole('group', { name: 'Comments' })).toBeTruthy();
    // The groups come in the contract's order: tasks, features, ..., comments.
    expect(within(palette).getAllByRole('group').map((group) => group.getAttribute('aria-labelledby') && document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Tasks',
      'Features',
      'Comments',
      'Commands',
    ]);
    // The snippet: its escaped text as text, its marks as <mark>, nothing as HTML.
    const first = within(tasks).getAllByRole('option')[0]!;
    expect(first.querySelector('mark')?.textContent).toBe('login');
    expect(first.textContent).toContain('Fix the login page & the <form>');
    expect(first.querySelector('form')).toBeNull();
    expect(first.textContent).toContain('Website / Checkout');
    expect(screen.getByTestId('palette-status').textContent).toMatch(/^4 results, \d+ commands?$/);

    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(location().pathname).toBe(secondTask.url));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(localStorage.getItem(recentStorageKey('me')) ?? '[]')).toEqual([
      { type: 'task', _id: 't2', title: 'Login emails', url: secondTask.url, context: 'Website / Checkout' },
    ]);

    // Next time, before anything is typed, the item opened last is offered first.
    await user.keyboard('{Control>}k{/Control}');
    const again = await screen.findByRole('dialog', { name: 'Command palette' });
    const recent = within(again).getByRole('group', { name: 'Recent' });
    expect(within(recent).getAllByRole('option').map((option) => option.querySelector('.font-medium')?.textContent)).toEqual(['Login emails']);
    expect(within(again).getByRole('option', { name: /Go to workspaces/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens a result while the same words are asked again in the background (a live reset refreshes every query)', async () => {
    let held: ((reply: Reply) => void) | undefined;
    const { calls } = serve(() => (searchCalls(calls).length === 1 ? found([task]) : new Promise<Reply>((resolve) => (held = resolve))));
    const user = userEvent.setup();
    const { location, queryClient } = renderApp();

    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await waitFor(() => expect(document.activeElement).toBe(within(palette).getByRole('combobox', { name: 'Search everything, or type a command' })));
    await user.keyboard('login');
    await within(palette).findByRole('group', { name: 'Tasks' });

    // The same words, asked again; the answer is held back while Enter is pressed.
    void queryClient.invalidateQueries();
    await waitFor(() => expect(held).toBeDefined());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location().pathname).toBe(task.url));
    held!(found([task]));
  });

  it('highlights the first result when it arrives after a pause in the typing, so Enter opens it', async () => {
    // "flu" is searched, then "flux": the same task answers both. Its row stays in place, dimmed
    // while "flux" is asked, and must be highlighted again once the answer is in.
    serve((q) => found(q.startsWith('flu') ? [task] : []));
    const { user, location, palette } = await fluAnswered();
    await user.keyboard('x');
    await waitFor(() => expect(within(palette).getByRole('option', { name: /Fix the login page/ }).getAttribute('aria-disabled')).toBe('true'));
    await waitFor(() => expect(within(palette).getByRole('option', { name: /Fix the login page/ }).getAttribute('aria-selected')).toBe('true'));
    expect(within(palette).getByRole('option', { name: /Fix the login page/ }).getAttribute('aria-disabled')).toBe('false');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(location().pathname).toBe(task.url));
  });

  /** The palette opened and "flu" typed, its one result shown (`serve` is called first). */
  async function fluAnswered() {
    const user = userEvent.setup();
    const { location } = renderApp();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await waitFor(() => expect(document.activeElement).toBe(within(palette).getByRole('combobox')));
    await user.keyboard('flu');
    await waitFor(() => expect(screen.getByTestId('palette-status').textContent).toMatch(/^1 result/));
    return { user, location, palette };
  }

  /** "flu" answered at once, then "x" typed: the search for "flux" is held back, its row dimmed. */
  async function searchingFlux() {
    const held: Array<(reply: Reply) => void> = [];
    serve((q) => (q === 'flu' ? found([task]) : new Promise<Reply>((resolve) => held.push(resolve))));
    const { user, location, palette } = await fluAnswered();
    await user.keyboard('x');
    await waitFor(() => expect(held).toHaveLength(1));
    return { user, location, palette, answerFlux: (reply: Reply) => held[0]!(reply) };
  }

  it('keeps an Enter pressed while the typed words are still being searched, and opens their first result when it comes', async () => {
    const { user, location, palette, answerFlux } = await searchingFlux();
    expect(within(palette).getByRole('option', { name: /Fix the login page/ }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    expect(location().pathname).toBe('/somewhere');

    answerFlux(found([secondTask, task]));
    await waitFor(() => expect(location().pathname).toBe(secondTask.url));
  });

  it('drops that Enter once another key is pressed', async () => {
    const { user, location, palette, answerFlux } = await searchingFlux();
    await user.keyboard('{Enter}{ArrowDown}');
    answerFlux(found([secondTask]));
    await waitFor(() => expect(within(palette).getByRole('option', { name: /Login emails/ }).getAttribute('aria-disabled')).toBe('false'));
    expect(location().pathname).toBe('/somewhere');
  });

  it('runs commands: Go to workspaces, Create task in a feature it found, Create todo, Switch theme', async () => {
    serve((q) => found(q.toLowerCase().includes('check') ? [feature] : []));
    const user = userEvent.setup();
    const { location, router } = renderApp();

    setPaletteOpen(true);
    let palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(palette).getByRole('combobox'), 'workspaces');
    await user.click(within(palette).getByRole('option', { name: /Go to workspaces/ }));
    await waitFor(() => expect(location().pathname).toBe('/workspaces'));

    setPaletteOpen(true);
    palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(palette).getByRole('combobox'), 'checkout');
    const create = await within(palette).findByRole('option', { name: /Create task in Checkout login/ });
    await user.click(create);
    await waitFor(() => expect(location().pathname).toBe('/dashboard/projects/p1/features/f1/task'));
    expect(router.state.location.state).toEqual({ create: true });

    setPaletteOpen(true);
    palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(palette).getByRole('combobox'), 'create todo');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(router.state.location.state).toEqual({ create: true });

    const wasDark = document.documentElement.classList.contains('dark');
    setPaletteOpen(true);
    palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(palette).getByRole('combobox'), 'theme');
    await user.click(within(palette).getByRole('option', { name: /Switch theme/ }));
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(!wasDark));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when nothing matches, and when the search failed (the commands still work)', async () => {
    serve((q) => (q === 'zzz' ? found([]) : failure(503, 'UNAVAILABLE', 'Search is unavailable')));
    const user = userEvent.setup();
    renderApp();
    setPaletteOpen(true);
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    const input = within(palette).getByRole('combobox');

    await user.type(input, 'zzz');
    expect(await within(palette).findByText('No results for “zzz”. Try fewer or other words.')).toBeTruthy();
    expect(screen.getByTestId('palette-status').textContent).toBe('No results for zzz');

    await user.clear(input);
    await user.type(input, 'sign');
    const alert = await within(palette).findByRole('alert');
    expect(alert.textContent).toBe('Search is unavailable. The commands below still work.');
    expect(within(palette).getByRole('option', { name: /Sign out/ })).toBeTruthy();
  });
});
