import type { CategoryType, FeatureStatus, MemberRole, Priority, ProjectStatus, TaskStatus, TodoStatus } from '@tasklane/contract';
import { Crown, Eye, Shield, User } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { formatEnum } from '@/lib/format';

/** One colour per value, the same on every screen. */
export const priorityTones: Record<Priority, BadgeTone> = { LOW: 'slate', MEDIUM: 'blue', HIGH: 'orange', URGENT: 'red' };

export const projectStatusTones: Record<ProjectStatus, BadgeTone> = {
  BACKLOG: 'slate',
  PLANNING: 'violet',
  IN_PROGRESS: 'blue',
  ON_HOLD: 'amber',
  IN_REVIEW: 'cyan',
  READY_FOR_RELEASE: 'lime',
  RELEASED: 'green',
  ARCHIVED: 'gray',
};

export const featureStatusTones: Record<FeatureStatus, BadgeTone> = {
  BACKLOG: 'slate',
  IN_PROGRESS: 'blue',
  IN_REVIEW: 'cyan',
  DONE: 'green',
  ARCHIVED: 'gray',
};

export const taskStatusTones: Record<TaskStatus, BadgeTone> = {
  TODO: 'slate',
  IN_PROGRESS: 'blue',
  DEV_COMPLETED: 'violet',
  REOPEN: 'pink',
  BLOCKED: 'red',
  IN_REVIEW: 'cyan',
  COMPLETED: 'green',
  CANCELLED: 'gray',
};

export const todoStatusTones: Record<TodoStatus, BadgeTone> = {
  PENDING: 'amber',
  IN_PROGRESS: 'blue',
  COMPLETED: 'green',
  CANCELLED: 'gray',
};

export const categoryTypeTones: Record<CategoryType, BadgeTone> = { TASK: 'blue', PROJECT: 'violet', BLOG: 'pink', TODO: 'green' };

export const roleTones: Record<MemberRole, BadgeTone> = { ADMIN: 'red', MODERATOR: 'violet', MEMBER: 'blue', VIEWER: 'slate' };
const roleIcons = { ADMIN: Crown, MODERATOR: Shield, MEMBER: User, VIEWER: Eye } as const;

export function PriorityBadge({ priority }: { priority: Priority }) {
  return <Badge tone={priorityTones[priority]}>{formatEnum(priority)}</Badge>;
}

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge tone={projectStatusTones[status]}>{formatEnum(status)}</Badge>;
}

export function FeatureStatusBadge({ status }: { status: FeatureStatus }) {
  return <Badge tone={featureStatusTones[status]}>{formatEnum(status)}</Badge>;
}

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return <Badge tone={taskStatusTones[status]}>{formatEnum(status)}</Badge>;
}

export function TodoStatusBadge({ status }: { status: TodoStatus }) {
  return <Badge tone={todoStatusTones[status]}>{formatEnum(status)}</Badge>;
}

export function CategoryTypeBadge({ type }: { type: CategoryType }) {
  return <Badge tone={categoryTypeTones[type]}>{formatEnum(type)}</Badge>;
}

/** A member's role with its icon (SPEC 6). */
export function RoleBadge({ role }: { role: MemberRole }) {
  const Icon = roleIcons[role];
  return (
    <Badge tone={roleTones[role]}>
      <Icon aria-hidden="true" className="size-3" />
      {formatEnum(role)}
    </Badge>
  );
}
