import { Navigate, useParams } from 'react-router';
import { QueryFallback } from '@/components/domain/query-state';
import { NotFoundState } from '@/components/domain/not-found-state';
import { paths } from '@/config/paths';
import { isNotFound, useErrorMessage } from '@/lib/errors';
import { useTaskByKey } from '../api/get-task-by-key';

/** /t/{key} (WEB-42): finds the task and replaces the URL with the task's own page (issue 18). */
export default function TaskByKeyPage() {
  const { key = '' } = useParams();
  const taskQuery = useTaskByKey(key);
  const missing = isNotFound(taskQuery.error);
  const failure = useErrorMessage(missing ? null : taskQuery.error, 'Failed to fetch task');
  const task = taskQuery.data;
  if (task) return <Navigate replace to={paths.task.href(task.projectId._id, task.featureId._id, task._id)} />;
  return (
    <QueryFallback
      query={taskQuery}
      loading={`Opening ${key.toUpperCase()}...`}
      errorMessage={failure ?? 'Failed to fetch task'}
      renderError={() =>
        missing ? (
          <NotFoundState
            title="Task not found"
            description={`No task you can see has the key ${key.toUpperCase()}. It may have been deleted, or its project's key changed.`}
            backTo={{ href: paths.tasks.href(), label: 'Back to Assigned Tasks' }}
          />
        ) : undefined
      }
    />
  );
}
