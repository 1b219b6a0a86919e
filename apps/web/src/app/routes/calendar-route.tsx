import type { TodoFormData } from '@tasklane/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { useMe } from '@/features/auth/api/get-me';
import CalendarPage from '@/features/calendar/pages/calendar-page';
import { useMyProjects } from '@/features/projects/api/get-my-projects';
import { useCreateTodo } from '@/features/todos/api/create-todo';
import { useTodoCategories } from '@/features/todos/api/get-todo-categories';
import { errorMessage } from '@/lib/errors';
import { CalendarTaskCreator, type TaskCreation } from './calendar-task-creator';

const TodoFormDialog = lazyDialog(() => import('@/features/todos/components/todo-form-dialog').then((module) => module.TodoFormDialog));

/**
 * /calendar (issue 19): the calendar feature's page, given the person's projects (its project
 * filter), and the todos and tasks features' own Create dialogs for a day it opens.
 */
export default function CalendarRoute() {
  const { user } = useMe();
  const projectsQuery = useMyProjects();
  const categoriesQuery = useTodoCategories();
  const createTodo = useCreateTodo();
  const [todoDay, setTodoDay] = useState<string | null>(null);
  const [taskCreation, setTaskCreation] = useState<TaskCreation | null>(null);

  const submitTodo = (data: TodoFormData) =>
    createTodo.mutate(data, {
      onSuccess() {
        toast.success('Todo created successfully');
        setTodoDay(null);
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to create todo', 'An error occurred while submitting the todo')),
    });

  return (
    <>
      <CalendarPage
        projects={projectsQuery.data}
        onCreateTodo={setTodoDay}
        onCreateTask={(day, projectId) => setTaskCreation({ day, projectId })}
      />
      <TodoFormDialog
        open={todoDay !== null}
        onOpenChange={(open) => !open && setTodoDay(null)}
        todo={null}
        categories={{
          categories: categoriesQuery.data,
          isLoading: categoriesQuery.isPending,
          isError: categoriesQuery.isError,
          onRetry: () => void categoriesQuery.refetch(),
        }}
        isSubmitting={createTodo.isPending}
        onSubmit={submitTodo}
        defaults={{ dueDate: todoDay ?? '' }}
      />
      <CalendarTaskCreator request={taskCreation} projects={projectsQuery.data} currentUserId={user?._id} onClose={() => setTaskCreation(null)} />
    </>
  );
}
