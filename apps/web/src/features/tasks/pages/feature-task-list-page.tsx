import type { Priority, ProjectMember, Task, TaskFormData, TaskStatus } from '@tasklane/contract';
import { ClipboardList, Plus, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { ListFilters } from '@/components/domain/list-filters';
import { QueryState } from '@/components/domain/query-state';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LiveRegion } from '@/components/ui/live-region';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { errorMessage, isNotFound, useErrorMessage } from '@/lib/errors';
import { formatCount, pluralize } from '@/lib/format';
import { useCreateShortcut, type PageRequest } from '@/lib/keyboard/use-create-shortcut';
import { useListSelection } from '@/lib/keyboard/use-list-selection';
import { hasListFilters, nextSort, toListQuery } from '@/lib/list-query';
import { useListParams } from '@/lib/use-list-params';
import { useCreateTask } from '../api/create-task';
import { useDeleteTask, type SubtaskFate } from '../api/delete-task';
import { useAttachmentLimits } from '../api/get-attachments';
import { useBoard, useLoadMoreCards } from '../api/get-board';
import { useMoveTask } from '../api/move-task';
import { useTaskCategories } from '../api/get-task-categories';
import { useTasks } from '../api/get-tasks';
import { CreateTaskDialog } from '../components/create-task-dialog';
import { DeleteSubtasksChoice } from '../components/delete-subtasks-choice';
import type { OptionsState } from '../components/task-fields';
import { BoardInlineAdd } from '../components/board-inline-add';
import { useBlockedStartConfirm } from '../components/blocked-start-confirm';
import { TaskBoard } from '../components/task-board';
import { TaskStats } from '../components/task-stats';
import { TaskTable } from '../components/task-table';
import { TaskViewToggle } from '../components/task-view-toggle';
import { useCreateTaskWithFiles } from '../hooks/use-create-task-with-files';
import { useHideSubtasks } from '../hooks/use-hide-subtasks';
import { useInlineTaskEdit } from '../hooks/use-inline-task-edit';
import { statisticsOf, visibleStatuses, type BoardCard, type BoardMove } from '../lib/board';
import { readTaskView, writeTaskView, type TaskView } from '../lib/task-view';
import { useFailureToast } from '@/lib/use-failure-toast';
import { firstTaskSortOrder, TASKS_PAGE_SIZE, taskListOptions, taskPriorityFilterOptions, taskStatusFilterOptions } from '../lib/task-list';

/** SPEC 5, verbatim. */
/** '1 task', '1,000 tasks'. */
const taskCount = (count: number) => pluralize(count, 'task').replace(String(count), formatCount(count));

const DELETE_TASK_MESSAGE = 'Are you sure you want to delete this task? This action cannot be undone.';

export interface FeatureTaskListPageProps {
  projectId: string;
  featureId: string;
  /** The project and the feature as their features know them; undefined while they load. */
  project: { name: string; abilities: { canEditTasks: boolean } } | undefined;
  feature: { title: string; defaultCategoryId: string | null } | undefined;
  /** For those who manage features: makes a category the feature's default (the board's inline add offers it). */
  onRememberDefaultCategory?: (categoryId: string) => Promise<unknown>;
  /** The project's members, for the assignee picker (loaded only for those who may create tasks). */
  members: OptionsState<ProjectMember>;
  currentUserId: string | undefined;
}

