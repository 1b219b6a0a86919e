import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useUncoveredLabel } from './covered-labels';

export interface PickerOption<V extends string> {
  value: V;
  label: string;
  /** What the option shows (a badge, an avatar and a name); the label by default. */
  content?: ReactNode;
}

export interface PickerMenuProps<V extends string> {
  /** The trigger's accessible name, which says what it changes and what it is now ('Status: To Do. Change status'). */
  label: string;
  /** What the trigger shows: the value as everywhere else (a badge, a person). */
  children: ReactNode;
  value: V;
  options: readonly PickerOption<V>[];
  onPick: (value: V) => void;
  /** Controlled opening, so that something else (the keyboard's `s`, `p`, `a`) can open it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** While a save is on its way: the trigger is busy and does not open. */
  isBusy?: boolean;
  /** Said in the menu instead of the options (loading, a failure). */
  notice?: ReactNode;
  align?: 'start' | 'end';
  className?: string;
}

/**
 * Whether the last input was a key rather than a pointer, as Radix's menu tracks it: a menu
 * opened from the keyboard focuses its first item, one opened by a pointer the menu itself. Kept
 * here because a picker's menu is mounted when it first opens (below), after the key that opened
 * it, which Radix's own listener, added on mount, would not have seen.
 */
let isUsingKeyboard = false;
if (typeof document !== 'undefined') {
  document.addEventListener('keydown', () => (isUsingKeyboard = true), { capture: true });
  document.addEventListener('pointerdown', () => (isUsingKeyboard = false), { capture: true });
  document.addEventListener('pointermove', () => (isUsingKeyboard = false), { capture: true });
}

/**
 * Where focus goes as the menu opens: the first item when opened from the keyboard, else the menu
 * itself (Radix decides this with its own record of the keyboard, which misses the key that
 * mounted the menu; a menu opened before then has an item Radix may have moved to since).
 * DropdownMenu's types leave out the menu's `onEntryFocus`, which it passes on.
 */
const entryFocus = {
  onEntryFocus: (event: Event) => {
    if (!isUsingKeyboard) {
      event.preventDefault();
      return;
    }
    const menu = event.currentTarget as HTMLElement;
    queueMicrotask(() => {
      if (document.activeElement === menu) menu.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus({ preventScroll: true });
    });
  },
} as object;

const triggerClassName =
  'group inline-flex max-w-full items-center gap-0.5 rounded-md p-0.5 -m-0.5 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 data-[state=open]:bg-slate-100 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800';

/**
 * A value edited in place (issue 18): a button showing the value opens a menu of the choices,
 * the current one checked (arrow keys move, Enter picks, Escape closes, focus returns to the
 * button). Picking the current value does nothing.
 *
 * Until it first opens, the picker is a plain button that opens it as Radix's trigger would (a
 * press of the main pointer button, Enter, Space or the down arrow): a board or a page of cards
 * shows hundreds of pickers, and a Radix menu mounted for each cost about a sixth of the board's
 * render (decision 049).
 */
export function PickerMenu<V extends string>({
  label,
  children,
  value,
  options,
  onPick,
  open,
  onOpenChange,
  isBusy = false,
  notice,
  align = 'start',
  className,
}: PickerMenuProps<V>) {
  const triggerLabel = useUncoveredLabel(label);
  const [isMenuMounted, setMenuMounted] = useState(false);
  const [opensOnMount, setOpensOnMount] = useState(false);
  // Opened from elsewhere (the keyboard's `s`, `p`, `a`): the menu mounts open.
  if (open && !isMenuMounted) setMenuMounted(true);
  const trigger = (
    <>
      {children}
      <ChevronDown
        aria-hidden="true"
        className="size-3.5 shrink-0 text-slate-400 opacity-60 group-hover:opacity-100 group-focus-visible:opacity-100 dark:text-slate-500"
      />
    </>
  );
  const busyClassName = isBusy && 'cursor-progress opacity-60';
  if (!isMenuMounted) {
    const openMenu = () => {
      if (isBusy) return;
      setMenuMounted(true);
      setOpensOnMount(true);
      onOpenChange?.(true);
    };
    return (
      <button
        type="button"
        aria-label={triggerLabel}
        aria-busy={isBusy || undefined}
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        className={cn(triggerClassName, busyClassName, className)}
        onPointerDown={(event) => {
          if (event.button !== 0 || event.ctrlKey) return;
          // As Radix's trigger: the menu, not the button, takes the focus.
          event.preventDefault();
          openMenu();
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
          event.preventDefault();
          openMenu();
        }}
      >
        {trigger}
      </button>
    );
  }
  return (
    <Menu.Root modal={false} open={open} defaultOpen={opensOnMount} onOpenChange={(next) => onOpenChange?.(next && !isBusy)}>
      <Menu.Trigger asChild>
        <button type="button" aria-label={triggerLabel} aria-busy={isBusy || undefined} className={cn(triggerClassName, busyClassName, className)}>
          {trigger}
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align={align}
          sideOffset={4}
          aria-label={label}
          {...entryFocus}
          className="z-50 max-h-80 min-w-44 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {notice ? (
            <p className="px-2.5 py-2 text-sm text-slate-500 dark:text-slate-400">{notice}</p>
          ) : (
            <Menu.RadioGroup
              value={value}
              onValueChange={(next) => {
                if (next !== value) onPick(next as V);
              }}
            >
              {options.map((option) => (
                <Menu.RadioItem
                  key={option.value}
                  value={option.value}
                  className="flex cursor-pointer select-none items-center gap-2 rounded-md py-1.5 pl-7 pr-2.5 text-sm text-slate-700 outline-none relative data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800"
                >
                  <Menu.ItemIndicator className="absolute left-2 inline-flex">
                    <Check aria-hidden="true" className="size-3.5" />
                  </Menu.ItemIndicator>
                  {option.content ?? option.label}
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
