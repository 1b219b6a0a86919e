import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type Project } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { memberChange } from './project-cache';
import { markStale } from '@/lib/stale-queries';

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
    onSuccess: (_response, { project, userId }) => markStale(queryClient, [memberChange('member.removed', project, userId)]),
  });
}
