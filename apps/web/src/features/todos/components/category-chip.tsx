import type { Todo } from '@tasklane/contract';

/** A todo's category: its colour dot and name, or 'No category' once it was deleted. */
export function CategoryChip({ category }: { category: Todo['category'] }) {
  if (!category) return <span className="italic">No category</span>;
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: category.color }} />
      <span className="truncate font-medium text-slate-700 dark:text-slate-300">{category.name}</span>
    </span>
  );
}
