import { Columns3, Table2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { TaskView } from '../lib/task-view';

const views = [
  { value: 'table', label: 'Table', Icon: Table2 },
  { value: 'board', label: 'Board', Icon: Columns3 },
] as const;

/** Table / Board: two pressed-state buttons. */
export function TaskViewToggle({ value, onChange }: { value: TaskView; onChange: (view: TaskView) => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex shrink-0 rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm dark:border-slate-600 dark:bg-slate-800">
      {views.map(({ value: view, label, Icon }) => (
        <button
          key={view}
          type="button"
          aria-pressed={value === view}
          onClick={() => onChange(view)}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
            value === view
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
