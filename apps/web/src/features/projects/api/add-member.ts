import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type AddMemberBody, type Project } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { invalidateProjectMembers } from './project-cache';

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
    onSuccess: (_response, { project }) => invalidateProjectMembers(queryClient, project),
  });
}
