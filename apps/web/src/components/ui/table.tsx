import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { HTMLAttributes, ReactNode, Ref, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { cardClassName } from './card';

/**
 * A data table in a card. On narrow screens it scrolls sideways inside the card (the page never
 * does); Chromium and Firefox let the keyboard focus and scroll such a container.
 */
export function Table({ label, minWidth = 'min-w-[720px]', busy = false, children }: { label: string; minWidth?: string; busy?: boolean; children: ReactNode }) {
  return (
    <div className={cn(cardClassName, 'relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600')}>
      <table aria-label={label} aria-busy={busy || undefined} className={cn('w-full border-collapse text-left text-sm transition-opacity', minWidth, busy && 'opacity-60')}>
        {children}
      </table>
    </div>
  );
}

export function TableHead({ children }: { children: ReactNode }) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
      <tr>{children}</tr>
    </thead>
  );
}

export function TableBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>;
}

/** A body row; other attributes (a keyboard selection's `ref`, `tabIndex`, `aria-current`) go on the `<tr>`. */
export function TableRow({ className, children, ...props }: HTMLAttributes<HTMLTableRowElement> & { ref?: Ref<HTMLTableRowElement> }) {
  return (
    <tr className={cn('transition-colors outline-none hover:bg-slate-50 dark:hover:bg-slate-800/40', className)} {...props}>
      {children}
    </tr>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('whitespace-nowrap px-4 py-3', className)} {...props} />;
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 align-middle text-slate-700 dark:text-slate-300', className)} {...props} />;
}

/**
 * A column header that sorts the table: a button inside the header cell, whose `aria-sort`
 * says the current order. Clicking the sorted column flips its order.
 */
export function SortableTh({
  label,
  direction,
  onSort,
  className,
}: {
  label: string;
  /** The order this column sorts by now, or undefined when the table is sorted otherwise. */
  direction: 'asc' | 'desc' | undefined;
  onSort: () => void;
  className?: string;
}) {
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
      className={cn('whitespace-nowrap px-2 py-1.5', className)}
    >
      <button
        type="button"
        onClick={onSort}
        className={cn(
          'inline-flex items-center gap-1 rounded-md px-2 py-1.5 uppercase tracking-wide hover:bg-slate-200/60 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-slate-700/60 dark:hover:text-white',
          direction && 'text-slate-900 dark:text-white',
        )}
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', !direction && 'opacity-40')} />
      </button>
    </th>
  );
}
