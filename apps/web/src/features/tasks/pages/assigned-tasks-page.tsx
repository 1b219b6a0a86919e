import { useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck, SearchX } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Task } from '@tasklane/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryFallback } from '@/components/domain/query-state';
import { ListFilters } from '@/components/domain/list-filters';
import { Button } from '@/components/ui/button';
import { LayoutToggle, ShowDoneToggle } from '@/components/ui/layout-toggle';
import { EmptyState } from '@/components/ui/empty-state';
import { LiveRegion } from '@/components/ui/live-region';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import type { PageRequest } from '@/lib/keyboard/use-create-shortcut';
import { useListSelection } from '@/lib/keyboard/use-list-selection';
import { useErrorMessage } from '@/lib/errors';
import { useCachedMe, useListLayout } from '@/lib/list-layout';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useFailureToast } from '@/lib/use-failure-toast';
import { queryKeys } from '@/lib/query-keys';
import { useAssignedTaskCount, useAssignedTaskPage } from '../api/get-assigned-tasks';
import { AssignedTaskCard } from '../components/assigned-task-card';
import { AssignedTaskRow } from '../components/assigned-task-row';
import { useBlockedStartConfirm } from '../components/blocked-start-confirm';
import { useInlineTaskEdit } from '../hooks/use-inline-task-edit';
import { assignedSortOptions, hasAssignedTaskFilters, readAssignedTaskFilters, toAssignedTaskQuery, withAssignedTaskParam } from '../lib/assigned-tasks';
import { taskPriorityFilterOptions } from '../lib/task-list';

/** Here the status filter says BLOCKED (the detail page's word); PENDING is the tasks not started. */
const statusOptions = [
  { value: '', label: 'All Statuses' },
  { value: 'PENDING', label: 'Pending (not started)' },
  { value: 'TODO', label: 'Todo' },
  { value: 'IN_PROGRESS', label: 'In Progress' },
  { value: 'DEV_COMPLETED', label: 'Dev Completed' },
  { value: 'REOPEN', label: 'Reopen' },
  { value: 'BLOCKED', label: 'Blocked' },
  { value: 'IN_REVIEW', label: 'In Review' },
  { value: 'COMPLETED', label: 'Completed' },
  { value: 'CANCELLED', label: 'Cancelled' },
];

