import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type CalendarItem, type CalendarTodoItem, type UpdateTodoBody } from '@tasklane/contract';
import { callApi, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale, type Change } from '@/lib/stale-queries';
import type { CalendarData } from './get-calendar';

export interface MoveCalendarItemInput {
  item: CalendarItem;
  /** The new due day, YYYY-MM-DD. */
  day: string;
}

/** The full todo PUT /todos/{id} takes (todos have no version: the spec's PUT replaces the todo), with its new day. */
function todoBody(todo: CalendarTodoItem, day: string): UpdateTodoBody {
  return {
    title: todo.title,
    description: todo.description,
    priority: todo.priority,
    status: todo.status,
    dueDate: day,
    category: todo.category?._id ?? null,
    tags: todo.tags,
    isToday: todo.isToday,
  };
}

/**
 * Moves an item to another day through the item's own update: PUT /tasks/{id} with the due date
 * and the version read (the task's service writes DUE_DATE_CHANGED; a stale version is 409), or
 * PUT /todos/{id} with the todo as read. Returns the change it made, for the stale map.
 */
export async function moveCalendarItem({ item, day }: MoveCalendarItemInput): Promise<Change> {
  if (item.kind === 'task') {
    const response = await callApi(operations.tasks.update, { params: { taskId: item._id }, body: { dueDate: day, version: item.version } });
    const task = response.data;
    return { type: 'task.updated', entityId: task._id, taskId: task._id, projectId: task.projectId._id, featureId: task.featureId._id };
  }
  const response = await callApi(operations.todos.update, { params: { todoId: item._id }, body: todoBody(item, day) });
  return { type: 'todo.updated', entityId: response.todo._id };
}

const withDay = (item: CalendarItem, day: string): CalendarItem => ({ ...item, dueDate: `${day}T00:00:00.000Z` });

/**
 * A drag's move: the item shows on its new day at once in every range held, and goes back if
 * the server refuses; then everything showing tasks or todos is refetched (a 409 too, so that
 * the latest version shows and the next move can succeed).
 */
export function useMoveCalendarItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveCalendarItem,
    async onMutate({ item, day }) {
      await queryClient.cancelQueries({ queryKey: queryKeys.calendars() });
      const held = queryClient.getQueriesData<CalendarData>({ queryKey: queryKeys.calendars() });
      queryClient.setQueriesData<CalendarData>({ queryKey: queryKeys.calendars() }, (data) =>
        data && { ...data, items: data.items.map((entry) => (entry._id === item._id && entry.kind === item.kind ? withDay(entry, day) : entry)) },
      );
      return { held };
    },
    onError(error, _input, context) {
      for (const [key, data] of context?.held ?? []) queryClient.setQueryData(key, data);
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.calendars() });
      }
    },
    onSuccess: (change) => markStale(queryClient, [change]),
  });
}
