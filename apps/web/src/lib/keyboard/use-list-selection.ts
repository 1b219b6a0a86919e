import { useCallback, useRef, useState } from 'react';
import { requestTaskPicker, type TaskPickerField } from '../task-picker-requests';
import { useShortcuts, type ShortcutHandler } from './shortcuts';

/** What the keys do to the selected item; each is left out where the list has no such action. */
export interface ListSelectionActions<T> {
  /** Enter. */
  open: (item: T) => void;
  /** `x`: ticks a todo. */
  toggle?: (item: T) => void;
  /** `e`: the item's edit dialog or mode. */
  edit?: (item: T) => void;
  /** `s`, `p`, `a`: the task whose status, priority and assignee pickers open. */
  taskIdOf?: (item: T) => string;
  /** When no picker of the task is on screen: what `s`, `p` and `a` do instead (open its edit mode, say). */
  onNoPicker?: (item: T, field: TaskPickerField) => void;
}

export interface ListSelection {
  /** The props that mark an item (its row or card wrapper) as selectable and, when chosen, selected. */
  itemProps: (id: string) => {
    ref: (element: HTMLElement | null) => void;
    tabIndex: -1;
    'aria-current': 'true' | undefined;
    'data-selected': 'true' | undefined;
  };
  selectedId: string | undefined;
  /** What to tell a screen reader about the selection (for a polite live region). */
  announcement: string;
}

const pickerKeys: Record<'s' | 'p' | 'a', TaskPickerField> = { s: 'status', p: 'priority', a: 'assignee' };

/** True when Enter belongs to the focused control (a link or button activates itself). */
function isFocusOnControl(selected: HTMLElement | undefined): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || active === selected) return false;
  return active.closest('a[href], button, input, select, textarea, summary, [role="button"], [role="link"]') !== null;
}

/**
 * `j` / `k` move a visible selection through a list (the todos, a feature's task table,
 * assigned tasks, a project's features): the selected item takes the focus (so its ring shows,
 * the page scrolls to it, and Tab goes on from there), is marked `aria-current`, and the move is
 * announced (`announcement`, for a live region). Enter opens it, `x` ticks it, `e` edits it, and
 * `s` / `p` / `a` ask its task's in-place pickers to open (lib/task-picker-requests.ts).
 */
export function useListSelection<T>({
  items,
  idOf,
  labelOf,
  noun,
  actions,
  enabled = true,
}: {
  items: readonly T[];
  idOf: (item: T) => string;
  labelOf: (item: T) => string;
  /** 'todo', 'task', 'feature': how the announcement names an item. */
  noun: string;
  actions: ListSelectionActions<T>;
  enabled?: boolean;
}): ListSelection {
  const [selectedId, setSelectedId] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const elements = useRef(new Map<string, HTMLElement>());
  const index = selectedId === undefined ? -1 : items.findIndex((item) => idOf(item) === selectedId);
  const selected = index >= 0 ? items[index] : undefined;

  const move = (step: 1 | -1) => {
    if (items.length === 0) return false;
    const next = index < 0 ? 0 : Math.min(items.length - 1, Math.max(0, index + step));
    const item = items[next] as T;
    const id = idOf(item);
    setSelectedId(id);
    setAnnouncement(`${labelOf(item)}, ${noun} ${next + 1} of ${items.length}, selected`);
    const element = elements.current.get(id);
    element?.focus({ preventScroll: true });
    element?.scrollIntoView?.({ block: 'nearest' });
    return true;
  };

  const onSelected = (act: ((item: T) => void) | undefined): ShortcutHandler | undefined =>
    act && selected !== undefined
      ? () => {
          act(selected);
        }
      : undefined;

  const picker = (key: 's' | 'p' | 'a'): ShortcutHandler | undefined => {
    const { taskIdOf, onNoPicker } = actions;
    if (!taskIdOf || selected === undefined) return undefined;
    return () => {
      const field = pickerKeys[key];
      if (!requestTaskPicker(taskIdOf(selected), field)) onNoPicker?.(selected, field);
    };
  };

  const selectedElement = selectedId === undefined ? undefined : elements.current.get(selectedId);
  useShortcuts(
    {
      j: () => move(1),
      k: () => move(-1),
      Enter:
        selected === undefined
          ? undefined
          : () => {
              if (isFocusOnControl(selectedElement)) return false;
              actions.open(selected);
              return true;
            },
      x: onSelected(actions.toggle),
      e: onSelected(actions.edit),
      s: picker('s'),
      p: picker('p'),
      a: picker('a'),
    },
    enabled,
  );

  const itemProps = useCallback(
    (id: string) => ({
      ref: (element: HTMLElement | null) => {
        if (element) elements.current.set(id, element);
        else elements.current.delete(id);
      },
      tabIndex: -1 as const,
      'aria-current': id === selectedId ? ('true' as const) : undefined,
      'data-selected': id === selectedId ? ('true' as const) : undefined,
    }),
    [selectedId],
  );

  return { itemProps, selectedId: selected === undefined ? undefined : selectedId, announcement };
}
