import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type WorkspaceBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';

export async function updateWorkspace({ workspaceId, ...body }: WorkspaceBody & { workspaceId: string }) {
  const response = await callApi(operations.workspaces.update, { params: { id: workspaceId }, body });
  return response.data;
}

export function useUpdateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspace,
    // SPEC 7: the list reloads after an update. Project answers carry the workspace's name too.
    onSuccess: (workspace) => markStale(queryClient, [{ type: 'workspace.updated', entityId: workspace._id, workspaceId: workspace._id }]),
  });
}
