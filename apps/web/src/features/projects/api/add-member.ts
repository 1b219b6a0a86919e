import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type AddMemberBody, type Project } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { memberChange } from './project-cache';
import { markStale } from '@/lib/stale-queries';

export interface AddMemberInput extends AddMemberBody {
  project: Pick<Project, '_id' | 'workspaceId'>;
}

/** Answers the server's message ('{user} added to project successfully!') and the new member. */
export function addMember({ project, ...body }: AddMemberInput) {
  return callApi(operations.members.add, { params: { projectId: project._id }, body });
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: ({ data: member }, { project }) => markStale(queryClient, [memberChange('member.added', project, member.userId._id)]),
  });
}
