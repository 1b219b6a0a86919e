import { formatFileSize } from '@tasklane/contract';
import { AlertCircle, X } from 'lucide-react';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/cn';
import type { FileCheck, PickedFile } from '../lib/attachment-files';
import { FileKindIcon } from './file-kind-icon';

export interface PickedFilesProps {
  files: readonly PickedFile[];
  check: FileCheck;
  disabled?: boolean;
  onRemove: (key: string) => void;
  /** Names the list for assistive technology. */
  label?: string;
}

/**
 * The files picked for an upload, before it is sent: name, size, what is wrong with each (the
 * server's words), and a button to take one out. A problem with the whole selection (too many
 * files) shows above the list.
 */
export function PickedFiles({ files, check, disabled = false, onRemove, label = 'Files to upload' }: PickedFilesProps) {
  if (files.length === 0) return null;
  return (
    <div className="space-y-2">
      {check.selectionProblem && (
        <p role="alert" className="flex items-start gap-2 text-sm font-medium text-red-600 dark:text-red-400">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {check.selectionProblem}
        </p>
      )}
      <ul aria-label={label} className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {files.map(({ key, file }, index) => {
          const problem = check.fileProblems[index] ?? null;
          return (
            <li key={key} className={cn('flex items-center gap-3 px-3 py-2', problem && 'bg-red-50/70 dark:bg-red-950/30')}>
              <FileKindIcon contentType={file.type} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900 dark:text-slate-100" title={file.name}>
                  {file.name}
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{formatFileSize(file.size)}</p>
                {problem && (
                  <p role="alert" className="mt-0.5 text-xs font-medium text-red-600 dark:text-red-400">
                    {problem}
                  </p>
                )}
              </div>
              <IconButton
                label={`Remove ${file.name} from the upload`}
                tooltip="Remove from the upload"
                icon={<X aria-hidden="true" className="size-4" />}
                disabled={disabled}
                onClick={() => onRemove(key)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
