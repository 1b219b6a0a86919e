import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberResponseSchema, type Project, type UpdateMemberBody } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';
import { memberChange } from './project-cache';

export interface UpdateMemberRoleInput extends UpdateMemberBody {
  project: Pick<Project, '_id' | 'workspaceId'>;
  userId: string;
}

/** Changes a member's role (ADMIN only; an addition to the spec). */
export function updateMemberRole({ project, userId, ...body }: UpdateMemberRoleInput) {
  return api.put(
    `/api/v1/projects/${encodeURIComponent(project._id)}/members/${encodeURIComponent(userId)}`,
    body,
    memberResponseSchema,
  );
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberRole,
    onSuccess: (_response, { project, userId }) => markStale(queryClient, [memberChange('member.updated', project, userId)]),
  });
}
