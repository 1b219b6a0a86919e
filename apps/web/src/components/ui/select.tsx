import { ChevronDown } from 'lucide-react';
import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { useUncoveredLabel } from './covered-labels';
import { inputClassName } from './input';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
  options?: readonly SelectOption[];
}

/**
 * A native select, styled: the browser's own list is the most accessible on every device
 * and keyboard. Give it a visible label or an `aria-label`.
 */
export function Select({ className, options, children, ...props }: SelectProps) {
  const label = useUncoveredLabel(props['aria-label']);
  return (
    <div className="relative">
      <select className={cn(inputClassName, 'appearance-none pr-9', className)} {...props} aria-label={label}>
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
      />
    </div>
  );
}
