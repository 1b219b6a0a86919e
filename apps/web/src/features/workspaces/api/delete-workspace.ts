import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type Workspace } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale } from '@/lib/stale-queries';

export function deleteWorkspace(workspaceId: string) {
  return api.delete(`/api/v1/workspaces/${encodeURIComponent(workspaceId)}`, messageResponseSchema);
}

export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkspace,
    onSuccess(_response, workspaceId) {
      // SPEC 7: after a delete the item is removed locally (no reload).
      queryClient.setQueryData<Workspace[]>(queryKeys.workspaces(), (workspaces) =>
        workspaces?.filter((workspace) => workspace._id !== workspaceId),
      );
      queryClient.removeQueries({ queryKey: queryKeys.workspace(workspaceId) });
      // Its projects went with it: every project answer may have held one of them.
      return markStale(queryClient, [{ type: 'workspace.deleted', entityId: workspaceId, workspaceId }], { fresh: [queryKeys.workspaces()] });
    },
  });
}
