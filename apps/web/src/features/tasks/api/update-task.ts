import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { operations, type BoardResponse, type Task, type TaskDetail, type TasksResponse, type UpdateTaskBody } from '@tasklane/contract';
import { callApi, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale, taskChange } from '@/lib/stale-queries';
import type { AssignedTaskPage } from './get-assigned-tasks';

/** The task as the screen read it: the detail, a table row or a board card with its place. */
export type TaskRef = { _id: string; projectId: { _id: string }; featureId: { _id: string } };

export interface UpdateTaskInput {
  task: TaskRef;
  body: UpdateTaskBody;
}

/** PUT /api/v1/tasks/{taskId}: the fields that changed and the version read. */
export async function updateTask({ task, body }: UpdateTaskInput) {
  const response = await callApi(operations.tasks.update, { params: { taskId: task._id }, body });
  return response.data;
}

/**
 * The saved task shown at once wherever a list or the board holds it (issue 18: a value changed
 * in place shows its new value, and the row its new version, before the lists are read again).
 * A card whose status changed waits for the board's refetch to change column.
 */
function showSavedInLists(queryClient: QueryClient, saved: TaskDetail) {
  const { history: _history, role: _role, ...row } = saved;
  const replaced = (tasks: readonly Task[]) => (tasks.some((task) => task._id === saved._id) ? tasks.map((task) => (task._id === saved._id ? row : task)) : undefined);
  queryClient.setQueriesData<TasksResponse>({ queryKey: queryKeys.taskLists(saved.projectId._id, saved.featureId._id) }, (answer) => {
    const tasks = answer && replaced(answer.data.tasks);
    return tasks ? { ...answer, data: { ...answer.data, tasks } } : answer;
  });
  queryClient.setQueriesData<AssignedTaskPage>({ queryKey: [...queryKeys.assignedTasks(), 'page'] }, (page) => {
    const tasks = page && replaced(page.tasks);
    return tasks ? { ...page, tasks } : page;
  });
  const assignee = saved.assigneeId && { _id: saved.assigneeId._id, fullName: saved.assigneeId.fullName, avatar: saved.assigneeId.avatar };
  queryClient.setQueriesData<BoardResponse>({ queryKey: queryKeys.taskBoards(saved.projectId._id, saved.featureId._id) }, (board) =>
    board
      ? {
          ...board,
          data: {
            ...board.data,
            columns: board.data.columns.map((column) =>
              column.status === saved.status && column.tasks.some((card) => card._id === saved._id)
                ? {
                    ...column,
                    tasks: column.tasks.map((card) =>
                      card._id === saved._id
                        ? { ...card, title: saved.title, priority: saved.priority, assigneeId: assignee, dueDate: saved.dueDate, isOverdue: saved.isOverdue, tags: saved.tags, version: saved.version }
                        : card,
                    ),
                  }
                : column,
            ),
          },
        }
      : board,
  );
}

/**
 * The task's answer is replaced by the server's, whose history holds the entries this save added
 * (issue 15): they go on top of the history already held. The rest of what
 * an edit makes stale is stale-queries.ts's to say (a task moved to another feature: both
 * features'). A 409 (changed by someone else) or 404 refetches the task, so the screen shows the
 * latest version.
 */
export function useUpdateTask({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onSuccess(saved, { task }) {
      const key = queryKeys.task(task._id);
      // A save from a list or the board (issue 18's in-place edits) may have no detail held:
      // the answer's history is only this save's, so it is not a detail to keep; it is refetched
      // when opened.
      const held = queryClient.getQueryData<TaskDetail>(key);
      const known = new Set(saved.history.map((entry) => entry._id));
      const updated: TaskDetail = { ...saved, history: [...saved.history, ...(held?.history ?? []).filter((entry) => !known.has(entry._id))] };
      if (held) queryClient.setQueryData(key, updated);
      showSavedInLists(queryClient, updated);
      const changes = [taskChange('task.updated', updated)];
      if (task.featureId._id !== updated.featureId._id) changes.push(taskChange('task.updated', task));
      return markStale(queryClient, changes, { currentUserId, fresh: held ? [key] : [] });
    },
    onError(error, { task }) {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.task(task._id) });
      }
    },
  });
}
