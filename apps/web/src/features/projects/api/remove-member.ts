import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type Project } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { invalidateProjectMembers } from './project-cache';

export interface RemoveMemberInput {
  project: Pick<Project, '_id' | 'workspaceId'>;
  userId: string;
}

export function removeMember({ project, userId }: RemoveMemberInput) {
  return callApi(operations.members.remove, { params: { projectId: project._id, userId } });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_response, { project }) => invalidateProjectMembers(queryClient, project),
  });
}
