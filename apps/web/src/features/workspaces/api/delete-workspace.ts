import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type Workspace } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale } from '@/lib/stale-queries';

export function deleteWorkspace(workspaceId: string) {
  return callApi(operations.workspaces.delete, { params: { id: workspaceId } });
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
