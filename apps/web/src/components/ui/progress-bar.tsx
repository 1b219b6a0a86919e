import { cn } from '@/lib/cn';

/** A labelled progress bar (0 to 100). */
export function ProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800', className)}
    >
      <div
        className="h-full rounded-full bg-indigo-600 transition-[width] duration-300 dark:bg-indigo-400"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
