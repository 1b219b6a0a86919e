import { hasBlockedReason, priorities, type Category, type ProjectMember, type Task, type TaskForm, type TaskFormData } from '@tasklane/contract';
import { useController, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { MentionTextarea } from '@/components/domain/mention-textarea';
import { Link } from 'react-router';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { formatEnum } from '@/lib/format';
import { createPriorities } from '../lib/task-form';
import { taskStatusOptions } from '../lib/task-list';

/** A list a select offers, as it loads. */
export interface OptionsState<T> {
  data: readonly T[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

export interface TaskFieldsProps {
  /** Prefix of the fields' ids ('create-task', 'edit-task'). */
  idPrefix: string;
  mode: 'create' | 'edit';
  register: UseFormRegister<TaskForm>;
  /** The form's control: the description is a controlled field (its @mentions insert text). */
  control: Control<TaskForm, unknown, TaskFormData>;
  errors: FieldErrors<TaskForm>;
  /** The status chosen now: a blocked reason is asked for only with BLOCKED. */
  status: string;
  categories: OptionsState<Category>;
  members: OptionsState<ProjectMember>;
  /** The task being edited: its category and assignee stay choosable even if no longer offered. */
  task?: Task;
}

const linkClassName =
  'rounded font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-400';

function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <>
      <span className="text-red-600 dark:text-red-400">{message}. </span>
      <button type="button" className={linkClassName} onClick={onRetry}>
        Try Again
      </button>
    </>
  );
}

/**
 * The task's fields, shared by the Create Task modal and the detail's edit mode: title, description,
 * category (the caller's TASK categories), assignee (the project's members), status (and the
 * blocked reason), priority (LOW to HIGH when creating: SPEC 4), due date, hours and tags.
 */
export function TaskFields({ idPrefix, mode, register, control, errors, status, categories, members, task }: TaskFieldsProps) {
  const { field: description } = useController({ control, name: 'description' });
  const id = (name: keyof TaskForm) => `${idPrefix}-${name}`;
  const described = (name: keyof TaskForm, hint?: string) => {
    const ids = [errors[name] ? `${id(name)}-error` : undefined, hint].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': ids || undefined };
  };

  const categoryOptions = (categories.data ?? []).map((category) => ({ value: category._id, label: category.name }));
  if (task?.categoryId && !categoryOptions.some((option) => option.value === task.categoryId?._id)) {
    categoryOptions.push({ value: task.categoryId._id, label: task.categoryId.name });
  }
  const hasNoCategories = categories.data?.length === 0 && categoryOptions.length === 0;
  const needsCategoryChoice = mode === 'create' || !task?.categoryId;
  const categoryHint = categories.isError || hasNoCategories ? id('categoryId') + '-hint' : undefined;

  const memberOptions = (members.data ?? []).map((member) => ({ value: member.userId._id, label: member.userId.fullName }));
  if (task?.assigneeId && !memberOptions.some((option) => option.value === task.assigneeId?._id)) {
    memberOptions.push({ value: task.assigneeId._id, label: task.assigneeId.fullName });
  }
  const mentionables = members.data?.map((member) => member.userId);
  const assigneeHint = members.isError ? id('assigneeId') + '-hint' : undefined;
  const priorityOptions = (mode === 'create' ? createPriorities : priorities).map((value) => ({ value, label: formatEnum(value) }));
  const hoursProps = { type: 'number', inputMode: 'numeric', min: 0, max: 10000, step: 1 } as const;

  return (
    <div className="space-y-4">
      <Field label="Title" htmlFor={id('title')} error={errors.title?.message}>
        <Input id={id('title')} placeholder="What needs to be done?" maxLength={200} aria-required="true" {...described('title')} {...register('title')} />
      </Field>
      <Field label="Description" htmlFor={id('description')} error={errors.description?.message}>
        <MentionTextarea
          id={id('description')}
          rows={4}
          maxLength={5000}
          placeholder="Add some details (optional): Markdown, @ to mention"
          {...described('description')}
          ref={description.ref}
          name={description.name}
          value={description.value ?? ''}
          onValueChange={description.onChange}
          onBlur={description.onBlur}
          mentionables={mentionables}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Category" htmlFor={id('categoryId')} error={errors.categoryId?.message}>
          <Select id={id('categoryId')} aria-required={needsCategoryChoice || undefined} {...described('categoryId', categoryHint)} {...register('categoryId')}>
            {needsCategoryChoice && <option value="">{categories.isLoading ? 'Loading categories...' : 'Select a category'}</option>}
            {categoryOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
          {categoryHint && (
            <p id={categoryHint} className="text-xs text-slate-500 dark:text-slate-400">
              {categories.isError ? (
                <LoadFailure message="Failed to fetch categories" onRetry={categories.onRetry} />
              ) : (
                <>
                  Tasks are filed under task categories, and you have none yet.{' '}
                  <Link to={paths.categories.href('TASK')} className={linkClassName}>
                    Create a task category
                  </Link>
                </>
              )}
            </p>
          )}
        </Field>
        <Field label="Assignee" htmlFor={id('assigneeId')} error={errors.assigneeId?.message}>
          <Select id={id('assigneeId')} {...described('assigneeId', assigneeHint)} {...register('assigneeId')}>
            <option value="">{members.isLoading ? 'Loading members...' : 'Unassigned'}</option>
            {memberOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
          {assigneeHint && (
            <p id={assigneeHint} className="text-xs">
              <LoadFailure message="Failed to fetch members" onRetry={members.onRetry} />
            </p>
          )}
        </Field>
        <Field label="Status" htmlFor={id('status')}>
          <Select id={id('status')} options={taskStatusOptions} {...register('status')} />
        </Field>
        <Field label="Priority" htmlFor={id('priority')}>
          <Select id={id('priority')} options={priorityOptions} {...register('priority')} />
        </Field>
      </div>
      {hasBlockedReason(status) && (
        <Field label="Blocked Reason" htmlFor={id('blockedReason')} error={errors.blockedReason?.message}>
          <Textarea id={id('blockedReason')} rows={2} maxLength={1000} placeholder="What is it waiting for? (optional)" {...described('blockedReason')} {...register('blockedReason')} />
        </Field>
      )}
      <div className={mode === 'edit' ? 'grid gap-4 sm:grid-cols-3' : 'grid gap-4 sm:grid-cols-2'}>
        <Field label="Due Date" htmlFor={id('dueDate')} error={errors.dueDate?.message}>
          <Input id={id('dueDate')} type="date" {...described('dueDate')} {...register('dueDate')} />
        </Field>
        <Field label="Estimated Hours" htmlFor={id('estimatedHours')} error={errors.estimatedHours?.message}>
          <Input id={id('estimatedHours')} placeholder="e.g. 8" {...hoursProps} {...described('estimatedHours')} {...register('estimatedHours')} />
        </Field>
        {mode === 'edit' && (
          <Field label="Actual Hours" htmlFor={id('actualHours')} error={errors.actualHours?.message}>
            <Input id={id('actualHours')} placeholder="e.g. 5" {...hoursProps} {...described('actualHours')} {...register('actualHours')} />
          </Field>
        )}
      </div>
      <Field label="Tags" htmlFor={id('tags')} error={errors.tags?.message}>
        <Input id={id('tags')} placeholder="e.g. api, frontend" {...described('tags', id('tags') + '-hint')} {...register('tags')} />
        <p id={`${id('tags')}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          Separate tags with commas.
        </p>
      </Field>
    </div>
  );
}
