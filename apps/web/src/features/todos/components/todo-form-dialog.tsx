import { zodResolver } from '@hookform/resolvers/zod';
import { priorities, todoFormSchema, todoStatuses, type Category, type Todo, type TodoForm, type TodoFormData } from '@tasklane/contract';
import { Controller, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { formatEnum } from '@/lib/format';
import { toFormValues } from '../lib/todo-body';
import { RepeatControl } from './repeat-control';

const FORM_ID = 'todo-form';
const statusOptions = todoStatuses.map((status) => ({ value: status, label: formatEnum(status) }));
const priorityOptions = priorities.map((priority) => ({ value: priority, label: formatEnum(priority) }));

export interface TodoCategoriesState {
  categories: readonly Category[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

interface TodoFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The todo being edited, or null to create one. */
  todo: Todo | null;
  categories: TodoCategoriesState;
  isSubmitting: boolean;
  onSubmit: (data: TodoFormData) => void;
  /** A new todo's values other than empty ones (the calendar fills in the day it was opened on). */
  defaults?: Partial<TodoForm>;
}

/** Create Todo and Edit Todo: one form (SPEC 2), prefilled when editing. */
export function TodoFormDialog({ open, onOpenChange, todo, categories, isSubmitting, onSubmit, defaults }: TodoFormDialogProps) {
  const isEditing = todo !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={isEditing ? 'Edit Todo' : 'Create Todo'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} isLoading={isSubmitting}>
            {isEditing ? (isSubmitting ? 'Updating...' : 'Update Todo') : isSubmitting ? 'Creating...' : 'Create Todo'}
          </Button>
        </>
      }
    >
      {/* Mounted only while open, so every opening starts from the todo's (or empty) values. */}
      <TodoFormFields todo={todo} categories={categories} onSubmit={onSubmit} defaults={defaults} />
    </Dialog>
  );
}

function TodoFormFields({ todo, categories, onSubmit, defaults }: Pick<TodoFormDialogProps, 'todo' | 'categories' | 'onSubmit' | 'defaults'>) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<TodoForm, unknown, TodoFormData>({
    resolver: zodResolver(todoFormSchema),
    defaultValues: todo ? toFormValues(todo) : { ...toFormValues(null), ...defaults },
  });
  const dueDate = useWatch({ control, name: 'dueDate' });
  // Field shows a control's error as `${id}-error`.
  const describedBy = (id: string, name: keyof TodoForm, hint?: string) =>
    [errors[name] ? `${id}-error` : undefined, hint].filter(Boolean).join(' ') || undefined;

  return (
    <form id={FORM_ID} noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <Field label="Title" htmlFor="todo-title" error={errors.title?.message}>
        <Input
          id="todo-title"
          placeholder="What needs to be done?"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy('todo-title', 'title')}
          {...register('title')}
        />
      </Field>
      <Field label="Description" htmlFor="todo-description" error={errors.description?.message}>
        <Textarea
          id="todo-description"
          placeholder="Add some details (optional)"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('todo-description', 'description')}
          {...register('description')}
        />
      </Field>
      <div className="grid gap-4 min-[360px]:grid-cols-2">
        <Field label="Status" htmlFor="todo-status" error={errors.status?.message}>
          <Select id="todo-status" options={statusOptions} {...register('status')} />
        </Field>
        <Field label="Priority" htmlFor="todo-priority" error={errors.priority?.message}>
          <Select id="todo-priority" options={priorityOptions} {...register('priority')} />
        </Field>
        <Field label="Due date" htmlFor="todo-due-date" error={errors.dueDate?.message}>
          <Input
            id="todo-due-date"
            type="date"
            aria-invalid={errors.dueDate ? true : undefined}
            aria-describedby={describedBy('todo-due-date', 'dueDate')}
            {...register('dueDate')}
          />
        </Field>
        <Field label="Category" htmlFor="todo-category" error={errors.category?.message}>
          <CategorySelect
            todo={todo}
            state={categories}
            invalid={Boolean(errors.category)}
            describedBy={describedBy('todo-category', 'category', hasCategoryHint(categories) ? 'todo-category-hint' : undefined)}
            {...register('category')}
          />
        </Field>
      </div>
      <Field label="Tags" htmlFor="todo-tags" error={errors.tags?.message}>
        <Input
          id="todo-tags"
          placeholder="e.g. home, errands"
          aria-invalid={errors.tags ? true : undefined}
          aria-describedby={describedBy('todo-tags', 'tags', 'todo-tags-hint')}
          {...register('tags')}
        />
        <p id="todo-tags-hint" className="text-xs text-slate-500 dark:text-slate-400">
          Separate tags with commas.
        </p>
      </Field>
      <Controller
        control={control}
        name="recurrence"
        render={({ field, fieldState }) => (
          <RepeatControl value={field.value ?? null} onChange={field.onChange} dueDate={dueDate ?? ''} error={fieldState.error?.message} />
        )}
      />
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60">
        <Checkbox className="mt-0.5" {...register('isToday')} />
        <span>
          <span className="block text-sm font-medium text-slate-800 dark:text-slate-200">Today&apos;s focus</span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">Star this todo as one to get done today.</span>
        </span>
      </label>
    </form>
  );
}

/** A failed load, or no categories at all, gets a line under the select. */
const hasCategoryHint = (state: TodoCategoriesState) => state.isError || state.categories?.length === 0;

/**
 * The caller's TODO categories. A todo being edited whose category is not among them (another
 * type, filed through the API) keeps it as an option, so saving does not silently change it.
 */
function CategorySelect({
  todo,
  state,
  invalid,
  describedBy,
  ...field
}: { todo: Todo | null; state: TodoCategoriesState; invalid: boolean; describedBy: string | undefined } & UseFormRegisterReturn<'category'>) {
  const options: SelectOption[] = (state.categories ?? []).map((category) => ({ value: category._id, label: category.name }));
  if (todo?.category && !options.some((option) => option.value === todo.category?._id)) {
    options.push({ value: todo.category._id, label: todo.category.name });
  }
  const placeholder = state.isLoading ? 'Loading categories...' : 'Select a category';
  return (
    <>
      <Select id="todo-category" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...field}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      {hasCategoryHint(state) && (
        <p id="todo-category-hint" className="text-xs text-slate-500 dark:text-slate-400">
          {state.isError ? (
            <>
              <span className="text-red-600 dark:text-red-400">Failed to fetch categories. </span>
              <button
                type="button"
                className="rounded font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-400"
                onClick={state.onRetry}
              >
                Try Again
              </button>
            </>
          ) : (
            <>
              No categories yet.{' '}
              <Link
                to={paths.categories.href()}
                className="rounded font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-400"
              >
                Create one
              </Link>
            </>
          )}
        </p>
      )}
    </>
  );
}
