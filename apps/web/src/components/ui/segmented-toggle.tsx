import type { ComponentType } from 'react';
import { cn } from '@/lib/cn';

export interface SegmentedOption<Value extends string> {
  value: Value;
  label: string;
  Icon: ComponentType<{ 'aria-hidden'?: boolean | 'true'; className?: string }>;
}

/** A choice of a few ways to show one thing (Table / Board, Cards / List): pressed-state buttons in a labelled group. */
export function SegmentedToggle<Value extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly SegmentedOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex shrink-0 rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm dark:border-slate-600 dark:bg-slate-800">
      {options.map(({ value: option, label: optionLabel, Icon }) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
            value === option
              ? 'bg-indigo-600 text-white dark:bg-indigo-500'
              : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {optionLabel}
        </button>
      ))}
    </div>
  );
}
