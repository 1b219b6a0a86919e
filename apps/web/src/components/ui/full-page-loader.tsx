import { Spinner } from './spinner';

/** A loading indicator that fills the page (or the area it is placed in). */
export function FullPageLoader({ label = 'Loading...', fill = 'screen' }: { label?: string; fill?: 'screen' | 'area' }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        fill === 'screen'
          ? 'flex min-h-screen flex-col items-center justify-center gap-3 text-slate-500 dark:text-slate-400'
          : 'flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-500 dark:text-slate-400'
      }
    >
      <Spinner className="size-8 text-indigo-600 dark:text-indigo-400" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
