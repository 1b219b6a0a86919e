import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type Feature } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { featureChange, markStale } from '@/lib/stale-queries';

/** DELETE /api/v1/features/{id}, with the project "in request config" (SPEC 7) as a query parameter. */
export function deleteFeature(feature: Pick<Feature, '_id' | 'projectId'>) {
  return callApi(operations.features.delete, { params: { id: feature._id }, query: { projectId: feature.projectId._id } });
}

/**
 * Its tasks go with it: everything cached under the feature is dropped, the project's lists,
 * progress and statistics are refetched, and so is /tasks (some may have been the caller's).
 */
export function useDeleteFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeature,
    onSuccess(_response, feature) {
      queryClient.removeQueries({ queryKey: queryKeys.feature(feature.projectId._id, feature._id) });
      return markStale(queryClient, [featureChange('feature.deleted', feature)]);
    },
  });
}
