import type { Category } from '@tasklane/contract';
import { Plus, Tags } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/domain/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { describeError, errorMessage } from '@/lib/errors';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/get-categories';
import { CategoryCard } from '../components/category-card';
import { CategoryFilterBar } from '../components/category-filter-bar';
import { CategoryFormDialog, type CategoryFormSubmit } from '../components/category-form-dialog';
import { readCategoryFilter, withCategoryFilter } from '../lib/category-filter';

export default function CategoriesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readCategoryFilter(searchParams);
  const categoriesQuery = useCategories(filter);
  const createMutation = useCreateCategory();
  const deleteMutation = useDeleteCategory();
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [deletingCategory, setDeletingCategory] = useState<Category | null>(null);

  const create: CategoryFormSubmit = (data, setError) => {
    createMutation.mutate(data, {
      onSuccess() {
        toast.success('Category created successfully');
        setIsFormOpen(false);
      },
      onError(error) {
        const message = errorMessage(error, 'Failed to create category');
        toast.error(message);
        // A taken slug (409) is the slug field's problem: say so next to it too.
        if (isApiError(error) && error.status === 409) setError('slug', { message }, { shouldFocus: true });
      },
    });
  };

  const confirmDelete = () => {
    if (!deletingCategory) return;
    deleteMutation.mutate(deletingCategory);
    setDeletingCategory(null);
  };

  const openForm = () => setIsFormOpen(true);

  return (
    <>
      <PageHeader
        title="Categories"
        subtitle="Colour-code your todos and tasks with categories of your own."
        actions={
          <Button onClick={openForm}>
            <Plus aria-hidden="true" className="size-4" />
            Add Category
          </Button>
        }
      />
      <div className="mb-6">
        <CategoryFilterBar value={filter} onChange={(next) => setSearchParams((params) => withCategoryFilter(params, next), { replace: true })} />
      </div>

      <QueryState query={categoriesQuery} loading="Loading categories..." errorMessage={describeError(categoriesQuery.error, 'Failed to fetch categories')}>
        {(loaded) =>
          loaded.length > 0 ? (
            <ul
              aria-label="Categories"
              aria-busy={categoriesQuery.isPlaceholderData || undefined}
              className={cn('grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3', categoriesQuery.isPlaceholderData && 'opacity-60 transition-opacity')}
            >
              {loaded.map((category) => (
                <li key={category._id} className="flex *:flex-1">
                  <CategoryCard category={category} onDelete={setDeletingCategory} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              icon={<Tags aria-hidden="true" />}
              title="No categories found"
              description="Create your first category to get started"
              action={
                <Button onClick={openForm}>
                  <Plus aria-hidden="true" className="size-4" />
                  Add Category
                </Button>
              }
            />
          )
        }
      </QueryState>

      <CategoryFormDialog
        open={isFormOpen}
        onOpenChange={setIsFormOpen}
        defaultType={filter === 'all' ? 'TODO' : filter}
        isSubmitting={createMutation.isPending}
        onSubmit={create}
      />
      <ConfirmDialog
        open={deletingCategory !== null}
        onOpenChange={(open) => !open && setDeletingCategory(null)}
        title="Delete Category"
        message="Are you sure you want to delete this category? This action cannot be undone."
        onConfirm={confirmDelete}
      />
    </>
  );
}
