import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type BoardResponse, type BoardTask, type MoveTaskBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { applyMove, type BoardMove } from '../lib/board';
import { refreshAfterTaskChange } from './task-cache';

export interface MoveTaskInput {
  projectId: string;
  featureId: string;
  task: BoardTask;
  move: BoardMove;
}

/** POST /api/v1/tasks/{taskId}/move: the column (status), the neighbours, and the version shown. */
export async function moveTask({ task, move }: MoveTaskInput) {
  const body: MoveTaskBody = { status: move.status, afterId: move.afterId, beforeId: move.beforeId, version: task.version };
  const response = await callApi(operations.tasks.move, { params: { taskId: task._id }, body });
  return response.data;
}

const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * A move shows at once: the board's answer is changed before the call, and put back if the
 * server refuses (the screen then toasts why). Afterwards the board is refetched, and a new
 * status refreshes the task's lists, its detail, and the project's numbers (as an edit does).
 */
export function useMoveTask({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTask,
    async onMutate({ projectId, featureId, task, move }) {
      const key = queryKeys.taskBoard(projectId, featureId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<BoardResponse>(key);
      if (previous) {
        queryClient.setQueryData<BoardResponse>(key, {
          ...previous,
          data: { ...previous.data, tasks: applyMove(previous.data.tasks, task._id, move, utcToday()) },
        });
      }
      return { previous };
    },
    onError(_error, { projectId, featureId }, context) {
      if (context?.previous) queryClient.setQueryData(queryKeys.taskBoard(projectId, featureId), context.previous);
    },
    onSuccess(moved, { projectId, featureId, task }) {
      if (moved.status === task.status) return;
      const ref = (status: BoardTask['status']) => ({
        _id: task._id,
        status,
        assigneeId: task.assigneeId,
        featureId: { _id: featureId },
        projectId: { _id: projectId },
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.task(projectId, featureId, task._id) });
      return refreshAfterTaskChange(queryClient, { before: ref(task.status), after: ref(moved.status), currentUserId });
    },
    onSettled: (_data, _error, { projectId, featureId }) => queryClient.invalidateQueries({ queryKey: queryKeys.taskBoard(projectId, featureId) }),
  });
}
