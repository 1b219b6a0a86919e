import type { Project } from '@tasklane/contract';
import { FolderKanban, Globe } from 'lucide-react';
import { PriorityBadge, ProjectStatusBadge, RoleBadge } from '@/components/domain/enum-badges';
import { AvatarStack } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { cardClassName } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { cn } from '@/lib/cn';
import { pluralize } from '@/lib/format';
import { ExportProject } from './export-project';
import { LeaveProject } from './leave-project';
import { ProjectCover, ProjectLogo } from './project-visuals';

/**
 * The top of the project view (/dashboard/projects/{projectId}): the project's name, status,
 * priority, members, progress and the caller's role, the export downloads (decision 041), and Leave
 * project for a member who may.
 * The screen under it is composed in app/.
 */
export function ProjectSummary({
  project,
  currentUserId,
  onLeft,
}: {
  project: Project;
  currentUserId: string | undefined;
  onLeft: () => void;
}) {
  const { completedTasks, totalTasks, totalMembers } = project.statistics;
  return (
    <section aria-labelledby="project-name" className={cn(cardClassName, 'mb-8 overflow-hidden')}>
      <ProjectCover project={project} className="h-20 sm:h-24" />
      <div className="px-5 pb-5 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <ProjectLogo project={project} className="-mt-7 ring-4 ring-white sm:-mt-8 dark:ring-slate-900" />
          <div className="flex flex-wrap items-center gap-3 pt-3">
            <p className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
              Your role <RoleBadge role={project.role} />
            </p>
            <ExportProject project={project} />
            <LeaveProject project={project} currentUserId={currentUserId} onLeft={onLeft} />
          </div>
        </div>

        <div className="mt-3 flex flex-col gap-5 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0 flex-1">
            <h1 id="project-name" className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
              {project.name}
            </h1>
            <p className="mt-1 flex items-center gap-1 text-sm text-slate-500 dark:text-slate-400">
              <FolderKanban aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{project.workspaceId.name}</span>
            </p>
            <p
              className={cn(
                'mt-3 max-w-3xl whitespace-pre-line text-sm',
                project.description ? 'text-slate-600 dark:text-slate-300' : 'italic text-slate-500 dark:text-slate-400',
              )}
            >
              {project.description || 'No description available'}
            </p>
            <div className="mt-4 flex flex-wrap items-center gap-2">
              <ProjectStatusBadge status={project.status} />
              <PriorityBadge priority={project.priority} />
              {project.settings.isPublic && (
                <Badge tone="green">
                  <Globe aria-hidden="true" className="size-3" />
                  Public
                </Badge>
              )}
            </div>
          </div>

          <dl className="grid shrink-0 gap-4 sm:grid-cols-2 lg:w-[26rem]">
            <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Members</dt>
              <dd className="mt-2 flex items-center justify-between gap-3">
                <AvatarStack people={project.members.map((member) => member.userId)} max={5} size="sm" />
                <span className="text-sm font-medium text-slate-700 dark:text-slate-300">{pluralize(totalMembers, 'member')}</span>
              </dd>
            </div>
            <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
              <dt className="flex items-center justify-between text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
                Progress
                <span className="text-sm normal-case tracking-normal text-slate-900 dark:text-white">{project.progress}%</span>
              </dt>
              <dd className="mt-2">
                <ProgressBar value={project.progress} label={`Progress of ${project.name}`} />
                <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
                  {completedTasks} of {pluralize(totalTasks, 'task')} completed
                </p>
              </dd>
            </div>
          </dl>
        </div>
      </div>
    </section>
  );
}
