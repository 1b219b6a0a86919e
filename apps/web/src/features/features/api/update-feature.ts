import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type Feature, type UpdateFeatureBody } from '@tasklane/contract';
import { callApi, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { featureChange, markStale } from '@/lib/stale-queries';

export interface UpdateFeatureInput {
  feature: Feature;
  body: UpdateFeatureBody;
}

/** PUT /api/v1/features/{id}: the fields to change, the project and the version read. */
export async function updateFeature({ feature, body }: UpdateFeatureInput) {
  const response = await callApi(operations.features.update, { params: { id: feature._id }, body });
  return response.data;
}

/**
 * The feature's own answer is replaced; its lists are refetched (filters and order may now
 * differ). Its title also appears in its tasks' answers and on /tasks. A 409 (changed by
 * someone else) refetches it all, so the next edit starts from the latest version.
 */
export function useUpdateFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFeature,
    onSuccess(updated) {
      const key = queryKeys.feature(updated.projectId._id, updated._id);
      queryClient.setQueryData(key, updated);
      return markStale(queryClient, [featureChange('feature.updated', updated)], { fresh: [key] });
    },
    onError(error, { feature }) {
      if (!isApiError(error) || (error.status !== 409 && error.status !== 404)) return;
      const projectId = feature.projectId._id;
      void queryClient.invalidateQueries({ queryKey: queryKeys.featureLists(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.feature(projectId, feature._id), exact: true });
    },
  });
}
