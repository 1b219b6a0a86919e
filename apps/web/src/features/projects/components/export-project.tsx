import type { Project } from '@tasklane/contract';
import { Download } from 'lucide-react';
import { buttonClassName } from '@/components/ui/button';
import { projectExportUrl } from '../api/export-project';

/**
 * Export as JSON (the whole project, which another workspace or instance can import) and as CSV
 * (its tasks, for a spreadsheet): plain download links, so every member can use them from the
 * keyboard and the browser saves the streamed file itself.
 */
export function ExportProject({ project }: { project: Pick<Project, '_id' | 'name'> }) {
  const linkClass = buttonClassName('secondary', 'px-3 py-1.5');
  return (
    <div role="group" aria-label={`Export ${project.name}`} className="flex items-center gap-2">
      <a
        href={projectExportUrl(project._id, 'json')}
        download
        className={linkClass}
        title="The whole project: features, tasks, comments, history and attachment names, ready to import elsewhere"
      >
        <Download aria-hidden="true" className="size-4" />
        Export as JSON
      </a>
      <a href={projectExportUrl(project._id, 'csv')} download className={linkClass} title="Its tasks, one row each, for a spreadsheet">
        <Download aria-hidden="true" className="size-4" />
        Export as CSV
      </a>
    </div>
  );
}
