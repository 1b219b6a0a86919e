import { cn } from '@/lib/cn';

/** Progress through a multi-step form. */
export function StepDots({ current, total }: { current: number; total: number }) {
  return (
    <ol aria-label={`Step ${current} of ${total}`} className="mb-6 flex items-center justify-center gap-2">
      {Array.from({ length: total }, (_, index) => {
        const step = index + 1;
        return (
          <li
            key={step}
            aria-current={step === current ? 'step' : undefined}
            data-testid="step-dot"
            className={cn(
              'h-2.5 rounded-full transition-all',
              step === current ? 'w-8 bg-indigo-600 dark:bg-indigo-400' : 'w-2.5',
              step < current && 'bg-indigo-300 dark:bg-indigo-700',
              step > current && 'bg-slate-300 dark:bg-slate-700',
            )}
          >
            <span className="sr-only">Step {step}</span>
          </li>
        );
      })}
    </ol>
  );
}
