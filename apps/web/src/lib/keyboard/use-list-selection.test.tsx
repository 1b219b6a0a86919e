import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveRegion } from '@/components/ui/live-region';
import { useTaskPickerRequests, type TaskPickerField } from '../task-picker-requests';
import { useListSelection, type ListSelectionActions } from './use-list-selection';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

interface Item {
  id: string;
  title: string;
}

const items: Item[] = [
  { id: 'a', title: 'Alpha' },
  { id: 'b', title: 'Bravo' },
  { id: 'c', title: 'Charlie' },
];

/** A task's in-place picker, as the pickers listen for the keyboard's requests. */
function Picker({ taskId, onOpen }: { taskId: string; onOpen: (field: TaskPickerField) => void }) {
  useTaskPickerRequests(taskId, onOpen);
  return null;
}

function List({ actions }: { actions: ListSelectionActions<Item> }) {
  const selection = useListSelection({ items, idOf: (item) => item.id, labelOf: (item) => item.title, noun: 'task', actions });
  return (
    <>
      <button type="button">Before</button>
      <ul aria-label="Tasks">
        {items.map((item) => (
          <li key={item.id} {...selection.itemProps(item.id)}>
            {item.title}
          </li>
        ))}
      </ul>
      <LiveRegion message={selection.announcement} />
    </>
  );
}

describe('useListSelection', () => {
  it('j and k move a visible, announced selection; Enter, x, e, s, p and a act on the selected item', async () => {
    const actions = { open: vi.fn(), toggle: vi.fn(), edit: vi.fn(), taskIdOf: (item: Item) => item.id, onNoPicker: vi.fn() };
    const pickerOfB = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <List actions={actions} />
        <Picker taskId="b" onOpen={pickerOfB} />
      </>,
    );
    const row = (name: string) => screen.getByText(name);
    const status = screen.getByRole('status');
    expect(screen.queryAllByRole('listitem').filter((item) => item.getAttribute('aria-current') === 'true')).toEqual([]);

    // Nothing is selected yet: Enter and x do nothing.
    await user.keyboard('{Enter}x');
    expect(actions.open).not.toHaveBeenCalled();
    expect(actions.toggle).not.toHaveBeenCalled();

    await user.keyboard('j');
    expect(row('Alpha').getAttribute('aria-current')).toBe('true');
    expect(row('Alpha').getAttribute('data-selected')).toBe('true');
    expect(document.activeElement).toBe(row('Alpha'));
    expect(status.textContent).toBe('Alpha, task 1 of 3, selected');

    await user.keyboard('jj');
    expect(status.textContent).toBe('Charlie, task 3 of 3, selected');
    // At the end it stays.
    await user.keyboard('j');
    expect(row('Charlie').getAttribute('aria-current')).toBe('true');
    await user.keyboard('k');
    expect(row('Bravo').getAttribute('aria-current')).toBe('true');
    expect(row('Charlie').getAttribute('aria-current')).toBeNull();
    expect(status.textContent).toBe('Bravo, task 2 of 3, selected');

    await user.keyboard('{Enter}');
    expect(actions.open).toHaveBeenCalledWith(items[1]);
    await user.keyboard('x');
    expect(actions.toggle).toHaveBeenCalledWith(items[1]);
    await user.keyboard('e');
    expect(actions.edit).toHaveBeenCalledWith(items[1]);

    // Bravo's pickers are on screen: s, p and a open them.
    await user.keyboard('spa');
    expect(pickerOfB.mock.calls).toEqual([['status'], ['priority'], ['assignee']]);
    expect(actions.onNoPicker).not.toHaveBeenCalled();
    // Alpha has none: the list's fallback.
    await user.keyboard('ks');
    expect(actions.onNoPicker).toHaveBeenCalledWith(items[0], 'status');

    // Enter on a focused button is the button's, not the list's.
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.keyboard('{Enter}');
    expect(actions.open).toHaveBeenCalledTimes(1);
  });
});
