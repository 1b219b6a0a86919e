import { cn } from '@/lib/cn';
import { categoryFilterOptions, type CategoryFilter } from '../lib/category-filter';

/** SPEC 2's filter bar: toggle buttons, one pressed; wraps on a narrow screen. */
export function CategoryFilterBar({ value, onChange }: { value: CategoryFilter; onChange: (filter: CategoryFilter) => void }) {
  return (
    <div role="group" aria-label="Filter categories by type" className="flex flex-wrap gap-2">
      {categoryFilterOptions.map((option) => {
        const isActive = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={isActive}
            onClick={() => onChange(option.value)}
            className={cn(
              'shrink-0 rounded-full px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              isActive
                ? 'bg-indigo-600 text-white shadow-sm dark:bg-indigo-500'
                : 'bg-white text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-700 dark:hover:bg-slate-800',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
