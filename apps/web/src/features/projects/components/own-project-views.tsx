import { formatShortDate, type Project } from '@tasklane/contract';
import { ArrowRight, Clock, FolderKanban, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PriorityBadge, ProjectStatusBadge, RoleBadge } from '@/components/domain/enum-badges';
import { cardClassName } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { pluralize } from '@/lib/format';
import { ProjectCover, ProjectLogo } from './project-visuals';

const linkClassName =
  'inline-flex items-center gap-1 rounded-md text-sm font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:text-indigo-300';

function Description({ project, className }: { project: Project; className?: string }) {
  return (
    <p className={cn('text-sm', project.description ? 'text-slate-600 dark:text-slate-400' : 'italic text-slate-500 dark:text-slate-400', className)}>
      {project.description || 'No description available'}
    </p>
  );
}

function Progress({ project }: { project: Project }) {
  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between text-xs">
        <span className="font-medium text-slate-600 dark:text-slate-400">Progress</span>
        <span className="font-semibold text-slate-900 dark:text-white">{project.progress}%</span>
      </div>
      <ProgressBar value={project.progress} label={`Progress of ${project.name}`} />
    </div>
  );
}

function Meta({ project }: { project: Project }) {
  return (
    <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
      <div className="flex items-center gap-1.5">
        <dt className="sr-only">Members</dt>
        <Users aria-hidden="true" className="size-3.5" />
        <dd>{pluralize(project.statistics.totalMembers, 'member')}</dd>
      </div>
      <div className="flex items-center gap-1.5">
        <dt className="sr-only">Last updated</dt>
        <Clock aria-hidden="true" className="size-3.5" />
        <dd>Updated {formatShortDate(project.updatedAt, 'Unknown')}</dd>
      </div>
    </dl>
  );
}

function ViewLink({ project }: { project: Project }) {
  return (
    <Link to={paths.project.href(project._id)} aria-label={`View Project ${project.name}`} className={linkClassName}>
      View Project
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

/** A project of the caller's, as a card (grid view). */
export function OwnProjectCard({ project }: { project: Project }) {
  const headingId = `own-project-${project._id}-name`;
  return (
    <article aria-labelledby={headingId} className={cn(cardClassName, 'flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md')}>
      <ProjectCover project={project} className="h-24" />
      <div className="flex flex-1 flex-col px-5 pb-5">
        <div className="relative -mt-6 flex items-end justify-between gap-3">
          <ProjectLogo project={project} className="ring-4 ring-white dark:ring-slate-900" />
          <div className="flex flex-wrap justify-end gap-1.5">
            <ProjectStatusBadge status={project.status} />
            <RoleBadge role={project.role} />
          </div>
        </div>
        <h3 id={headingId} className="mt-3 truncate text-base font-semibold text-slate-900 dark:text-white" title={project.name}>
          {project.name}
        </h3>
        <p className="mt-0.5 flex items-center gap-1 truncate text-xs text-slate-500 dark:text-slate-400">
          <FolderKanban aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="truncate">{project.workspaceId.name}</span>
        </p>
        <Description project={project} className="mt-2 line-clamp-2 min-h-10" />
        <div className="mt-4">
          <Progress project={project} />
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
          <PriorityBadge priority={project.priority} />
          <Meta project={project} />
        </div>
        <div className="mt-auto pt-4">
          <div className="flex justify-end border-t border-slate-200 pt-4 dark:border-slate-800">
            <ViewLink project={project} />
          </div>
        </div>
      </div>
    </article>
  );
}

/** A project of the caller's, as a row (list view). */
export function OwnProjectRow({ project }: { project: Project }) {
  const headingId = `own-project-${project._id}-row`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:p-5 lg:flex-row lg:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <ProjectCover project={project} className="hidden h-16 w-28 shrink-0 rounded-lg sm:flex sm:items-center sm:justify-center">
          <ProjectLogo project={project} size="sm" className="relative ring-2 ring-white dark:ring-slate-900" />
        </ProjectCover>
        <ProjectLogo project={project} size="sm" className="sm:hidden" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="truncate text-base font-semibold text-slate-900 dark:text-white" title={project.name}>
              {project.name}
            </h3>
            <ProjectStatusBadge status={project.status} />
            <RoleBadge role={project.role} />
          </div>
          <Description project={project} className="mt-1 line-clamp-1" />
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
            <span className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
              <FolderKanban aria-hidden="true" className="size-3.5" />
              {project.workspaceId.name}
            </span>
            <PriorityBadge priority={project.priority} />
            <Meta project={project} />
          </div>
        </div>
      </div>
      <div className="flex items-center gap-6 lg:w-80 lg:shrink-0">
        <div className="flex-1">
          <Progress project={project} />
        </div>
        <ViewLink project={project} />
      </div>
    </article>
  );
}
