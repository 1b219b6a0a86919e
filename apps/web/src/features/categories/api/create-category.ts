import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type CreateCategoryBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { categoryKeys } from './keys';

/** POST /api/v1/categories. */
export async function createCategory(body: CreateCategoryBody) {
  const response = await callApi(operations.categories.create, { body });
  return response.data;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.lists() }),
  });
}
