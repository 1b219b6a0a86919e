import type { TaskStatistics } from '@tasklane/contract';
import { Ban, CheckCircle2, CircleDashed, Eye, ListChecks, Loader, OctagonAlert } from 'lucide-react';
import { cn } from '@/lib/cn';

const tiles: Array<{ key: keyof TaskStatistics; label: string; icon: typeof ListChecks; tone: string }> = [
  { key: 'total', label: 'Total', icon: ListChecks, tone: 'bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300' },
  { key: 'todo', label: 'To Do', icon: CircleDashed, tone: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300' },
  { key: 'inProgress', label: 'In Progress', icon: Loader, tone: 'bg-blue-50 text-blue-600 dark:bg-blue-950 dark:text-blue-300' },
  { key: 'inReview', label: 'In Review', icon: Eye, tone: 'bg-cyan-50 text-cyan-700 dark:bg-cyan-950 dark:text-cyan-300' },
  { key: 'completed', label: 'Completed', icon: CheckCircle2, tone: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-300' },
  { key: 'block', label: 'Blocked', icon: OctagonAlert, tone: 'bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-300' },
  { key: 'cancelled', label: 'Cancelled', icon: Ban, tone: 'bg-gray-100 text-gray-500 dark:bg-gray-800 dark:text-gray-400' },
];

/**
 * SPEC 9's tiles: total, todo, inProgress, inReview, completed, block, cancelled, counted by the
 * server over the whole feature (whatever the filters and page), so they add up to the total.
 */
export function TaskStats({ statistics }: { statistics: TaskStatistics | undefined }) {
  return (
    <ul aria-label="Task statistics" className="grid grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3 lg:grid-cols-7">
      {tiles.map(({ key, label, icon: Icon, tone }) => (
        <li
          key={key}
          className={cn(
            'flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 shadow-sm sm:p-3 dark:border-slate-800 dark:bg-slate-900',
            key === 'total' && 'col-span-3 sm:col-span-1',
          )}
        >
          <span aria-hidden="true" className={cn('hidden size-9 shrink-0 items-center justify-center rounded-lg sm:flex', tone, key === 'total' && 'flex')}>
            <Icon className="size-4.5" />
          </span>
          <div className="min-w-0">
            <p className="truncate text-xs font-medium text-slate-500 dark:text-slate-400">{label}</p>
            <p className="text-lg font-bold tabular-nums text-slate-900 sm:text-xl dark:text-white">{statistics ? statistics[key] : '–'}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
