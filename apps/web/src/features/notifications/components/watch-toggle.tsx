import { Bell, BellOff } from 'lucide-react';
import toast from 'react-hot-toast';
import { cn } from '@/lib/cn';
import { useSetTaskWatch, useTaskWatch } from '../api/watch-task';

/**
 * The task page's bell: whether you are told of the task's comments and status changes. Its
 * creator, assignee and commenters watch it until they choose otherwise.
 */
export function WatchToggle({ taskId }: { taskId: string }) {
  const watch = useTaskWatch(taskId);
  const setWatch = useSetTaskWatch(taskId);
  if (watch.data === undefined) return null;
  const isWatching = watch.data;
  return (
    <button
      type="button"
      aria-pressed={isWatching}
      disabled={setWatch.isPending}
      onClick={() => setWatch.mutate(!isWatching, { onError: () => toast.error('Failed to update watching') })}
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 disabled:opacity-50',
        isWatching
          ? 'border-indigo-300 bg-indigo-50 text-indigo-700 dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-300'
          : 'border-slate-300 text-slate-600 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800',
      )}
    >
      {isWatching ? <Bell aria-hidden="true" className="size-3.5" /> : <BellOff aria-hidden="true" className="size-3.5" />}
      {isWatching ? 'Watching' : 'Watch'}
    </button>
  );
}
