import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberResponseSchema, type AddMemberBody, type Project } from '@tasklane/contract';
import { api } from '@/lib/api-client';
import { markStale } from '@/lib/stale-queries';
import { memberChange } from './project-cache';

export interface AddMemberInput extends AddMemberBody {
  project: Pick<Project, '_id' | 'workspaceId'>;
}

/** Answers the server's message ('{user} added to project successfully!') and the new member. */
export function addMember({ project, ...body }: AddMemberInput) {
  return api.post(`/api/v1/projects/${encodeURIComponent(project._id)}/members`, body, memberResponseSchema);
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: ({ data: member }, { project }) => markStale(queryClient, [memberChange('member.added', project, member.userId._id)]),
  });
}
