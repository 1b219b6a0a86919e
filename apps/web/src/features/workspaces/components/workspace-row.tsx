import type { Workspace } from '@tasklane/contract';
import { ArrowRight, Calendar, FolderKanban, Pencil, Trash2, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { IconButton } from '@/components/ui/icon-button';
import { paths } from '@/config/paths';
import { workspaceCreatedLabel, workspaceDisplayName } from '../lib/workspace-display';

export interface WorkspaceRowProps {
  workspace: Workspace;
  index: number;
  onEdit: (workspace: Workspace) => void;
  onDelete: (workspace: Workspace) => void;
}

/** One workspace: name, creation date, Open, and edit and delete for its owner only. */
export function WorkspaceRow({ workspace, index, onEdit, onDelete }: WorkspaceRowProps) {
  const name = workspaceDisplayName(workspace.name, index);
  return (
    <li className="flex flex-col gap-2 px-4 py-4 transition-colors hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-4 sm:px-6 dark:hover:bg-slate-800/50">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300">
          <FolderKanban aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <div className="flex min-w-0 items-center gap-2">
            <h3 className="truncate text-sm font-semibold text-slate-900 dark:text-white" title={name}>
              {name}
            </h3>
            {!workspace.isOwner && (
              <Badge tone="indigo">
                <Users aria-hidden="true" className="size-3" />
                Shared
              </Badge>
            )}
          </div>
          <p className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
            <Calendar aria-hidden="true" className="size-3.5" />
            {workspaceCreatedLabel(workspace.createdAt)}
          </p>
        </div>
      </div>
      {/* On phones the actions take a line of their own, the Open text under the name. */}
      <div className="ml-10 flex items-center gap-1 sm:ml-0">
        <Link
          to={paths.workspace.href(workspace._id)}
          aria-label={`Open ${name}`}
          className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold text-indigo-600 transition-colors hover:bg-indigo-50 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:bg-indigo-950 dark:hover:text-indigo-300"
        >
          Open
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        {workspace.isOwner && (
          <>
            <IconButton
              label={`Edit ${name}`}
              tooltip="Edit workspace"
              tone="primary"
              icon={<Pencil aria-hidden="true" className="size-4" />}
              onClick={() => onEdit(workspace)}
            />
            <IconButton
              label={`Delete ${name}`}
              tooltip="Delete workspace"
              tone="danger"
              icon={<Trash2 aria-hidden="true" className="size-4" />}
              onClick={() => onDelete(workspace)}
            />
          </>
        )}
      </div>
    </li>
  );
}
