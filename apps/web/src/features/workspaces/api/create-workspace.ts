import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type WorkspaceBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function createWorkspace(body: WorkspaceBody) {
  const response = await callApi(operations.workspaces.create, { body });
  return response.data;
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    // Only the list changes: a new workspace has no projects yet.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces(), exact: true }),
  });
}
