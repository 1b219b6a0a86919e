import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type WorkspaceBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';

export async function createWorkspace(body: WorkspaceBody) {
  const response = await callApi(operations.workspaces.create, { body });
  return response.data;
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: (workspace) => markStale(queryClient, [{ type: 'workspace.created', entityId: workspace._id, workspaceId: workspace._id }]),
  });
}
