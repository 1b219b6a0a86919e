import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { operations, type Category } from '@tasklane/contract';
import toast from 'react-hot-toast';
import { callApi } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { categoryKeys, todosKey } from './keys';

/** DELETE /api/v1/categories/{id}. */
export function deleteCategory(id: string) {
  return callApi(operations.categories.delete, { params: { id } });
}

/**
 * The card leaves every cached category list at once and comes back with the error toast if
 * the server refuses. Todos that used the category lose it, so their lists are refetched too.
 */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (category: Category) => deleteCategory(category._id),
    onMutate(category) {
      // Synchronous, so the card goes in the same task as the click; cancelling reverts a list
      // fetch in flight at once, so it cannot bring the card back.
      void queryClient.cancelQueries({ queryKey: categoryKeys.lists() });
      const snapshot: Array<[QueryKey, Category[] | undefined]> = queryClient.getQueriesData<Category[]>({ queryKey: categoryKeys.lists() });
      queryClient.setQueriesData<Category[]>({ queryKey: categoryKeys.lists() }, (list) =>
        list?.some((item) => item._id === category._id) ? list.filter((item) => item._id !== category._id) : list,
      );
      return snapshot;
    },
    onSuccess() {
      toast.success('Category deleted successfully');
      void queryClient.invalidateQueries({ queryKey: todosKey });
    },
    onError(error, _category, snapshot) {
      for (const [key, list] of snapshot ?? []) queryClient.setQueryData(key, list);
      toast.error(errorMessage(error, 'Failed to delete category'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryKeys.lists() }),
  });
}
