import type { TaskStatus } from '@tasklane/contract';
import { Plus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/errors';
import { formatEnum } from '@/lib/format';
import type { useCreateTask } from '../api/create-task';

export interface BoardInlineAddProps {
  status: TaskStatus;
  projectId: string;
  featureId: string;
  /** The feature's default category (decision 032); null: the form asks for one. */
  defaultCategoryId: string | null;
  /** The caller's task categories, to choose from when the feature has no default. */
  categories: ReadonlyArray<{ _id: string; name: string }> | undefined;
  /** Present for those who manage features: saves a category as the feature's default. */
  onRememberDefault?: (categoryId: string) => Promise<unknown>;
  createTask: ReturnType<typeof useCreateTask>['mutateAsync'];
}

/**
 * A column's "+ Add task" (issue 18): a one-line title that creates a task in the column's status,
 * filed under the feature's default category. Without one, a category select sits beside the
 * title, with the offer to remember it as the feature's default. Enter adds the task and keeps the
 * line open and focused for the next; Escape closes it.
 */
export function BoardInlineAdd({ status, projectId, featureId, defaultCategoryId, categories, onRememberDefault, createTask }: BoardInlineAddProps) {
  const id = useId();
  const label = formatEnum(status);
  const openerRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [isRemembered, setIsRemembered] = useState(true);
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const needsCategory = defaultCategoryId === null;

  const close = () => {
    setIsOpen(false);
    setError(null);
    setTitle('');
    // Back to the button that opened it, once it is in the page again.
    requestAnimationFrame(() => openerRef.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    const trimmed = title.trim();
    if (!trimmed) return setError('Title is required');
    const category = defaultCategoryId ?? categoryId;
    if (!category) return setError('Category is required');
    setIsSaving(true);
    setError(null);
    try {
      await createTask({ title: trimmed, projectId, featureId, status, categoryId: category });
      setTitle('');
    } catch (failure) {
      setIsSaving(false);
      return setError(errorMessage(failure, 'Failed to create task'));
    }
    // Remembered once the task is in: a refusal here costs the person nothing they typed.
    if (needsCategory && isRemembered && onRememberDefault) {
      await onRememberDefault(category).catch((failure: unknown) =>
        setError(`The task was added, but the default category was not saved: ${errorMessage(failure, 'Failed to update feature')}`),
      );
    }
    setIsSaving(false);
    titleRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };

  if (!isOpen) {
    return (
      <button
        ref={openerRef}
        type="button"
        onClick={() => setIsOpen(true)}
        aria-label={`Add task to ${label}`}
        className="flex w-full items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
      >
        <Plus aria-hidden="true" className="size-4" />
        Add task
      </button>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} onKeyDown={onKeyDown} aria-label={`Add a ${label} task`} className="space-y-2">
      <label htmlFor={`${id}-title`} className="sr-only">
        Title of the new {label} task
      </label>
      <Input
        ref={titleRef}
        id={`${id}-title`}
        value={title}
        // Opened on purpose, by a click or a key: the line is where the person types next.
        autoFocus
        maxLength={200}
        placeholder="Task title, then Enter"
        autoComplete="off"
        onChange={(event) => {
          setTitle(event.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-busy={isSaving || undefined}
      />
      {needsCategory && (
        <>
          <label htmlFor={`${id}-category`} className="sr-only">
            Category of the new {label} task
          </label>
          <Select
            id={`${id}-category`}
            value={categoryId}
            onChange={(event) => {
              setCategoryId(event.target.value);
              setError(null);
            }}
            aria-busy={categories === undefined || undefined}
          >
            <option value="">Select a category</option>
            {(categories ?? []).map((category) => (
              <option key={category._id} value={category._id}>
                {category.name}
              </option>
            ))}
          </Select>
          {onRememberDefault && (
            <label className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
              <Checkbox checked={isRemembered} onChange={(event) => setIsRemembered(event.target.checked)} />
              Remember as this feature's default category
            </label>
          )}
        </>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" isLoading={isSaving}>
          Add
        </Button>
        <Button variant="ghost" onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
