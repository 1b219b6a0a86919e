import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceResponseSchema, type WorkspaceBody } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';

export async function createWorkspace(body: WorkspaceBody) {
  const response = await api.post('/api/v1/workspaces', body, workspaceResponseSchema);
  return response.data;
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: (workspace) => markStale(queryClient, [{ type: 'workspace.created', entityId: workspace._id, workspaceId: workspace._id }]),
  });
}
