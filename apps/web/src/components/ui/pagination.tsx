import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { pageWindow } from './page-window';

const buttonClassName =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50';
const idle =
  'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800';
const active = 'border-indigo-600 bg-indigo-600 text-white dark:border-indigo-500 dark:bg-indigo-500';

/**
 * Previous, up to five numbered pages (unless `showNumbers` is false) and Next. Shown only when
 * there is more than one page (SPEC 9); Previous is disabled on page 1, Next on the last.
 */
export function Pagination({
  page,
  pages,
  onPageChange,
  showNumbers = true,
  label = 'Pagination',
}: {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  showNumbers?: boolean;
  label?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-2">
      <button type="button" className={cn(buttonClassName, idle)} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </button>
      {showNumbers &&
        pageWindow(page, pages).map((number) => (
          <button
            key={number}
            type="button"
            aria-label={`Page ${number}`}
            aria-current={number === page ? 'page' : undefined}
            className={cn(buttonClassName, number === page ? active : idle)}
            onClick={() => onPageChange(number)}
          >
            {number}
          </button>
        ))}
      <button type="button" className={cn(buttonClassName, idle)} disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