/** /dashboard/projects/{projectId}/features/{featureId}/task: a feature's tasks (SPEC 2). */
export default function FeatureTaskListPage({ projectId, featureId, project, feature, members, currentUserId, onRememberDefaultCategory }: FeatureTaskListPageProps) {
  const list = useListParams(taskListOptions);
  const { state } = list;
  // Table or Board, remembered per user on this device.
  const [view, setView] = useState<TaskView>(() => readTaskView(globalThis.localStorage, currentUserId));
  const changeView = (next: TaskView) => {
    setView(next);
    writeTaskView(globalThis.localStorage, currentUserId, next);
  };
  const isBoard = view === 'board';
  // "Hide subtasks" (decision 033): only top-level tasks in the table and on the board.
  const [hideSubtasks, setHideSubtasks] = useHideSubtasks();
  const listQuery = { ...toListQuery(state, TASKS_PAGE_SIZE), ...(hideSubtasks ? { hideSubtasks: 'true' } : {}) };
  const tasksQuery = useTasks(projectId, featureId, listQuery, { enabled: !isBoard });
  const boardFilters = { search: state.search, priority: state.priority as Priority | undefined, ...(hideSubtasks ? { hideSubtasks: true } : {}) };
  const boardQuery = useBoard(projectId, featureId, { enabled: isBoard, ...boardFilters });
  const boardPages = useLoadMoreCards(projectId, featureId, boardFilters);
  const moveMutation = useMoveTask({ currentUserId });
  // Issue 18: a row's or a card's status, priority and assignee, changed in place.
  const inline = useInlineTaskEdit({ currentUserId });
  // Issue 19: starting a task an unfinished one still blocks asks first (a row's status, a card's move).
  const blockedStart = useBlockedStartConfirm();
  const inlineEditing = {
    members,
    onChange: (task: Parameters<typeof inline.save>[0] & { title?: string; status?: TaskStatus; blockedBy?: Task['blockedBy'] }, changes: Parameters<typeof inline.save>[1]) =>
      blockedStart.guard({ title: task.title ?? '', status: task.status, blockedBy: task.blockedBy }, changes.status, () => inline.save(task, changes)),
    isSaving: inline.isSaving,
  };
  const canCreate = project?.abilities.canEditTasks === true;
  const categoriesQuery = useTaskCategories({ enabled: canCreate });
  const creation = useCreateTaskWithFiles({ projectId, featureId, currentUserId });
  const deleteMutation = useDeleteTask({ currentUserId });
  const inlineCreate = useCreateTask({ currentUserId });
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const limitsQuery = useAttachmentLimits({ enabled: canCreate && isCreateOpen });
  const navigate = useNavigate();
  const [deleting, setDeletingTask] = useState<Task | null>(null);
  // A parent's subtasks: kept as tasks unless the person chooses otherwise (decision 033).
  const [subtaskFate, setSubtaskFate] = useState<SubtaskFate>('keep');
  const setDeleting = (task: Task | null) => {
    setSubtaskFate('keep');
    setDeletingTask(task);
  };

  const activeError = isBoard ? boardQuery.error : tasksQuery.error;
  const failure = useErrorMessage(activeError, 'Failed to fetch tasks');
  // A missing feature or project is the route's 'not found' state, not a toast.
  useFailureToast(isNotFound(activeError) ? null : failure, 'tasks-fetch');
  useFailureToast(categoriesQuery.isError ? 'Failed to fetch categories' : null, 'task-categories-fetch');
  useFailureToast(members.isError ? 'Failed to fetch members' : null, 'members-fetch');

  const response = tasksQuery.data;
  const tasks = response?.data.tasks ?? [];
  const pages = response?.data.pagination.pages ?? 0;

  // A page past the end (its last task deleted, a stale link): go to the last page.
  const { setPage } = list;
  useEffect(() => {
    if (response && !tasksQuery.isPlaceholderData && response.data.tasks.length === 0 && response.total > 0 && state.page > 1) {
      setPage(Math.max(1, response.data.pagination.pages));
    }
  }, [response, tasksQuery.isPlaceholderData, state.page, setPage]);

  // If the upload fails, the task still exists: open it, where its Attachments section offers the upload again.
  const create = (data: TaskFormData, files: File[]) =>
    creation.create(data, files, {
      onCreated: () => setIsCreateOpen(false),
      onUploadFailed(task) {
        setIsCreateOpen(false);
        void navigate(paths.task.href(task.projectId._id, task.featureId._id, task._id));
      },
    });

  const move = (task: BoardCard, to: BoardMove) =>
    blockedStart.guard(task, to.status, () =>
      moveMutation.mutate(
        { projectId, featureId, task, move: to },
        // The board was put back as it was; say why.
        { onError: (error) => void toast.error(errorMessage(error, 'Failed to update task')) },
      ),
    );

  const loadMoreCards = (status: TaskStatus) =>
    void boardPages.loadMore(status).catch((error: unknown) => void toast.error(errorMessage(error, 'Failed to fetch tasks')));

  const boardResponse = boardQuery.data;
  const boardStatuses = visibleStatuses(state.status);
  // What the status filter leaves: its columns' counts (the search and priority are the server's).
  const shownCount = (boardResponse?.data.columns ?? []).filter((column) => boardStatuses.includes(column.status)).reduce((sum, column) => sum + column.total, 0);
  const loadedCount = (boardResponse?.data.columns ?? []).filter((column) => boardStatuses.includes(column.status)).reduce((sum, column) => sum + column.tasks.length, 0);
  // Counted from the columns' counts while they are the whole feature's (no search, no priority),
  // so a move shows in the tiles at once; else the server's count of the whole feature.
  const boardStatistics =
    boardResponse && !state.search && !state.priority && !hideSubtasks ? statisticsOf(boardResponse.data.columns) : boardResponse?.data.statistics;

  const confirmDelete = () => {
    if (!deleting) return;
    const hasSubtasks = deleting.subtasks.total > 0;
    deleteMutation.mutate(hasSubtasks ? { task: deleting, subtasks: subtaskFate } : deleting, {
      onSuccess: () => void toast.success('Task deleted successfully'),
      onError: (error) => void toast.error(errorMessage(error, 'Failed to delete task')),
      onSettled: () => setDeleting(null),
    });
  };

  // The keyboard (issue 18): `c` creates a task (also on arriving from the palette's "Create task
  // in <feature>"); in the table, `j` / `k` select a task, Enter opens it, `e` opens it in Edit
  // mode, `s` / `p` / `a` open its in-place pickers (or, where none is shown, its Edit mode).
  useCreateShortcut(canCreate ? () => setIsCreateOpen(true) : undefined, { ready: project !== undefined });
  const taskHref = (task: Task) => paths.task.href(task.projectId._id, task.featureId._id, task._id);
  const editTask = (task: Task) => void navigate(taskHref(task), { state: { edit: true } satisfies PageRequest });
  const selection = useListSelection({
    items: tasks,
    idOf: (task) => task._id,
    labelOf: (task) => task.title,
    noun: 'task',
    enabled: !isBoard,
    actions: {
      open: (task) => void navigate(taskHref(task)),
      edit: (task) => (task.abilities.canEdit ? editTask(task) : undefined),
      taskIdOf: (task) => task._id,
      onNoPicker: (task) => (task.abilities.canEdit ? editTask(task) : undefined),
    },
  });

  const hasFilters = hasListFilters(state);
  const isFiltered = hasFilters || hideSubtasks;
  const createButton = canCreate && (
    <Button onClick={() => setIsCreateOpen(true)}>
      <Plus aria-hidden="true" className="size-4" />
      Create Task
    </Button>
  );

  const emptyState = (
    <EmptyState
      icon={isFiltered ? <SearchX aria-hidden="true" /> : <ClipboardList aria-hidden="true" />}
      title="No tasks found"
      description={
        isFiltered ? 'Try adjusting your search or filters' : canCreate ? 'Create the first task of this feature' : 'Tasks of this feature will appear here'
      }
      action={
        hasFilters ? (
          <Button variant="secondary" onClick={list.clearFilters}>
            Clear filters
          </Button>
        ) : hideSubtasks ? (
          <Button variant="secondary" onClick={() => setHideSubtasks(false)}>
            Show subtasks
          </Button>
        ) : (
          createButton || undefined
        )
      }
    />
  );

  const body = isBoard ? (
    <QueryState query={boardQuery} loading="Loading board..." errorMessage={failure ?? 'Failed to fetch tasks'}>
      {(loaded) =>
        isFiltered && shownCount === 0 ? (
          emptyState
        ) : (
          <>
            <TaskBoard
              projectId={projectId}
              featureId={featureId}
              columns={loaded.data.columns}
              statuses={boardStatuses}
              canMove={canCreate}
              onMove={move}
              onLoadMore={loadMoreCards}
              loadingStatuses={boardPages.loading}
              inline={canCreate ? inlineEditing : undefined}
              columnFooter={
                canCreate && feature
                  ? (status) => (
                      <BoardInlineAdd
                        status={status}
                        projectId={projectId}
                        featureId={featureId}
                        defaultCategoryId={feature.defaultCategoryId}
                        categories={categoriesQuery.data}
                        onRememberDefault={onRememberDefaultCategory}
                        createTask={inlineCreate.mutateAsync}
                      />
                    )
                  : undefined
              }
            />
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              <span>
                {shownCount === 0
                  ? 'No tasks found'
                  : isFiltered
                    ? `${taskCount(shownCount)} of ${formatCount(loaded.data.statistics.total)}`
                    : taskCount(shownCount)}
              </span>
              {loadedCount < shownCount && <span>{` · ${formatCount(loadedCount)} loaded; scroll a column for more`}</span>}
              {!canCreate && ' · You can look at the board; only members, moderators and admins move cards.'}
            </p>
          </>
        )
      }
    </QueryState>
  ) : (
    <QueryState query={tasksQuery} loading="Loading tasks..." errorMessage={failure ?? 'Failed to fetch tasks'}>
      {(loaded) =>
        loaded.total === 0 ? (
          emptyState
        ) : (
          <>
            <TaskTable
              tasks={tasks}
              sort={state}
              onSort={(field) => list.setSort(nextSort(state, field, firstTaskSortOrder(field)))}
              isBusy={tasksQuery.isPlaceholderData}
              onDelete={setDeleting}
              inline={inlineEditing}
              rowProps={(task) => selection.itemProps(task._id)}
            />
            <LiveRegion message={selection.announcement} />
            <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
              <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
                {pluralize(response?.total ?? 0, 'task')}
                {pages > 1 && ` · Page ${Math.min(state.page, pages)} of ${pages}`}
              </p>
              <Pagination page={state.page} pages={pages} onPageChange={list.setPage} showNumbers={false} label="Tasks pages" />
            </div>
          </>
        )
      }
    </QueryState>
  );

  const featureTitle = feature?.title ?? '';
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Assigned Projects', href: paths.projects.href() },
          { label: project?.name || 'Project', href: paths.project.href(projectId) },
          { label: featureTitle || 'Tasks' },
        ]}
      />
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          {feature ? (
            <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">Tasks of {featureTitle}</h1>
          ) : (
            <div aria-hidden="true" className="h-9 w-72 max-w-full animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
          )}
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Track the work of this feature, from to do to done.</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <TaskViewToggle value={view} onChange={changeView} />
          {createButton}
        </div>
      </div>

      <div className="mb-6">
        <TaskStats statistics={isBoard ? boardStatistics : response?.data.statistics} />
      </div>
      <div className="mb-4">
        <ListFilters
          searchLabel="Search tasks"
          search={list.searchText}
          onSearchChange={list.setSearchText}
          statusOptions={taskStatusFilterOptions}
          status={state.status ?? ''}
          onStatusChange={list.setStatus}
          priorityOptions={taskPriorityFilterOptions}
          priority={state.priority ?? ''}
          onPriorityChange={list.setPriority}
          onClear={hasFilters ? list.clearFilters : undefined}
        />
        <label className="mt-3 inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Checkbox checked={hideSubtasks} onChange={(event) => setHideSubtasks(event.target.checked)} />
          Hide subtasks
        </label>
      </div>
      {body}

      <CreateTaskDialog
        open={isCreateOpen && canCreate}
        onOpenChange={setIsCreateOpen}
        featureTitle={featureTitle}
        categories={{
          data: categoriesQuery.data,
          isLoading: categoriesQuery.isPending,
          isError: categoriesQuery.isError,
          onRetry: () => void categoriesQuery.refetch(),
        }}
        members={members}
        attachmentLimits={limitsQuery.data}
        isSubmitting={creation.isPending}
        uploadProgress={creation.uploadProgress}
        onCancelUpload={creation.cancelUpload}
        onSubmit={create}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Task"
        message={DELETE_TASK_MESSAGE}
        pendingLabel="Deleting..."
        isPending={deleteMutation.isPending}
        onConfirm={confirmDelete}
      >
        {deleting && deleting.subtasks.total > 0 && (
          <DeleteSubtasksChoice count={deleting.subtasks.total} value={subtaskFate} onChange={setSubtaskFate} disabled={deleteMutation.isPending} />
        )}
      </ConfirmDialog>
      {blockedStart.dialog}
    </>
  );
}
