import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type Project } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';
import { memberChange } from './project-cache';

export interface RemoveMemberInput {
  project: Pick<Project, '_id' | 'workspaceId'>;
  userId: string;
}

export function removeMember({ project, userId }: RemoveMemberInput) {
  return api.delete(
    `/api/v1/projects/${encodeURIComponent(project._id)}/members/${encodeURIComponent(userId)}`,
    messageResponseSchema,
  );
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_response, { project, userId }) => markStale(queryClient, [memberChange('member.removed', project, userId)]),
  });
}
