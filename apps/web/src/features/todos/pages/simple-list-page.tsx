import { toggleListTodoStatus, type Todo } from '@tasklane/contract';
import { ClipboardList, LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/domain/query-state';
import { buttonClassName } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { isUnauthorized } from '@/lib/api-client';
import { describeError } from '@/lib/errors';
import { useDeleteTodo } from '../api/delete-todo';
import { useTodos } from '../api/get-todos';
import { useToggleTodo } from '../api/toggle-todo';
import { QuickAddInput } from '../components/quick-add-input';
import { SimpleTodoCard } from '../components/simple-todo-card';

const allTodos = {};

/**
 * The simple list (SPEC 2), not guarded: a visitor without a session gets the API's 401, which
 * is shown as an invitation to sign in (no redirect, no sample data). See docs/web.md.
 */
export default function SimpleListPage() {
  const todosQuery = useTodos(allTodos);
  const toggleMutation = useToggleTodo();
  const deleteMutation = useDeleteTodo();
  const [deletingTodo, setDeletingTodo] = useState<Todo | null>(null);

  const confirmDelete = () => {
    if (!deletingTodo) return;
    deleteMutation.mutate(deletingTodo);
    setDeletingTodo(null);
  };

  return (
    <>
      <PageHeader title="Todo List" subtitle="All your todos at a glance." />
      {/* Signed in only: a visitor's list is the invitation to sign in below. */}
      {todosQuery.isSuccess && (
        <div className="mb-6">
          <QuickAddInput />
        </div>
      )}
      <QueryState
        query={todosQuery}
        loading="Loading todos..."
        errorMessage={describeError(todosQuery.error, 'Failed to fetch todos', 'An error occurred while fetching todos')}
        renderError={(error) => (isUnauthorized(error) ? <SignInPrompt /> : undefined)}
      >
        {(todos) =>
          todos.length > 0 ? (
            <ul aria-label="Todos" className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
              {todos.map((todo) => (
                <li key={todo._id} className="flex *:flex-1">
                  <SimpleTodoCard
                    todo={todo}
                    onToggle={(item) => toggleMutation.mutateAsync({ todo: item, status: toggleListTodoStatus(item.status) }).catch(() => undefined)}
                    onDelete={setDeletingTodo}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState icon={<ClipboardList aria-hidden="true" />} title="No tasks found" />
          )
        }
      </QueryState>

      <ConfirmDialog
        open={deletingTodo !== null}
        onOpenChange={(open) => !open && setDeletingTodo(null)}
        title="Confirm Deletion"
        message="Are you sure you want to delete this task?"
        onConfirm={confirmDelete}
      />
    </>
  );
}

function SignInPrompt() {
  return (
    <EmptyState
      icon={<LogIn aria-hidden="true" />}
      title="Sign in to see your todos"
      description="Your todo list is private. Sign in, or create an account, to keep track of yours."
      action={
        <div className="flex flex-wrap justify-center gap-3">
          {/* `from` brings the visitor back here after signing in (the login page's return-to state). */}
          <Link
            to={paths.login.href()}
            state={{ from: paths.list.href() }}
            className={buttonClassName('primary')}
          >
            Sign in
          </Link>
          <Link to={paths.register.href()} className={buttonClassName('secondary')}>
            Create an account
          </Link>
        </div>
      }
    />
  );
}
