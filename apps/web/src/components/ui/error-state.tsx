import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from './button';

/** A failed load: the message and a way to try again. */
export function ErrorState({ message, onRetry, isRetrying = false }: { message: string; onRetry?: () => void; isRetrying?: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center dark:border-red-900 dark:bg-red-950/40"
    >
      <AlertTriangle aria-hidden="true" className="mb-3 size-8 text-red-500" />
      <p className="text-sm font-medium text-red-800 dark:text-red-200">{message}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-4" onClick={onRetry} isLoading={isRetrying}>
          {!isRetrying && <RotateCw aria-hidden="true" className="size-4" />}
          Try Again
        </Button>
      )}
    </div>
  );
}
