import type { ListLayout } from '@tasklane/contract';
import { LayoutGrid, List } from 'lucide-react';
import { cn } from '@/lib/cn';

const layouts = [
  { value: 'cards', label: 'Cards', Icon: LayoutGrid },
  { value: 'list', label: 'List', Icon: List },
] as const;

/** Cards / List (issue 18): two pressed-state buttons, as the task view's Table / Board. */
export function LayoutToggle({ value, onChange }: { value: ListLayout; onChange: (layout: ListLayout) => void }) {
  return (
    <div role="group" aria-label="Layout" className="inline-flex shrink-0 rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm dark:border-slate-600 dark:bg-slate-800">
      {layouts.map(({ value: layout, label, Icon }) => (
        <button
          key={layout}
          type="button"
          aria-pressed={value === layout}
          onClick={() => onChange(layout)}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
            value === layout
              ? 'bg-indigo-600 text-white dark:bg-indigo-500'
              : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </div>
  );
}

/**
 * 'Show completed (N)' (issue 18): completed and cancelled items are hidden by default; N is how
 * many the server left out. Once shown, 'Hide completed' puts the default back.
 */
export function ShowDoneToggle({ isShown, hiddenCount, onChange }: { isShown: boolean; hiddenCount: number; onChange: (isShown: boolean) => void }) {
  if (!isShown && hiddenCount === 0) return null;
  return (
    <button
      type="button"
      onClick={() => onChange(!isShown)}
      className="inline-flex h-9 shrink-0 items-center rounded-lg px-3 text-sm font-medium text-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:bg-indigo-950"
    >
      {isShown ? 'Hide completed' : `Show completed (${hiddenCount})`}
    </button>
  );
}
