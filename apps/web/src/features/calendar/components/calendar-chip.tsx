import type { CalendarItem } from '@tasklane/contract';
import { AlertTriangle, CheckSquare, ListTodo } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { colorOf, describeItem, isDone } from '../lib/calendar-items';

/**
 * An item on a day: its category's colour as a bar and a tint, a task or todo icon, the
 * title, and a mark when overdue. Presentational: the grid makes it draggable and a link.
 */
export function CalendarChip({ item, isOverlay = false, className, children }: { item: CalendarItem; isOverlay?: boolean; className?: string; children?: ReactNode }) {
  const color = colorOf(item);
  const Icon = item.kind === 'task' ? CheckSquare : ListTodo;
  return (
    <span
      className={cn(
        'flex min-w-0 items-center gap-1 rounded-md border-l-4 bg-[color-mix(in_srgb,var(--chip)_14%,white)] px-1.5 py-0.5 text-xs font-medium text-slate-800 dark:bg-[color-mix(in_srgb,var(--chip)_22%,#0f172a)] dark:text-slate-100',
        isDone(item) && 'opacity-60 line-through',
        item.isOverdue && 'ring-1 ring-red-400 dark:ring-red-500',
        isOverlay && 'shadow-lg ring-2 ring-indigo-500',
        className,
      )}
      style={{ borderLeftColor: color, '--chip': color } as CSSProperties}
      data-kind={item.kind}
      data-overdue={item.isOverdue || undefined}
    >
      <Icon aria-hidden="true" className="size-3 shrink-0 opacity-70" />
      {item.isOverdue && <AlertTriangle aria-hidden="true" className="size-3 shrink-0 text-red-600 dark:text-red-400" />}
      <span className="truncate" title={describeItem(item)}>
        {item.kind === 'task' && <span className="mr-1 text-slate-500 dark:text-slate-400">{item.key}</span>}
        {item.title}
      </span>
      {children}
    </span>
  );
}
