import type { Category } from '@tasklane/contract';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { CategoryTypeBadge } from '@/components/domain/enum-badges';
import { IconButton } from '@/components/ui/icon-button';

/**
 * A category: colour dot, name, slug and type. The delete button shows on hover and on keyboard
 * focus anywhere in the card, and always on touch screens (which cannot hover).
 */
export function CategoryCard({ category, onDelete }: { category: Category; onDelete: (category: Category) => void }) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className="group relative flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
    >
      <span
        aria-hidden="true"
        data-testid="color-dot"
        className="mt-1 size-4 shrink-0 rounded-full ring-4 ring-slate-100 dark:ring-slate-800"
        style={{ backgroundColor: category.color }}
      />
      <div className="min-w-0 flex-1">
        <h3 id={nameId} className="truncate font-semibold text-slate-900 dark:text-white" title={category.name}>
          {category.name}
        </h3>
        <p className="mt-0.5 truncate font-mono text-xs text-slate-500 dark:text-slate-400" title={category.slug}>
          {category.slug}
        </p>
        <div className="mt-3">
          <CategoryTypeBadge type={category.type} />
        </div>
      </div>
      <IconButton
        label={`Delete category: ${category.name}`}
        tooltip="Delete category"
        tone="danger"
        className="-mr-1 -mt-1 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100"
        icon={<Trash2 aria-hidden="true" className="size-4" />}
        onClick={() => onDelete(category)}
      />
    </article>
  );
}
