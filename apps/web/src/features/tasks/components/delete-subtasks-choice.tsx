import { pluralize } from '@/lib/format';
import type { SubtaskFate } from '../api/delete-task';

/**
 * Deleting a parent (decision 033): whether its subtasks stay as tasks (the default, as the API's
 * DELETE without a choice) or go with it.
 */
export function DeleteSubtasksChoice({ count, value, onChange, disabled }: { count: number; value: SubtaskFate; onChange: (next: SubtaskFate) => void; disabled?: boolean }) {
  const noun = pluralize(count, 'subtask');
  const options: Array<{ value: SubtaskFate; label: string }> = [
    { value: 'keep', label: `Keep its ${noun} as tasks` },
    { value: 'delete', label: `Delete its ${noun} too` },
  ];
  return (
    <fieldset className="mt-4 space-y-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-slate-900 dark:text-white">This task has {noun}.</legend>
      {options.map((option) => (
        <label key={option.value} className="flex cursor-pointer items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <input
            type="radio"
            name="delete-subtasks"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="size-4 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:accent-indigo-400"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
