import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operations, type CreateTaskRelationBody, type TaskRelation } from '@tasklane/contract';
import { callApi, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markStale, type Change } from '@/lib/stale-queries';
import type { TaskRef } from './update-task';

/** POST /api/v1/tasks/{taskId}/relations: relates the task to another of its project (by id or key). */
export async function addRelation(taskId: string, body: CreateTaskRelationBody) {
  const response = await callApi(operations.relations.create, { params: { taskId }, body });
  return response.data;
}

/** DELETE /api/v1/tasks/{taskId}/relations/{relationId}. */
export function removeRelation(taskId: string, relationId: string) {
  return callApi(operations.relations.delete, { params: { taskId, relationId } });
}

/** The changes a relation makes, as the server's two events (one per task) name them. */
function relationChanges(type: 'relation.added' | 'relation.removed', task: TaskRef, relation: Pick<TaskRelation, '_id' | 'task'>): Change[] {
  const projectId = task.projectId._id;
  return [
    { type, entityId: relation._id, taskId: task._id, featureId: task.featureId._id, projectId },
    { type, entityId: relation._id, taskId: relation.task._id, featureId: relation.task.featureId, projectId },
  ];
}

export interface AddRelationInput {
  task: TaskRef;
  body: CreateTaskRelationBody;
}

/** Adds a relation; the new one shows in the task's list at once, then both tasks are refetched. */
export function useAddRelation({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, body }: AddRelationInput) => addRelation(task._id, body),
    onSuccess(relation, { task }) {
      queryClient.setQueryData<TaskRelation[]>(queryKeys.taskRelations(task._id), (old) => (old ? [...old.filter((item) => item._id !== relation._id), relation] : old));
      return markStale(queryClient, relationChanges('relation.added', task, relation), { currentUserId, fresh: [queryKeys.taskRelations(task._id)] });
    },
  });
}

export interface RemoveRelationInput {
  task: TaskRef;
  relation: Pick<TaskRelation, '_id' | 'task'>;
}

/**
 * Removes a relation; it leaves the list at once, then both tasks are refetched. A 404 (someone
 * removed it first) refetches them too, so the screen shows what is there.
 */
export function useRemoveRelation({ currentUserId }: { currentUserId: string | undefined }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, relation }: RemoveRelationInput) => removeRelation(task._id, relation._id),
    onSuccess(_response, { task, relation }) {
      queryClient.setQueryData<TaskRelation[]>(queryKeys.taskRelations(task._id), (old) => old?.filter((item) => item._id !== relation._id));
      return markStale(queryClient, relationChanges('relation.removed', task, relation), { currentUserId });
    },
    onError(error, { task, relation }) {
      if (isApiError(error) && error.status === 404) void markStale(queryClient, relationChanges('relation.removed', task, relation), { currentUserId });
    },
  });
}
