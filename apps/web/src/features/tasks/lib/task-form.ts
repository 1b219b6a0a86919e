import { blockedReasonAfter, formatShortDate, formatTags, hasBlockedReason, sameTags, toCalendarDate, type CreateTaskBody, type Task, type TaskForm, type TaskFormData, type UpdateTaskBody } from '@tasklane/contract';
import { formatEnum, formatHours } from '@/lib/format';

/** SPEC 4: the create form offers LOW, MEDIUM and HIGH; the detail's edit mode all four. */
export const createPriorities = ['LOW', 'MEDIUM', 'HIGH'] as const;

/** The form's values: a task being edited, or a new task (TODO, MEDIUM, nobody, nothing else). */
export function taskFormDefaults(task?: Task | null): TaskForm {
  if (!task) {
    return {
      title: '',
      description: '',
      status: 'TODO',
      priority: 'MEDIUM',
      categoryId: '',
      assigneeId: '',
      dueDate: '',
      estimatedHours: '',
      actualHours: '',
      tags: '',
      blockedReason: '',
    };
  }
  return {
    title: task.title,
    description: task.description,
    status: task.status,
    priority: task.priority,
    categoryId: task.categoryId?._id ?? '',
    assigneeId: task.assigneeId?._id ?? '',
    dueDate: task.dueDate ? toCalendarDate(task.dueDate) : '',
    estimatedHours: task.estimatedHours === null ? '' : String(task.estimatedHours),
    actualHours: task.actualHours === null ? '' : String(task.actualHours),
    tags: formatTags(task.tags),
    blockedReason: task.blockedReason ?? '',
  };
}

/**
 * POST /tasks's body (SPEC 7's fields): empty hours, due date and assignee are left out; a
 * blocked reason goes only with the BLOCKED status.
 */
export function toCreateTaskBody(data: TaskFormData, where: { featureId: string; projectId: string }): CreateTaskBody {
  const body: CreateTaskBody = {
    title: data.title,
    description: data.description,
    status: data.status,
    priority: data.priority,
    categoryId: data.categoryId,
    tags: data.tags,
    featureId: where.featureId,
    projectId: where.projectId,
  };
  if (data.assigneeId) body.assigneeId = data.assigneeId;
  if (data.dueDate) body.dueDate = data.dueDate;
  if (data.estimatedHours !== null) body.estimatedHours = data.estimatedHours;
  const blockedReason = blockedReasonAfter(data.status, data.blockedReason || null);
  if (blockedReason) body.blockedReason = blockedReason;
  return body;
}

/**
 * PUT /tasks/{id}'s body from the edit mode: only what changed (PUT keeps the rest), with the
 * version read so that a concurrent change is refused (409) rather than overwritten. Empty hours
 * and due date are null (SPEC 5). Null when nothing changed: there is nothing to save.
 */
export function toUpdateTaskBody(data: TaskFormData, task: Task): UpdateTaskBody | null {
  const changes: UpdateTaskBody = {};
  if (data.title !== task.title) changes.title = data.title;
  if (data.description !== task.description) changes.description = data.description;
  if (data.status !== task.status) changes.status = data.status;
  if (data.priority !== task.priority) changes.priority = data.priority;
  if (data.categoryId !== (task.categoryId?._id ?? '')) changes.categoryId = data.categoryId || null;
  if (data.assigneeId !== (task.assigneeId?._id ?? null)) changes.assigneeId = data.assigneeId;
  if (data.dueDate !== (task.dueDate ? toCalendarDate(task.dueDate) : null)) changes.dueDate = data.dueDate;
  if (data.estimatedHours !== task.estimatedHours) changes.estimatedHours = data.estimatedHours;
  if (data.actualHours !== task.actualHours) changes.actualHours = data.actualHours;
  if (!sameTags(data.tags, task.tags)) changes.tags = data.tags;
  // The reason counts only while the task is (or becomes) BLOCKED; the server drops it otherwise.
  if (hasBlockedReason(data.status) && (data.blockedReason || null) !== task.blockedReason) changes.blockedReason = data.blockedReason || null;
  if (Object.keys(changes).length === 0) return null;
  return { ...changes, version: task.version };
}

const taskFieldLabels: Record<keyof TaskForm, string> = {
  title: 'Title',
  description: 'Description',
  status: 'Status',
  priority: 'Priority',
  categoryId: 'Category',
  assigneeId: 'Assignee',
  dueDate: 'Due Date',
  estimatedHours: 'Estimated Hours',
  actualHours: 'Actual Hours',
  tags: 'Tags',
  blockedReason: 'Blocked Reason',
};

const quoted = (text: string, limit = 80) => `"${text.length > limit ? `${text.slice(0, limit)}…` : text}"`;

/** A field of the task form as the task now has it, for saying what someone else changed. */
export function describeTaskField(field: keyof TaskForm, task: Task): { label: string; value: string } {
  const label = taskFieldLabels[field];
  switch (field) {
    case 'title':
      return { label, value: quoted(task.title) };
    case 'description':
      return { label, value: task.description ? quoted(task.description) : 'No description' };
    case 'status':
      return { label, value: formatEnum(task.status) };
    case 'priority':
      return { label, value: formatEnum(task.priority) };
    case 'categoryId':
      return { label, value: task.categoryId?.name ?? 'No category' };
    case 'assigneeId':
      return { label, value: task.assigneeId?.fullName ?? 'Unassigned' };
    case 'dueDate':
      return { label, value: formatShortDate(task.dueDate, 'Not set') };
    case 'estimatedHours':
      return { label, value: formatHours(task.estimatedHours) };
    case 'actualHours':
      return { label, value: formatHours(task.actualHours) };
    case 'tags':
      return { label, value: task.tags.length ? task.tags.join(', ') : 'No tags' };
    case 'blockedReason':
      return { label, value: task.blockedReason ? quoted(task.blockedReason) : 'None' };
  }
}
