import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

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
 * A value edited in place (issue 18): a button showing the value opens a menu of the choices,
 * the current one checked (arrow keys move, Enter picks, Escape closes, focus returns to the
 * button). Picking the current value does nothing.
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
  return (
    <Menu.Root modal={false} open={open} onOpenChange={(next) => onOpenChange?.(next && !isBusy)}>
      <Menu.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          aria-busy={isBusy || undefined}
          className={cn(
            'group inline-flex max-w-full items-center gap-0.5 rounded-md p-0.5 -m-0.5 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 data-[state=open]:bg-slate-100 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800',
            isBusy && 'cursor-progress opacity-60',
            className,
          )}
        >
          {children}
          <ChevronDown
            aria-hidden="true"
            className="size-3.5 shrink-0 text-slate-400 opacity-60 group-hover:opacity-100 group-focus-visible:opacity-100 dark:text-slate-500"
          />
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align={align}
          sideOffset={4}
          aria-label={label}
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
