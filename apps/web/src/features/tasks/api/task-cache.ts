import type { QueryClient } from '@tanstack/react-query';
import type { Task } from '@tasklane/contract';
import { refreshProjectNumbers } from '@/lib/project-cache';
import { queryKeys } from '@/lib/query-keys';

/** What deciding the refreshes needs of a task (a full answer, or a board card with its ids). */
type TaskRef = Pick<Task, '_id' | 'status'> & { assigneeId: { _id: string } | null; featureId: { _id: string }; projectId: { _id: string } };

const isCompleted = (task: TaskRef | undefined) => task?.status === 'COMPLETED';
const isAssignedTo = (task: TaskRef | undefined, userId: string | undefined) => !!userId && task?.assigneeId?._id === userId;

/**
 * What a task's creation, change or deletion makes stale, and nothing more:
 * - its feature's task lists and statistics, and its board;
 * - its project's numbers (statistics, progress) when a task came, went, or was completed or reopened;
 * - /tasks when the task is, or was, assigned to the caller.
 */
export function refreshAfterTaskChange(
  queryClient: QueryClient,
  { before, after, currentUserId }: { before?: TaskRef; after?: TaskRef; currentUserId: string | undefined },
) {
  const task = (after ?? before)!;
  const refreshes: Array<Promise<unknown>> = [
    queryClient.invalidateQueries({ queryKey: queryKeys.taskLists(task.projectId._id, task.featureId._id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.taskBoard(task.projectId._id, task.featureId._id) }),
  ];
  if (before?.featureId._id && after && before.featureId._id !== after.featureId._id) {
    refreshes.push(
      queryClient.invalidateQueries({ queryKey: queryKeys.taskLists(before.projectId._id, before.featureId._id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.taskBoard(before.projectId._id, before.featureId._id) }),
    );
  }
  if (!before || !after || isCompleted(before) !== isCompleted(after)) refreshes.push(refreshProjectNumbers(queryClient, task.projectId._id));
  if (isAssignedTo(before, currentUserId) || isAssignedTo(after, currentUserId)) {
    refreshes.push(queryClient.invalidateQueries({ queryKey: queryKeys.assignedTasks() }));
  }
  return Promise.all(refreshes);
}

/**
 * What adding or removing a task's attachments makes stale: the task (its `attachments` and the
 * new history entry), its attachment list (unless the caller just put the server's list in it),
 * the feature's task lists (attachment counts), and /tasks when the task is assigned to the
 * caller (counts there too). Project numbers do not change.
 */
export function refreshAfterAttachmentChange(
  queryClient: QueryClient,
  {
    task,
    routeFeatureId,
    currentUserId,
    isListFresh = false,
  }: { task: TaskRef; routeFeatureId: string; currentUserId: string | undefined; isListFresh?: boolean },
) {
  const refreshes: Array<Promise<unknown>> = [
    queryClient.invalidateQueries({ queryKey: queryKeys.task(task.projectId._id, routeFeatureId, task._id), exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.taskLists(task.projectId._id, task.featureId._id) }),
  ];
  if (!isListFresh) {
    refreshes.push(queryClient.invalidateQueries({ queryKey: queryKeys.taskAttachments(task.projectId._id, routeFeatureId, task._id) }));
  }
  if (isAssignedTo(task, currentUserId)) refreshes.push(queryClient.invalidateQueries({ queryKey: queryKeys.assignedTasks() }));
  return Promise.all(refreshes);
}
