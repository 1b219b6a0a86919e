import type { QueryClient } from '@tanstack/react-query';
import type { Task } from '@tasklane/contract';
import { refreshProjectNumbers } from '@/lib/project-cache';
import { queryKeys } from '@/lib/query-keys';

type TaskRef = Pick<Task, '_id' | 'status' | 'assigneeId' | 'featureId' | 'projectId'>;

const isCompleted = (task: TaskRef | undefined) => task?.status === 'COMPLETED';
const isAssignedTo = (task: TaskRef | undefined, userId: string | undefined) => !!userId && task?.assigneeId?._id === userId;

/**
 * What a task's creation, change or deletion makes stale, and nothing more:
 * - its feature's task lists and statistics;
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
  ];
  if (before?.featureId._id && after && before.featureId._id !== after.featureId._id) {
    refreshes.push(queryClient.invalidateQueries({ queryKey: queryKeys.taskLists(before.projectId._id, before.featureId._id) }));
  }
  if (!before || !after || isCompleted(before) !== isCompleted(after)) refreshes.push(refreshProjectNumbers(queryClient, task.projectId._id));
  if (isAssignedTo(before, currentUserId) || isAssignedTo(after, currentUserId)) {
    refreshes.push(queryClient.invalidateQueries({ queryKey: queryKeys.assignedTasks() }));
  }
  return Promise.all(refreshes);
}
