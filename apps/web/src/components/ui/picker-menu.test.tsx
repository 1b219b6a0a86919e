import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PickerMenu } from './picker-menu';

const options = [
  { value: 'LOW', label: 'Low' },
  { value: 'MEDIUM', label: 'Medium' },
  { value: 'HIGH', label: 'High' },
] as const;

/** A priority picker whose opening is held by its parent, as the task pickers hold theirs (the keyboard's `p` opens it). */
function Picker({ onPick, openFromOutside }: { onPick: (value: string) => void; openFromOutside?: (open: () => void) => void }) {
  const [open, setOpen] = useState(false);
  openFromOutside?.(() => setOpen(true));
  return (
    <PickerMenu label="Priority: Medium. Change priority" value="MEDIUM" options={options} onPick={onPick} open={open} onOpenChange={setOpen}>
      Medium
    </PickerMenu>
  );
}

const trigger = () => screen.getByRole('button', { name: 'Priority: Medium. Change priority' });

describe('PickerMenu: a value changed in place', () => {
  it('before it first opens, the button says it opens a menu, and no menu is there', () => {
    render(<Picker onPick={vi.fn()} />);
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('a click opens the menu on the menu itself, with the current value checked; picking another calls onPick and gives the focus back', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    render(<Picker onPick={onPick} />);
    await user.click(trigger());
    const menu = await screen.findByRole('menu', { name: 'Priority: Medium. Change priority' });
    await waitFor(() => expect(document.activeElement).toBe(menu));
    expect(screen.getByRole('menuitemradio', { name: 'Medium' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('menuitemradio', { name: 'High' }));
    expect(onPick).toHaveBeenCalledWith('HIGH');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger()));
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('Enter on the button opens the menu on its first item; the arrows move, Escape closes and gives the focus back', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    render(<Picker onPick={onPick} />);
    act(() => trigger().focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: 'Low' })));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: 'Medium' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger()));
    // Opened again from the keyboard, the same.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: 'Low' })));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith('HIGH');
  });

  it('opened from outside after a key press (the keyboard layer), the menu mounts open on its first item', async () => {
    let openIt = () => {};
    const user = userEvent.setup();
    render(<Picker onPick={vi.fn()} openFromOutside={(open) => (openIt = open)} />);
    await user.keyboard('p');
    act(() => openIt());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: 'Low' })));
  });

  it('a busy picker does not open', async () => {
    const user = userEvent.setup();
    render(
      <PickerMenu label="Priority: Medium. Change priority" value="MEDIUM" options={options} onPick={vi.fn()} isBusy>
        Medium
      </PickerMenu>,
    );
    await user.click(trigger());
    expect(trigger().getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
