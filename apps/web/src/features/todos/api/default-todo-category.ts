import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Operations } from '@tasklane/contract';
import { operationRoutes } from '@tasklane/contract/routes';
import { callApi, unparsed } from '@/lib/api-client';
import { loadOperations } from '@/lib/load-operations';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/v1/todos/default-category: where quick add puts a todo without a category (null: "Inbox", made on first use). */
export async function getDefaultTodoCategory(signal?: AbortSignal) {
  const response = await callApi(unparsed<Operations['todos']['defaultCategory']>(operationRoutes.todos.defaultCategory), { signal });
  return response.data;
}

export const defaultTodoCategoryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.defaultTodoCategory(), queryFn: ({ signal }) => getDefaultTodoCategory(signal) });

export function useDefaultTodoCategory({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...defaultTodoCategoryQueryOptions(), enabled });
}

/** PUT /api/v1/todos/default-category. */
export async function setDefaultTodoCategory(categoryId: string) {
  const { todos } = await loadOperations();
  const response = await callApi(todos.setDefaultCategory, { body: { categoryId } });
  return response.data;
}

export function useSetDefaultTodoCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultTodoCategory,
    onSuccess: (category) => queryClient.setQueryData(queryKeys.defaultTodoCategory(), category),
  });
}
