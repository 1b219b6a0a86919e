import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type CreateFeatureBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { featureChange, markStale } from '@/lib/stale-queries';

/** POST /api/v1/features. */
export async function createFeature(body: CreateFeatureBody) {
  const response = await callApi(operations.features.create, { body });
  return response.data;
}

/** The new feature joins the project's lists (which page it lands on depends on the sort). */
export function useCreateFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeature,
    onSuccess: (feature) => markStale(queryClient, [featureChange('feature.created', feature)]),
  });
}
