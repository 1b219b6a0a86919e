import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createCategoryResponseSchema, type CreateCategoryBody } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';

/** POST /api/v1/categories. */
export async function createCategory(body: CreateCategoryBody) {
  const response = await api.post('/api/v1/categories', body, createCategoryResponseSchema);
  return response.data;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (category) => markStale(queryClient, [{ type: 'category.created', entityId: category._id }]),
  });
}
