import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/errors';
import { useDefaultTodoCategory, useSetDefaultTodoCategory } from '../api/default-todo-category';
import { useTodoCategories } from '../api/get-todo-categories';

/** "Nothing chosen yet": quick add then makes "Inbox" on first use (decision 032). */
const NONE = '';

/**
 * The Settings choice of the default todo category: where a quick-added todo without `@category`
 * goes. The app layer puts it in a settings section (a feature never imports another).
 */
export function DefaultCategorySetting() {
  const id = useId();
  const categoriesQuery = useTodoCategories();
  const defaultQuery = useDefaultTodoCategory();
  const save = useSetDefaultTodoCategory();
  const saved = defaultQuery.data?._id ?? NONE;
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? saved;
  const categories = categoriesQuery.data ?? [];
  const isLoading = categoriesQuery.isPending || defaultQuery.isPending;

  if (categoriesQuery.isError || defaultQuery.isError) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        Failed to load your todo categories.{' '}
        <Button variant="ghost" onClick={() => void Promise.all([categoriesQuery.refetch(), defaultQuery.refetch()])}>
          Try again
        </Button>
      </p>
    );
  }

  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen === NONE) return;
        save.mutate(chosen, {
          onSuccess: (category) => {
            setPicked(null);
            toast.success(`New quick-added todos go to ${category?.name ?? 'that category'}`);
          },
          onError: (error) => toast.error(errorMessage(error, 'Failed to save the default category')),
        });
      }}
    >
      <Field label="Default todo category" htmlFor={`${id}-category`}>
        <Select id={`${id}-category`} value={chosen} disabled={isLoading} aria-busy={isLoading || undefined} onChange={(event) => setPicked(event.target.value)}>
          {saved === NONE && <option value={NONE}>Inbox (made by your first quick add)</option>}
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex items-end">
        <Button type="submit" isLoading={save.isPending} disabled={chosen === saved || chosen === NONE}>
          Save default category
        </Button>
      </div>
    </form>
  );
}
