import { useQueryClient } from '@tanstack/react-query';
import type { ImportJob } from '@tasklane/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { markStale } from '@/lib/stale-queries';
import { isImportEnded, useImportJob } from '../api/get-import';
import { useStartTodoistImport } from '../api/start-import';
import { ImportJobStatus } from './import-job-status';

/** Settings: "Import from Todoist" (a project's CSV export) into one's todos, with its progress and summary. */
export function TodoistImportSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [started, setStarted] = useState<ImportJob | null>(null);
  const start = useStartTodoistImport();
  const jobQuery = useImportJob(started?._id ?? null, started ?? undefined);
  const job = jobQuery.data ?? started;
  const isEnded = isImportEnded(job ?? undefined);

  useEffect(() => {
    if (!isEnded || !job) return;
    void markStale(queryClient, [
      { type: 'todo.created', entityId: job._id },
      { type: 'category.created', entityId: job._id },
    ]);
  }, [isEnded, job, queryClient]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!file) return setProblem('Choose a file to import');
    start.mutate(file, { onSuccess: setStarted, onError: (error) => setProblem(errorMessage(error, 'The import could not start')) });
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        In Todoist, open a project's menu and choose Export as template, then CSV. Its sections become categories, its tasks your todos.
      </p>
      {job && (
        <ImportJobStatus
          job={job}
          link={
            <Link to={paths.home.href()} className="font-semibold text-indigo-600 hover:text-indigo-500 dark:text-indigo-400">
              Go to my todos
            </Link>
          }
        />
      )}
      {(!job || isEnded) && (
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
          <div className="flex-1 space-y-1.5">
            <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
              Todoist CSV file
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 dark:text-slate-300"
            />
          </div>
          <Button type="submit" isLoading={start.isPending} disabled={!file}>
            Import from Todoist
          </Button>
        </form>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
    </div>
  );
}
