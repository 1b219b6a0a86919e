import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type Project, type UpdateMemberBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { memberChange } from './project-cache';
import { markStale } from '@/lib/stale-queries';

export interface UpdateMemberRoleInput extends UpdateMemberBody {
  project: Pick<Project, '_id' | 'workspaceId'>;
  userId: string;
}

/** Changes a member's role (ADMIN only; an addition to the spec). */
export function updateMemberRole({ project, userId, ...body }: UpdateMemberRoleInput) {
  return callApi(operations.members.updateRole, { params: { projectId: project._id, userId }, body });
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberRole,
    onSuccess: (_response, { project, userId }) => markStale(queryClient, [memberChange('member.updated', project, userId)]),
  });
}
