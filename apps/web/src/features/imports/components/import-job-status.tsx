import type { ImportJob } from '@tasklane/contract';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { ProgressBar } from '@/components/ui/progress-bar';

const CREATED_WORDS: Record<string, [string, string]> = {
  projects: ['project', 'projects'],
  features: ['feature', 'features'],
  tasks: ['task', 'tasks'],
  subtasks: ['subtask', 'subtasks'],
  comments: ['comment', 'comments'],
  members: ['member added', 'members added'],
  todos: ['todo', 'todos'],
  categories: ['category', 'categories'],
};

function createdLine(kind: string, count: number) {
  const [one, many] = CREATED_WORDS[kind] ?? [kind, kind];
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * An import job as it runs (a progress bar, announced politely) and once it has ended: what was
 * created, what was skipped and why, and `link` (to the project, to the todos).
 */
export function ImportJobStatus({ job, link }: { job: ImportJob; link?: ReactNode }) {
  const { done, total } = job.progress;
  const isEnded = job.status === 'COMPLETED' || job.status === 'FAILED';
  const percent = total > 0 ? (done / total) * 100 : job.status === 'COMPLETED' ? 100 : 0;
  const created = Object.entries(job.summary.created).filter(([, count]) => count > 0);
  return (
    <div className="space-y-4">
      <div aria-live="polite" className="space-y-2">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {job.status === 'QUEUED' && 'Waiting to start…'}
          {job.status === 'RUNNING' && `Importing ${done} of ${total}…`}
          {job.status === 'COMPLETED' && (
            <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
              <CheckCircle2 aria-hidden="true" className="size-4" />
              Import finished
            </span>
          )}
          {job.status === 'FAILED' && (
            <span className="inline-flex items-center gap-1.5 text-red-700 dark:text-red-400">
              <XCircle aria-hidden="true" className="size-4" />
              Import stopped
            </span>
          )}
        </p>
        <ProgressBar value={percent} label={`Import of ${job.fileName}`} />
      </div>
      {job.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {job.error}
        </p>
      )}
      {isEnded && (
        <div className="space-y-3 text-sm">
          <div>
            <h3 className="font-semibold text-slate-900 dark:text-white">Created</h3>
            {created.length ? (
              <ul className="mt-1 list-disc pl-5 text-slate-700 dark:text-slate-300">
                {created.map(([kind, count]) => (
                  <li key={kind}>{createdLine(kind, count)}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-slate-600 dark:text-slate-400">Nothing</p>
            )}
          </div>
          {job.summary.skippedCount > 0 && (
            <div>
              <h3 className="font-semibold text-slate-900 dark:text-white">Skipped ({job.summary.skippedCount})</h3>
              <ul className="mt-1 max-h-48 list-disc overflow-y-auto pl-5 text-slate-700 dark:text-slate-300">
                {job.summary.skipped.map((entry, index) => (
                  <li key={index}>
                    <span className="font-medium">{entry.item}</span>: {entry.reason}
                  </li>
                ))}
              </ul>
              {job.summary.skippedCount > job.summary.skipped.length && (
                <p className="mt-1 text-slate-600 dark:text-slate-400">…and {job.summary.skippedCount - job.summary.skipped.length} more</p>
              )}
            </div>
          )}
          {link}
        </div>
      )}
    </div>
  );
}