/** /tasks: the tasks assigned to the caller across their projects (SPEC 2), a page of 30 at a time from the server. */
export default function AssignedTasksPage() {
  const [params, setParams] = useSearchParams();
  const filters = readAssignedTaskFilters(params);
  const tasksQuery = useAssignedTaskPage(toAssignedTaskQuery(filters));
  // Issue 18: cards or a compact list (remembered on the server), and the status and priority changed in place.
  const [layout, setLayout] = useListLayout('tasksLayout');
  const inline = useInlineTaskEdit({ currentUserId: useCachedMe()?._id });
  // Issue 19: starting a task an unfinished one still blocks asks first.
  const blockedStart = useBlockedStartConfirm();
  const { guard } = blockedStart;
  const { save, isSaving } = inline;
  const inlineEditing = useMemo(
    () => ({ onChange: (task: Task, changes: Parameters<typeof save>[1]) => guard(task, changes.status, () => save(task, changes)), isSaving }),
    [guard, save, isSaving],
  );
  const failure = useErrorMessage(tasksQuery.error, 'Failed to fetch tasks');
  useFailureToast(failure, 'assigned-tasks-fetch');

  // The box answers every key; the URL (and so the request) follows once typing pauses.
  const [searchText, setSearchText] = useState(filters.search);
  const debouncedSearch = useDebouncedValue(searchText);
  const lastDebounced = useRef(debouncedSearch);
  useEffect(() => {
    if (lastDebounced.current === debouncedSearch) return;
    lastDebounced.current = debouncedSearch;
    setParams((current) => withAssignedTaskParam(current, 'search', debouncedSearch.trim()), { replace: true });
  }, [debouncedSearch, setParams]);

  const set = (key: 'status' | 'priority' | 'sort' | 'page' | 'done', value: string) =>
    setParams((current) => withAssignedTaskParam(current, key, value), { replace: true });
  const clearFilters = () => {
    setSearchText('');
    const keys = ['search', 'status', 'priority', 'page'] as const;
    setParams((current) => keys.reduce((next, key) => withAssignedTaskParam(next, key, ''), current), { replace: true });
  };

  const answer = tasksQuery.data;
  const { status, priority, sort } = filters;
  const isFilteredOnServer = hasAssignedTaskFilters(filters);
  // 'of Y' counts every assigned task: an unfiltered page says it (and is kept for later);
  // while filtered it is asked for on its own, unless such a page said it in the last 30 s.
  const queryClient = useQueryClient();
  // Done tasks hidden by default are still assigned: they count in Y.
  const unfilteredTotal = !isFilteredOnServer && answer && !tasksQuery.isPlaceholderData ? answer.total + answer.hiddenDone : undefined;
  useEffect(() => {
    if (unfilteredTotal !== undefined) queryClient.setQueryData(queryKeys.assignedTaskCount(), unfilteredTotal);
  }, [queryClient, unfilteredTotal]);
  const countQuery = useAssignedTaskCount(isFilteredOnServer);
  const allCount = isFilteredOnServer ? countQuery.data : unfilteredTotal;

  // A page past the end (tasks went away, or an old link) shows the last page instead.
  const isPastEnd = !!answer && !tasksQuery.isPlaceholderData && answer.tasks.length === 0 && answer.total > 0;
  const lastPage = answer?.pages ?? 1;
  useEffect(() => {
    if (isPastEnd) setParams((current) => withAssignedTaskParam(current, 'page', String(lastPage)), { replace: true });
  }, [isPastEnd, lastPage, setParams]);

  const listTop = useRef<HTMLDivElement>(null);
  const goToPage = (next: number) => {
    set('page', String(next));
    listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  // The keyboard (issue 18): `j` / `k` select a task, Enter opens it, `e` opens it in Edit mode,
  // `s` / `p` / `a` open its in-place pickers (or, where none is shown, its Edit mode).
  const navigate = useNavigate();
  const taskHref = (task: Task) => paths.task.href(task.projectId._id, task.featureId._id, task._id);
  const editTask = (task: Task) => void navigate(taskHref(task), { state: { edit: true } satisfies PageRequest });
  const selection = useListSelection({
    items: answer?.tasks ?? [],
    idOf: (task) => task._id,
    labelOf: (task) => task.title,
    noun: 'task',
    actions: {
      open: (task) => void navigate(taskHref(task)),
      edit: (task) => (task.abilities.canEdit ? editTask(task) : undefined),
      taskIdOf: (task) => task._id,
      onNoPicker: (task) => (task.abilities.canEdit ? editTask(task) : undefined),
    },
  });

  const header = <PageHeader title="Assigned Tasks" subtitle="Manage and track your assigned tasks" />;
  if (!answer) {
    return (
      <>
        {header}
        <QueryFallback query={tasksQuery} loading="Loading tasks..." errorMessage={failure ?? 'Failed to fetch tasks'} />
      </>
    );
  }

  const isFiltered = hasAssignedTaskFilters({ search: searchText, status, priority });
  // Typing not yet sent, or another page or filter on its way: the list on screen is the previous one.
  const isBusy = searchText.trim() !== filters.search.trim() || tasksQuery.isPlaceholderData || isPastEnd;
  const pages = Math.max(1, answer.pages);
  return (
    <>
      {header}
      <div className="mb-4">
        <ListFilters
          searchLabel="Search tasks"
          search={searchText}
          onSearchChange={setSearchText}
          statusOptions={statusOptions}
          status={status ?? ''}
          onStatusChange={(value) => set('status', value)}
          priorityOptions={taskPriorityFilterOptions}
          priority={priority ?? ''}
          onPriorityChange={(value) => set('priority', value)}
          onClear={isFiltered ? clearFilters : undefined}
        >
          <div className="col-span-2 min-w-0 sm:col-span-1 sm:w-48">
            <Select aria-label="Sort tasks" value={sort} onChange={(event) => set('sort', event.target.value)} options={assignedSortOptions} />
          </div>
        </ListFilters>
      </div>
      <div ref={listTop} className="mb-4 flex scroll-mt-24 flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          Showing {answer.total} of {allCount ?? answer.total} tasks
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {pages > 1 && (
            <p className="text-sm text-slate-500 dark:text-slate-400">
              Page {Math.min(filters.page, pages)} of {pages}
            </p>
          )}
          {!status && <ShowDoneToggle isShown={filters.showDone} hiddenCount={answer.hiddenDone} onChange={(isShown) => set('done', isShown ? 'show' : '')} />}
          <LayoutToggle value={layout} onChange={setLayout} />
        </div>
      </div>

      {answer.total === 0 ? (
        <EmptyState
          icon={isFiltered ? <SearchX aria-hidden="true" /> : <ClipboardCheck aria-hidden="true" />}
          title="No tasks found"
          description={isFiltered ? 'Try adjusting your search or filters' : 'Tasks assigned to you in your projects will appear here'}
          action={
            isFiltered ? (
              <Button variant="secondary" onClick={clearFilters}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          {layout === 'list' ? (
            <ul
              aria-label="Assigned tasks"
              aria-busy={isBusy || undefined}
              className={cn(
                'divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900',
                isBusy && 'opacity-70 transition-opacity',
              )}
            >
              {answer.tasks.map((task) => (
                <li key={task._id} className="rounded-xl outline-none" {...selection.itemProps(task._id)}>
                  <AssignedTaskRow task={task} inline={inlineEditing} />
                </li>
              ))}
            </ul>
          ) : (
            <ul
              aria-label="Assigned tasks"
              aria-busy={isBusy || undefined}
              className={cn('grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3', isBusy && 'opacity-70 transition-opacity')}
            >
              {answer.tasks.map((task) => (
                <li key={task._id} className="flex rounded-xl outline-none *:flex-1" {...selection.itemProps(task._id)}>
                  <AssignedTaskCard task={task} inline={inlineEditing} />
                </li>
              ))}
            </ul>
          )}
          <LiveRegion message={selection.announcement} />
          <div className="mt-6">
            <Pagination page={Math.min(filters.page, pages)} pages={pages} onPageChange={goToPage} label="Assigned tasks pages" />
          </div>
        </>
      )}
      {blockedStart.dialog}
    </>
  );
}
