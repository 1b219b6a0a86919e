import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { operations, type Category } from '@tasklane/contract';
import toast from 'react-hot-toast';
import { callApi } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { markStale } from '@/lib/stale-queries';

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
      void queryClient.cancelQueries({ queryKey: queryKeys.categoryLists() });
      const snapshot: Array<[QueryKey, Category[] | undefined]> = queryClient.getQueriesData<Category[]>({ queryKey: queryKeys.categoryLists() });
      queryClient.setQueriesData<Category[]>({ queryKey: queryKeys.categoryLists() }, (list) =>
        list?.some((item) => item._id === category._id) ? list.filter((item) => item._id !== category._id) : list,
      );
      return snapshot;
    },
    onSuccess: () => void toast.success('Category deleted successfully'),
    onError(error, _category, snapshot) {
      for (const [key, list] of snapshot ?? []) queryClient.setQueryData(key, list);
      toast.error(errorMessage(error, 'Failed to delete category'));
    },
    // Refused or not, the lists are refetched (the server's word on them).
    onSettled: (_response, _error, category) => markStale(queryClient, [{ type: 'category.deleted', entityId: category._id }]),
  });
}
