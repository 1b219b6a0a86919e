import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type CreateCategoryBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';

/** POST /api/v1/categories. */
export async function createCategory(body: CreateCategoryBody) {
  const response = await callApi(operations.categories.create, { body });
  return response.data;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (category) => markStale(queryClient, [{ type: 'category.created', entityId: category._id }]),
  });
}
