import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { useUncoveredLabel } from './covered-labels';
import { inputClassName } from './input';

/** A search box with a magnifier; `aria-label` defaults to the placeholder. */
export function SearchInput({ className, placeholder = 'Search...', ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const label = useUncoveredLabel(props['aria-label'] ?? placeholder);
  return (
    <div className={cn('relative', className)}>
      <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
      <input type="search" placeholder={placeholder} className={cn(inputClassName, 'pl-9')} {...props} aria-label={label} />
    </div>
  );
}
