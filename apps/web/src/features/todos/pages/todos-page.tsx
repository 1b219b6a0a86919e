import { localCalendarDate, toggleTodoStatus, type Todo, type TodoFormData } from '@tasklane/contract';
import { ListTodo, Plus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/domain/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { LiveRegion } from '@/components/ui/live-region';
import { PageHeader } from '@/components/ui/page-header';
import { LayoutToggle, ShowDoneToggle } from '@/components/ui/layout-toggle';
import { formatCount, pluralize } from '@/lib/format';
import { useListLayout } from '@/lib/list-layout';
import { cn } from '@/lib/cn';
import { describeError, errorMessage } from '@/lib/errors';
import { useCreateShortcut } from '@/lib/keyboard/use-create-shortcut';
import { useListSelection } from '@/lib/keyboard/use-list-selection';
import { useProgressiveCount } from '@/lib/use-progressive-count';
import { useCreateTodo } from '../api/create-todo';
import { useDeleteTodo } from '../api/delete-todo';
import { useLinkedTodo } from '../api/get-todo';
import { useTodoCategories } from '../api/get-todo-categories';
import { keepFirstTodoPage, TODO_PAGE_SIZE, useTodoPages } from '../api/get-todos';
import { useToggleTodo } from '../api/toggle-todo';
import { useUpdateTodo } from '../api/update-todo';
import { TodoCard } from '../components/todo-card';
import { QuickAddInput } from '../components/quick-add-input';
import { TodoFiltersBar } from '../components/todo-filters-bar';
import { TodoRow } from '../components/todo-row';
import { TodayView } from '../components/today-view';
import {
  hasTodoFilters,
  readShowDone,
  readTodoFilters,
  toTodoListQuery,
  withoutTodoFilters,
  withShowDone,
  withTodoFilter,
  type TodoFilterKey,
} from '../lib/todo-filters';

// The dialogs (their form library, zod and the contract's schemas) load on first use.
const TodoFormDialog = lazyDialog(() => import('../components/todo-form-dialog').then((module) => module.TodoFormDialog));
const ConfirmDialog = lazyDialog(() => import('@/components/ui/confirm-dialog').then((module) => module.ConfirmDialog));

// The router puts the first screen's data in the cache before this page first renders.
export { prefetchFirstScreen } from '../api/first-screen';

/** Cards rendered in the first commit, then per frame: a row of the widest grid (three columns). */
const CARDS_AT_ONCE = 3;

/** The dashboard's delete question (SPEC 5 leaves its wording open; see docs/web.md). */
const DELETE_TODO_MESSAGE = 'Are you sure you want to delete this todo? This action cannot be undone.';

export default function TodosPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readTodoFilters(searchParams);
  // Issue 18: completed and cancelled todos are hidden unless asked for ('Show completed (N)').
  const showDone = readShowDone(searchParams);
  const today = localCalendarDate();
  const listQuery = toTodoListQuery(filters, today, { showDone });
  // Cards or a compact list, remembered per person on the server.
  const [layout, setLayout] = useListLayout('todosLayout');
  // The server sends a page of 24 at a time ('Show more' asks for the next).
  const todosQuery = useTodoPages(listQuery);
  const queryClient = useQueryClient();
  const listQueryKey = JSON.stringify(listQuery);
  // Other filters (or another screen) start again at one page, as the list first opened.
  useEffect(() => () => keepFirstTodoPage(queryClient, JSON.parse(listQueryKey) as typeof listQuery), [queryClient, listQueryKey]);
  const categoriesQuery = useTodoCategories();
  const createMutation = useCreateTodo();
  const updateMutation = useUpdateTodo();
  const toggleMutation = useToggleTodo();
  const deleteMutation = useDeleteTodo();

  const [isFormOpen, setIsFormOpen] = useState(false);
  const [editingTodo, setEditingTodo] = useState<Todo | null>(null);
  const [deletingTodo, setDeletingTodo] = useState<Todo | null>(null);

  // A category filter that names no category of yours (deleted, or a stale link) is dropped.
  const categories = categoriesQuery.data;
  useEffect(() => {
    if (filters.category && categories && !categories.some((category) => category._id === filters.category)) {
      setSearchParams((params) => withTodoFilter(params, 'category', ''), { replace: true });
    }
  }, [filters.category, categories, setSearchParams]);

  const setFilter = (key: TodoFilterKey, value: string) => setSearchParams((params) => withTodoFilter(params, key, value), { replace: true });
  const clearFilters = () => setSearchParams((params) => withoutTodoFilters(params), { replace: true });
  const setShowDone = (isShown: boolean) => setSearchParams((params) => withShowDone(params, isShown), { replace: true });

  const openCreate = () => {
    setEditingTodo(null);
    setIsFormOpen(true);
  };
  // Stable, so that the memoized cards re-render only when their own todo changes.
  const openEdit = useCallback((todo: Todo) => {
    setEditingTodo(todo);
    setIsFormOpen(true);
  }, []);
  // A link to one todo (a search result, a reminder: `/?todo=<id>`) opens its dialog, then leaves the address.
  const linkedTodoId = searchParams.get('todo');
  const linkedTodo = useLinkedTodo(linkedTodoId);
  useEffect(() => {
    if (linkedTodoId === null || linkedTodo.isPending) return;
    if (linkedTodo.data) openEdit(linkedTodo.data);
    else toast.error(describeError(linkedTodo.error, 'Todo not found'));
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('todo');
        return next;
      },
      { replace: true },
    );
  }, [linkedTodoId, linkedTodo.isPending, linkedTodo.data, linkedTodo.error, openEdit, setSearchParams]);
  const closeForm = () => {
    setIsFormOpen(false);
    setEditingTodo(null);
  };

  const submit = (data: TodoFormData) => {
    if (editingTodo) {
      updateMutation.mutate(
        { todoId: editingTodo._id, body: data },
        {
          onSuccess() {
            toast.success('Todo updated successfully');
            closeForm();
          },
          onError: (error) => toast.error(errorMessage(error, 'Failed to update todo', 'An error occurred while updating the todo')),
        },
      );
      return;
    }
    createMutation.mutate(data, {
      onSuccess() {
        toast.success('Todo created successfully');
        closeForm();
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to create todo', 'An error occurred while submitting the todo')),
    });
  };

  const confirmDelete = () => {
    if (!deletingTodo) return;
    // Optimistic: the card goes at once and comes back with the error toast if the server refuses.
    deleteMutation.mutate(deletingTodo);
    setDeletingTodo(null);
  };

  const { mutateAsync: toggle } = toggleMutation;
  const toggleTodo = useCallback((item: Todo) => toggle({ todo: item, status: toggleTodoStatus(item.status) }).catch(() => undefined), [toggle]);

  // The keyboard (issue 18): `c` creates a todo; `j` / `k` select one, Enter or `e` edits it, `x` ticks it.
  useCreateShortcut(openCreate);
  // The cards render a few at a time after the first paint (decision 017, fifth pass).
  const shownCount = useProgressiveCount(todosQuery.data?.todos.length ?? 0, { first: CARDS_AT_ONCE, step: CARDS_AT_ONCE });
  const shownTodos = useMemo(() => (todosQuery.data?.todos ?? []).slice(0, shownCount), [todosQuery.data?.todos, shownCount]);
  const selection = useListSelection({
    items: shownTodos,
    idOf: (todo) => todo._id,
    labelOf: (todo) => todo.title,
    noun: 'todo',
    actions: {
      open: openEdit,
      edit: openEdit,
      toggle: (todo) => {
        if (toggleTodoStatus(todo.status) !== todo.status) void toggleTodo(todo);
      },
    },
  });

  const isFiltered = hasTodoFilters(filters);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = todosQuery;
  // Not disabled while it loads (a disabled button would drop the keyboard focus): a second click waits.
  const showMore = () => {
    if (!isFetchingNextPage && !todosQuery.isPlaceholderData) void fetchNextPage();
  };

  return (
    <>
      <TodosPageTop onCreate={openCreate} onToggle={toggleTodo} onEdit={openEdit} />

      <div className="mb-6 flex flex-col gap-3 lg:flex-row lg:items-start">
        <div className="min-w-0 flex-1">
          <TodoFiltersBar filters={filters} categories={categories ?? []} onChange={setFilter} onClear={clearFilters} />
        </div>
        <div className="flex shrink-0 items-center justify-end gap-2">
          {!filters.status && <ShowDoneToggle isShown={showDone} hiddenCount={todosQuery.data?.hiddenDone ?? 0} onChange={setShowDone} />}
          <LayoutToggle value={layout} onChange={setLayout} />
        </div>
      </div>

      <QueryState
        query={todosQuery}
        loading="Loading todos..."
        errorMessage={describeError(todosQuery.error, 'Failed to fetch todos', 'An error occurred while fetching todos')}
      >
        {({ todos: loaded, total, hiddenDone }) =>
          loaded.length > 0 ? (
            <>
              {layout === 'list' ? (
                <ul
                  aria-label="Todos"
                  aria-busy={todosQuery.isPlaceholderData || undefined}
                  className={cn(
                    'divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900',
                    todosQuery.isPlaceholderData && 'opacity-60 transition-opacity',
                  )}
                >
                  {shownTodos.map((todo) => (
                    <li key={todo._id} className="rounded-xl outline-none" {...selection.itemProps(todo._id)}>
                      <TodoRow todo={todo} today={today} onToggle={toggleTodo} onEdit={openEdit} onDelete={setDeletingTodo} />
                    </li>
                  ))}
                </ul>
              ) : (
                <ul
                  aria-label="Todos"
                  aria-busy={todosQuery.isPlaceholderData || undefined}
                  className={cn('grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3', todosQuery.isPlaceholderData && 'opacity-60 transition-opacity')}
                >
                  {shownTodos.map((todo) => (
                    <li key={todo._id} className="flex rounded-xl outline-none *:flex-1" {...selection.itemProps(todo._id)}>
                      <TodoCard todo={todo} today={today} onToggle={toggleTodo} onEdit={openEdit} onDelete={setDeletingTodo} />
                    </li>
                  ))}
                </ul>
              )}
              <LiveRegion message={selection.announcement} />
              {/* Below the cards once they are all there, so that it does not move down as they arrive. */}
              {total > TODO_PAGE_SIZE && shownTodos.length === loaded.length && (
                <div className="mt-6 flex flex-col items-center gap-3">
                  <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
                    Showing {formatCount(loaded.length)} of {formatCount(total)} todos
                  </p>
                  {hasNextPage && loaded.length < total && (
                    <Button variant="secondary" onClick={showMore} aria-busy={isFetchingNextPage || undefined}>
                      Show more
                    </Button>
                  )}
                </div>
              )}
            </>
          ) : hiddenDone > 0 && !isFiltered ? (
            // Only done todos: say so, rather than inviting a first todo.
            <EmptyState
              icon={<ListTodo aria-hidden="true" />}
              title="Nothing left to do."
              description={`${pluralize(hiddenDone, 'completed or cancelled todo', 'completed or cancelled todos')} hidden.`}
            />
          ) : (
            <EmptyState
              icon={<ListTodo aria-hidden="true" />}
              title="No todos match the selected filters."
              description={isFiltered ? 'Try other filters, or clear them to see all your todos.' : 'Create your first todo to get started.'}
              action={
                isFiltered ? undefined : (
                  <Button onClick={openCreate}>
                    <Plus aria-hidden="true" className="size-4" />
                    Create Todo
                  </Button>
                )
              }
            />
          )
        }
      </QueryState>

      <TodoFormDialog
        open={isFormOpen}
        onOpenChange={(open) => (open ? setIsFormOpen(true) : closeForm())}
        todo={editingTodo}
        categories={{
          categories,
          isLoading: categoriesQuery.isPending,
          isError: categoriesQuery.isError,
          onRetry: () => void categoriesQuery.refetch(),
        }}
        isSubmitting={editingTodo ? updateMutation.isPending : createMutation.isPending}
        onSubmit={submit}
      />

      <ConfirmDialog
        open={deletingTodo !== null}
        onOpenChange={(open) => !open && setDeletingTodo(null)}
        title="Delete Todo"
        message={DELETE_TODO_MESSAGE}
        onConfirm={confirmDelete}
      />
    </>
  );
}

const noToggle = () => Promise.resolve();
const noEdit = () => {};

/**
 * The top of the dashboard: its heading and Create Todo button, My day, and quick add. Without
 * handlers it is the dashboard's HTML before the app has loaded (app/static-screens/render.tsx):
 * My day says it is loading, and the button and quick add are disabled.
 */
export function TodosPageTop({ onCreate, onToggle = noToggle, onEdit = noEdit }: { onCreate?: () => void; onToggle?: (todo: Todo) => Promise<unknown>; onEdit?: (todo: Todo) => void }) {
  return (
    <>
      <PageHeader
        title="Todos"
        subtitle="Plan your day, set priorities and tick things off."
        actions={
          <Button onClick={onCreate} disabled={!onCreate} onPointerEnter={() => void TodoFormDialog.preload()}>
            <Plus aria-hidden="true" className="size-4" />
            Create Todo
          </Button>
        }
      />

      {/* My day (issue 19): today's focus, and what is due today or overdue, first. */}
      <TodayView onToggle={onToggle} onEdit={onEdit} />

      <div className="mb-4">
        <QuickAddInput />
      </div>
    </>
  );
}
