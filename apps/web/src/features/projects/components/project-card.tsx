import { formatShortDate, type Project, type ProjectMember } from '@tasklane/contract';
import { ArrowRight, Calendar, Globe, MoreVertical, Pencil, Trash2, UserMinus, UserPlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PriorityBadge, ProjectStatusBadge, RoleBadge } from '@/components/domain/enum-badges';
import { Avatar, AvatarStack } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { cardClassName } from '@/components/ui/card';
import { DropdownMenu, type MenuItem } from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatEnum, pluralize } from '@/lib/format';
import { canRemoveMember } from '../lib/member-rules';
import { ProjectCover, ProjectLogo } from './project-visuals';

/** SPEC 9: the card shows four avatars and the overflow, and remove buttons for the first three members. */
const AVATARS_SHOWN = 4;
const REMOVABLE_SHOWN = 3;

export interface ProjectCardActions {
  onEdit: (project: Project) => void;
  onAddMember: (project: Project) => void;
  onDelete: (project: Project) => void;
  onRemoveMember: (project: Project, member: ProjectMember) => void;
}

/** Only the actions the caller's abilities allow (the server refuses the others). */
function menuItems(project: Project, actions: ProjectCardActions): MenuItem[] {
  const items: MenuItem[] = [];
  if (project.abilities.canEdit) items.push({ label: 'Edit Project', icon: <Pencil aria-hidden="true" className="size-4" />, onSelect: () => actions.onEdit(project) });
  if (project.abilities.canManageMembers)
    items.push({ label: 'Add Member', icon: <UserPlus aria-hidden="true" className="size-4" />, onSelect: () => actions.onAddMember(project) });
  if (project.abilities.canDelete)
    items.push({ label: 'Delete Project', icon: <Trash2 aria-hidden="true" className="size-4" />, tone: 'danger', onSelect: () => actions.onDelete(project) });
  return items;
}

/** A project of the workspace page (SPEC 2). */
export function ProjectCard({ project, actions }: { project: Project; actions: ProjectCardActions }) {
  const items = menuItems(project, actions);
  const headingId = `project-${project._id}-name`;
  return (
    <article aria-labelledby={headingId} className={cn(cardClassName, 'group flex flex-col overflow-hidden transition-shadow hover:shadow-md')}>
      <ProjectCover project={project} className="h-28">
        {items.length > 0 && (
          // Shown on hover and keyboard focus where there is a mouse; always on touch screens.
          <div className="absolute right-2 top-2 transition-opacity pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:group-focus-within:opacity-100 pointer-fine:has-[[data-state=open]]:opacity-100">
            <DropdownMenu
              items={items}
              trigger={
                <IconButton
                  label={`Actions for ${project.name}`}
                  tooltip={false}
                  icon={<MoreVertical aria-hidden="true" className="size-4" />}
                  className="bg-white/90 text-slate-700 shadow-sm hover:bg-white dark:bg-slate-900/90 dark:text-slate-200 dark:hover:bg-slate-900"
                />
              }
            />
          </div>
        )}
      </ProjectCover>

      <div className="flex flex-1 flex-col px-5 pb-5">
        <div className="relative -mt-6 flex items-end justify-between gap-3">
          <ProjectLogo project={project} className="ring-4 ring-white dark:ring-slate-900" />
          <div className="flex flex-wrap justify-end gap-1.5">
            <PriorityBadge priority={project.priority} />
            <ProjectStatusBadge status={project.status} />
          </div>
        </div>

        <div className="mt-3 flex items-start gap-2">
          <h3 id={headingId} className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900 dark:text-white" title={project.name}>
            {project.name}
          </h3>
          {project.settings.isPublic && (
            <Badge tone="green">
              <Globe aria-hidden="true" className="size-3" />
              Public
            </Badge>
          )}
        </div>
        <p className={cn('mt-1 line-clamp-2 min-h-10 text-sm', project.description ? 'text-slate-600 dark:text-slate-400' : 'italic text-slate-500 dark:text-slate-400')}>
          {project.description || 'No description available'}
        </p>

        <dl className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Created</dt>
            <Calendar aria-hidden="true" className="size-3.5" />
            <dd>{formatShortDate(project.createdAt, 'Unknown')}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Members</dt>
            <Users aria-hidden="true" className="size-3.5" />
            <dd>{pluralize(project.statistics.totalMembers, 'member')}</dd>
          </div>
        </dl>

        <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
          <div className="flex items-center justify-between gap-3">
            <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Team</h4>
            <AvatarStack people={project.members.map((member) => member.userId)} max={AVATARS_SHOWN} size="xs" />
          </div>
          <ul aria-label={`Members of ${project.name}`} className="mt-2 space-y-1">
            {project.members.slice(0, REMOVABLE_SHOWN).map((member) => (
              <li key={member._id} className="flex items-center gap-2 text-sm">
                <Avatar person={member.userId} size="xs" />
                <span className="min-w-0 flex-1 truncate text-slate-700 dark:text-slate-300">{member.userId.fullName}</span>
                <span className="text-xs text-slate-500 dark:text-slate-400">{formatEnum(member.role)}</span>
                {canRemoveMember(project, member) ? (
                  <IconButton
                    label={`Remove ${member.userId.fullName}`}
                    tooltip="Remove from project"
                    tone="danger"
                    className="size-7"
                    icon={<UserMinus aria-hidden="true" className="size-3.5" />}
                    onClick={() => actions.onRemoveMember(project, member)}
                  />
                ) : (
                  <span aria-hidden="true" className="size-7" />
                )}
              </li>
            ))}
          </ul>
        </div>

        <div className="mt-auto flex items-center justify-between gap-3 pt-4">
          <span className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
            Your role <RoleBadge role={project.role} />
          </span>
          <Link
            to={paths.project.href(project._id)}
            aria-label={`View Details of ${project.name}`}
            className="inline-flex items-center gap-1 rounded-md text-sm font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:text-indigo-300"
          >
            View Details
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </article>
  );
}
