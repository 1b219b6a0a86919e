import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchInput } from '@/components/ui/search-input';
import { useCreateShortcut } from '@/lib/keyboard/use-create-shortcut';
import { fakeServer } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { setPaletteOpen } from '../palette/palette-store';
import { ThemeProvider } from '../theme/theme-provider';
import { KeyboardLayer } from './keyboard-layer';

afterEach(() => {
  setPaletteOpen(false);
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A page with a search box, fields of every kind, and a Create dialog that `c` opens. */
function Page() {
  const [created, setCreated] = useState(0);
  useCreateShortcut(() => setCreated((count) => count + 1));
  return (
    <main>
      <SearchInput aria-label="Search tasks" />
      <input aria-label="Title" />
      <textarea aria-label="Description" />
      <select aria-label="Status">
        <option>Todo</option>
      </select>
      <div role="textbox" aria-label="Notes" contentEditable suppressContentEditableWarning tabIndex={0}>
        notes
      </div>
      <button type="button">Plain button</button>
      <p>Created {created} times</p>
    </main>
  );
}

function renderApp(url = '/somewhere', state?: unknown) {
  fakeServer(() => ({ status: 404, body: {} }));
  return renderScreen(
    <ThemeProvider>
      <Page />
      <KeyboardLayer />
    </ThemeProvider>,
    { url, state },
  );
}

describe('the keyboard layer', () => {
  it('g then a letter goes to Todos, Workspaces, Assigned Projects, Assigned Tasks, Categories and the Calendar', async () => {
    const user = userEvent.setup();
    const { location } = renderApp();
    const cases: Array<[string, string]> = [
      ['w', '/workspaces'],
      ['p', '/projects'],
      ['a', '/tasks'],
      ['c', '/categories'],
      ['l', '/calendar'],
      ['t', '/'],
    ];
    for (const [key, path] of cases) {
      await user.keyboard(`g${key}`);
      await waitFor(() => expect(location().pathname).toBe(path));
    }
    // `g` then a key no sequence has: nothing, and the next key is a key of its own again.
    await user.keyboard('gz');
    expect(location().pathname).toBe('/');
    await user.keyboard('w');
    expect(location().pathname).toBe('/');
  });

  it('never fires while typing in a field, with Ctrl or Alt held, or while a dialog is open', async () => {
    const user = userEvent.setup();
    const { location } = renderApp();
    for (const name of ['Title', 'Description', 'Search tasks']) {
      await user.click(screen.getByRole(name === 'Description' ? 'textbox' : name === 'Search tasks' ? 'searchbox' : 'textbox', { name }));
      await user.keyboard('gwc?');
    }
    screen.getByRole('combobox', { name: 'Status' }).focus();
    await user.keyboard('gw');
    screen.getByRole('textbox', { name: 'Notes' }).focus();
    await user.keyboard('gwc');
    expect(location().pathname).toBe('/somewhere');
    expect(screen.getByText('Created 0 times')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    screen.getByRole('button', { name: 'Plain button' }).focus();
    await user.keyboard('{Control>}g{/Control}w{Alt>}c{/Alt}');
    expect(location().pathname).toBe('/somewhere');
    expect(screen.getByText('Created 0 times')).toBeTruthy();

    // `?` opens the sheet; while it is open `g w` and `c` do nothing; Escape closes it.
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(sheet).getByText('Open the command palette: search everything, run a command')).toBeTruthy();
    expect(within(sheet).getByText('Workspaces')).toBeTruthy();
    await user.keyboard('gwc');
    expect(location().pathname).toBe('/somewhere');
    expect(screen.getByText('Created 0 times')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Outside fields, `c` creates and `/` goes to the page's search.
    await user.keyboard('c');
    expect(screen.getByText('Created 1 times')).toBeTruthy();
    await user.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search tasks' }));
  });

  it("opens the page's Create dialog when the palette's navigation asks for it, once", async () => {
    const { router } = renderApp('/dashboard/projects/p1/features/f1/task', { create: true });
    expect(await screen.findByText('Created 1 times')).toBeTruthy();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.getByText('Created 1 times')).toBeTruthy();
  });

  it('Ctrl+K opens the palette even from a field, and closes it again', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('textbox', { name: 'Title' }));
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeTruthy();
    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
