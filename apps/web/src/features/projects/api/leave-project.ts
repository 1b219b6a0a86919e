import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
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
    onSuccess: (_response, { project }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.project(project._id), refetchType: 'none' });
      for (const queryKey of [
        queryKeys.workspaceProjects(project.workspaceId._id),
        queryKeys.myProjects(),
        queryKeys.workspaces(),
        queryKeys.assignedTasks(),
        queryKeys.sharedUsers(),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
