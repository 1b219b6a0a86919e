import { useQueryClient } from '@tanstack/react-query';
import type { CsvMapping, ImportJob } from '@tasklane/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { markStale } from '@/lib/stale-queries';
import { isImportEnded, useImportJob } from '../api/get-import';
import { useStartWorkspaceImport } from '../api/start-import';
import { guessMapping, readCsvPreview, type CsvPreview } from '../lib/csv-preview';
import { CsvMappingStep } from './csv-mapping';
import { ImportJobStatus } from './import-job-status';

export type ImportTargetProject = { _id: string; name: string };

export interface WorkspaceImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspaceId: string;
  /** The owner imports a Trello board, a Tasklane project export or a CSV as a new project; others only a CSV into `projects`. */
  isOwner: boolean;
  /** Projects of the workspace the caller may import tasks and features into (MODERATOR or above). */
  projects: readonly ImportTargetProject[];
}

type Source = 'trello' | 'csv' | 'tasklane';

/** Import into a workspace (issue 20): choose the kind of file, pick it, map a CSV's columns, start, watch, read the summary. */
export default function WorkspaceImportDialog({ open, onOpenChange, workspaceId, isOwner, projects }: WorkspaceImportDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<Source>(isOwner ? 'trello' : 'csv');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [mapping, setMapping] = useState<Partial<CsvMapping>>({});
  const [target, setTarget] = useState<string>(isOwner ? 'new' : (projects[0]?._id ?? ''));
  const [projectName, setProjectName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [started, setStarted] = useState<ImportJob | null>(null);
  const start = useStartWorkspaceImport();
  const jobQuery = useImportJob(started?._id ?? null, started ?? undefined);
  const job = jobQuery.data ?? started;
  const isEnded = isImportEnded(job ?? undefined);

  // The project the import made or filled shows in the workspace's list once it is done.
  useEffect(() => {
    if (!isEnded || !job?.projectId) return;
    void markStale(queryClient, [{ type: 'project.created', entityId: job.projectId, projectId: job.projectId, workspaceId }]);
  }, [isEnded, job?.projectId, queryClient, workspaceId]);

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setProblem(null);
    setPreview(null);
    if (!chosen || source !== 'csv') return;
    try {
      const read = await readCsvPreview(chosen);
      setPreview(read);
      setMapping(guessMapping(read.header));
      if (!projectName) setProjectName(chosen.name.replace(/\.[^.]+$/, '').slice(0, 100));
    } catch {
      setProblem('This file could not be read as CSV');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!file) return setProblem('Choose a file to import');
    if (source === 'csv') {
      if (!mapping.title) return setProblem('Map a column to the title');
      if (target === 'new' && !projectName.trim()) return setProblem('Name the new project');
      if (!target) return setProblem('Choose a project to import into');
    }
    start.mutate(
      {
        workspaceId,
        source,
        file,
        ...(source === 'csv'
          ? { mapping: mapping as CsvMapping, ...(target === 'new' ? { projectName: projectName.trim() } : { projectId: target }) }
          : {}),
      },
      { onSuccess: setStarted, onError: (error) => setProblem(errorMessage(error, 'The import could not start')) },
    );
  };

  const close = () => onOpenChange(false);
  const targetOptions = [...(isOwner ? [{ value: 'new', label: 'A new project' }] : []), ...projects.map((project) => ({ value: project._id, label: project.name }))];

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Import" description="Bring a Trello board, a Tasklane project export or a CSV of tasks into this workspace" size={preview ? 'xl' : 'lg'}>
      {job ? (
        <div className="space-y-4">
          <ImportJobStatus
            job={job}
            link={
              job.projectId && (
                <Link to={paths.project.href(job.projectId)} onClick={close} className="font-semibold text-indigo-600 hover:text-indigo-500 dark:text-indigo-400">
                  Open the project
                </Link>
              )
            }
          />
          <DialogFooter>
            <Button variant="secondary" onClick={close}>
              {isEnded ? 'Close' : 'Continue in the background'}
            </Button>
          </DialogFooter>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">What to import</legend>
            <div className="flex flex-wrap gap-4">
              {isOwner && (
                <label className="inline-flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <input type="radio" name={`${id}-source`} value="trello" checked={source === 'trello'} onChange={() => (setSource('trello'), setPreview(null), setFile(null))} />
                  Trello board (JSON export)
                </label>
              )}
              {isOwner && (
                <label className="inline-flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <input type="radio" name={`${id}-source`} value="tasklane" checked={source === 'tasklane'} onChange={() => (setSource('tasklane'), setPreview(null), setFile(null))} />
                  Tasklane project (JSON export)
                </label>
              )}
              <label className="inline-flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                <input type="radio" name={`${id}-source`} value="csv" checked={source === 'csv'} onChange={() => (setSource('csv'), setFile(null))} />
                CSV of tasks
              </label>
            </div>
          </fieldset>
          <Field label={source === 'trello' ? 'Trello JSON file' : source === 'tasklane' ? 'Tasklane export file' : 'CSV file'} htmlFor={`${id}-file`}>
            <input
              key={source}
              id={`${id}-file`}
              type="file"
              accept={source === 'csv' ? '.csv,text/csv' : '.json,application/json'}
              onChange={(event) => void chooseFile(event.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 dark:text-slate-300"
            />
          </Field>
          {source === 'trello' && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              The board becomes a new project: each open list a feature, each open card a task with its labels, checklists (as subtasks) and comments.
            </p>
          )}
          {source === 'tasklane' && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              A project exported from Tasklane (its page's Export as JSON) becomes a new project here with its features, tasks, subtasks, relations, comments and history; people are matched by email or username. Attachments' files are not in an export and are listed as skipped.
            </p>
          )}
          {source === 'csv' && preview && (
            <>
              <CsvMappingStep preview={preview} mapping={mapping} onChange={setMapping} />
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label="Import into" htmlFor={`${id}-target`}>
                  <Select id={`${id}-target`} value={target} options={targetOptions} onChange={(event) => setTarget(event.target.value)} />
                </Field>
                {target === 'new' && (
                  <Field label="New project name" htmlFor={`${id}-name`}>
                    <Input id={`${id}-name`} value={projectName} maxLength={100} onChange={(event) => setProjectName(event.target.value)} />
                  </Field>
                )}
              </div>
            </>
          )}
          {problem && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" isLoading={start.isPending} disabled={!file}>
              Start import
            </Button>
          </DialogFooter>
        </form>
      )}
    </Dialog>
  );
}
