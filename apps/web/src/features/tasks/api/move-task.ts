import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type BoardResponse, type MoveTaskBody } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale, taskChange } from '@/lib/stale-queries';
import { applyMove, type BoardCard, type BoardMove } from '../lib/board';

export interface MoveTaskInput {
  projectId: string;
  featureId: string;
  task: BoardCard;
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
 * server refuses (the screen then toasts why). Afterwards the board is refetched, with what else
 * a move makes stale (stale-queries.ts: the task's lists, its detail, the project's numbers).
 */
export function useMoveTask({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTask,
    // Every cached board of the feature (one per search) shows the move.
    async onMutate({ projectId, featureId, task, move }) {
      const boards = queryKeys.taskBoards(projectId, featureId);
      await queryClient.cancelQueries({ queryKey: boards });
      const previous = queryClient.getQueriesData<BoardResponse>({ queryKey: boards });
      const today = utcToday();
      queryClient.setQueriesData<BoardResponse>({ queryKey: boards }, (board) =>
        board ? { ...board, data: { ...board.data, columns: applyMove(board.data.columns, task._id, move, today) } } : board,
      );
      return { previous };
    },
    onError(_error, { projectId, featureId }, context) {
      for (const [key, board] of context?.previous ?? []) queryClient.setQueryData(key, board);
      return queryClient.invalidateQueries({ queryKey: queryKeys.taskBoards(projectId, featureId) });
    },
    onSuccess: (_moved, { projectId, featureId, task }) =>
      markStale(queryClient, [taskChange('task.moved', { _id: task._id, projectId: { _id: projectId }, featureId: { _id: featureId } })], {
        currentUserId,
      }),
  });
}
