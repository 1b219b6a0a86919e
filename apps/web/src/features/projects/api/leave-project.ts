import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { markStale } from '@/lib/stale-queries';
import { memberChange } from './project-cache';
import { removeMember, type RemoveMemberInput } from './remove-member';

/**
 * The caller removes their own membership. What they could see through it goes: the project's
 * lists, perhaps its workspace (their last project in it), their assigned tasks, the people they
 * shared it with. The project itself is only marked stale, not refetched: the screen showing it
 * is being left, and a refetch would answer 404 there first.
 */
export function useLeaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RemoveMemberInput) => removeMember(input),
    onSuccess: (_response, { project, userId }) => {
      void markStale(queryClient, [memberChange('member.removed', project, userId)], { currentUserId: userId, leaving: queryKeys.project(project._id) });
    },
  });
}
