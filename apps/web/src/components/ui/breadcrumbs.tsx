import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Where it leads; the last crumb (the current page) has none. */
  href?: string;
}

/** Where the page sits: links up the tree, the current page last (`aria-current`). */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 min-w-0">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-500 dark:text-slate-400">
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`} className="flex min-w-0 items-center gap-1">
            {index > 0 && <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400 dark:text-slate-600" />}
            {item.href ? (
              <Link
                to={item.href}
                className="max-w-[16rem] truncate rounded font-medium hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:text-indigo-400"
              >
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="max-w-[16rem] truncate font-medium text-slate-900 dark:text-white">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
