/** Every status, priority, role, category type and history action of SPEC.md section 3 and 4. */
export const todoStatuses = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export type TodoStatus = (typeof todoStatuses)[number];

export const priorities = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type Priority = (typeof priorities)[number];

export const categoryTypes = ['TASK', 'PROJECT', 'BLOG', 'TODO'] as const;
export type CategoryType = (typeof categoryTypes)[number];

export const projectStatuses = [
  'BACKLOG',
  'PLANNING',
  'IN_PROGRESS',
  'ON_HOLD',
  'IN_REVIEW',
  'READY_FOR_RELEASE',
  'RELEASED',
  'ARCHIVED',
] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const memberRoles = ['ADMIN', 'MODERATOR', 'MEMBER', 'VIEWER'] as const;
export type MemberRole = (typeof memberRoles)[number];

export const featureStatuses = ['BACKLOG', 'IN_PROGRESS', 'IN_REVIEW', 'DONE', 'ARCHIVED'] as const;
export type FeatureStatus = (typeof featureStatuses)[number];

export const taskStatuses = [
  'TODO',
  'IN_PROGRESS',
  'DEV_COMPLETED',
  'REOPEN',
  'BLOCKED',
  'IN_REVIEW',
  'COMPLETED',
  'CANCELLED',
] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const historyActions = [
  'CREATED',
  'UPDATED',
  'ESTIMATED_HOURS_CHANGED',
  'ACTUAL_HOURS_CHANGED',
  'STATUS_CHANGED',
  'PRIORITY_CHANGED',
  'DUE_DATE_CHANGED',
  'ASSIGNEE_CHANGED',
  'ATTACHMENT_ADDED',
  'ATTACHMENT_REMOVED',
  'BLOCKED',
  'UNBLOCKED',
  'RELATION_ADDED',
  'RELATION_REMOVED',
  'SUBTASK_ADDED',
  'SUBTASK_REMOVED',
] as const;
export type HistoryAction = (typeof historyActions)[number];

/** The ten preset category colours of SPEC.md section 9; the first is the default. */
export const categoryColors = [
  '#3B82F6',
  '#EF4444',
  '#10B981',
  '#F59E0B',
  '#8B5CF6',
  '#EC4899',
  '#06B6D4',
  '#84CC16',
  '#F97316',
  '#6366F1',
] as const;
