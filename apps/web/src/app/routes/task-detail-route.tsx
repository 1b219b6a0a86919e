import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { commentsQueryOptions } from '@/features/comments/api/get-comments';
import { CommentsPanel } from '@/features/comments/components/comments-panel';
import { useMe } from '@/features/auth/api/get-me';
import { useProjectMembers } from '@/features/projects/api/get-project-members';
import { useTask } from '@/features/tasks/api/get-task';
import TaskDetailPage from '@/features/tasks/pages/task-detail-page';
import { WatchToggle } from '@/features/notifications/components/watch-toggle';

/**
 * A task: the tasks feature's page with the comments feature's panel, the project's members
 * (for the assignee picker and the comments' @mentions) and the signed-in user (whose comments
 * are right-aligned). The comments start loading with the task, not after it.
 */
export default function TaskDetailRoute() {
  const { projectId = '', taskId = '' } = useParams();
  const { user } = useMe();
  const queryClient = useQueryClient();
  // The page's own query (the same key): the route only reads whether the caller may edit.
  const taskQuery = useTask(projectId, taskId);
  const canEdit = taskQuery.data?.abilities.canEdit === true;
  // For the assignee picker and the @mentions of comments, which every member writes (issue 17).
  const membersQuery = useProjectMembers(projectId, { enabled: taskQuery.isSuccess });
  const mentionables = useMemo(() => membersQuery.data?.map(({ userId }) => userId), [membersQuery.data]);

  useEffect(() => {
    void queryClient.prefetchQuery(commentsQueryOptions(taskId));
  }, [queryClient, taskId]);

  return (
    <TaskDetailPage
      key={taskId}
      projectId={projectId}
      taskId={taskId}
      members={{
        data: membersQuery.data,
        isLoading: membersQuery.isPending && canEdit,
        isError: membersQuery.isError,
        onRetry: () => void membersQuery.refetch(),
      }}
      currentUserId={user?._id}
      renderWatch={(task) => <WatchToggle taskId={task._id} />}
      renderComments={(task) => (
        <CommentsPanel taskId={task._id} currentUserId={user?._id} canComment={task.abilities.canComment} role={task.role} mentionables={mentionables} />
      )}
    />
  );
}
