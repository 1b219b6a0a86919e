import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type Feature } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { refreshProjectNumbers } from '@/lib/project-cache';
import { queryKeys } from '@/lib/query-keys';

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
      const projectId = feature.projectId._id;
      queryClient.removeQueries({ queryKey: queryKeys.feature(projectId, feature._id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.featureLists(projectId) }),
        refreshProjectNumbers(queryClient, projectId),
        queryClient.invalidateQueries({ queryKey: queryKeys.assignedTasks() }),
      ]);
    },
  });
}
