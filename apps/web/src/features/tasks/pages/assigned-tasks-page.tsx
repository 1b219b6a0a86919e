import { ClipboardCheck, SearchX } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryFallback } from '@/components/domain/query-state';
import { ListFilters } from '@/components/domain/list-filters';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { useErrorMessage } from '@/lib/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useAssignedTasks } from '../api/get-assigned-tasks';
import { AssignedTaskCard } from '../components/assigned-task-card';
import {
  assignedSortOptions,
  filterAndSortAssignedTasks,
  hasAssignedTaskFilters,
  pageOf,
  readAssignedTaskFilters,
  withAssignedTaskParam,
} from '../lib/assigned-tasks';
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

/** /tasks: the tasks assigned to the caller across their projects (SPEC 2). */
export default function AssignedTasksPage() {
  const tasksQuery = useAssignedTasks();
  const [params, setParams] = useSearchParams();
  const filters = readAssignedTaskFilters(params);
  const failure = useErrorMessage(tasksQuery.error, 'Failed to fetch tasks');
  useFailureToast(failure, 'assigned-tasks-fetch');

  // The search answers every key (filtering thousands of tasks at a lower priority than typing),
  // and reaches the URL once typing pauses.
  const [searchText, setSearchText] = useState(filters.search);
  const search = useDeferredValue(searchText);
  const debouncedSearch = useDebouncedValue(searchText);
  const lastDebounced = useRef(debouncedSearch);
  useEffect(() => {
    if (lastDebounced.current === debouncedSearch) return;
    lastDebounced.current = debouncedSearch;
    setParams((current) => withAssignedTaskParam(current, 'search', debouncedSearch.trim()), { replace: true });
  }, [debouncedSearch, setParams]);

  const set = (key: 'status' | 'priority' | 'sort' | 'page', value: string) =>
    setParams((current) => withAssignedTaskParam(current, key, value), { replace: true });
  const clearFilters = () => {
    setSearchText('');
    const keys = ['search', 'status', 'priority', 'page'] as const;
    setParams((current) => keys.reduce((next, key) => withAssignedTaskParam(next, key, ''), current), { replace: true });
  };

  const tasks = tasksQuery.data;
  const { status, priority, sort } = filters;
  const visible = useMemo(() => (tasks ? filterAndSortAssignedTasks(tasks, { search, status, priority, sort }) : []), [tasks, search, status, priority, sort]);
  // The search box's page: a changed search starts at page 1 even before the URL follows.
  const page = pageOf(visible, search.trim() === filters.search.trim() ? filters.page : 1);

  const listTop = useRef<HTMLDivElement>(null);
  const goToPage = (next: number) => {
    set('page', String(next));
    listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const header = <PageHeader title="Assigned Tasks" subtitle="Manage and track your assigned tasks" />;
  if (!tasks) {
    return (
      <>
        {header}
        <QueryFallback query={tasksQuery} loading="Loading tasks..." errorMessage={failure ?? 'Failed to fetch tasks'} />
      </>
    );
  }

  const isFiltered = hasAssignedTaskFilters({ search: searchText, status, priority });
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
      <div ref={listTop} className="mb-4 flex scroll-mt-24 items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          Showing {visible.length} of {tasks.length} tasks
        </p>
        {page.pages > 1 && (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Page {page.page} of {page.pages}
          </p>
        )}
      </div>

      {visible.length === 0 ? (
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
          <ul
            aria-label="Assigned tasks"
            aria-busy={search !== searchText || undefined}
            className={cn('grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3', search !== searchText && 'opacity-70 transition-opacity')}
          >
            {page.items.map((task) => (
              <li key={task._id} className="flex *:flex-1">
                <AssignedTaskCard task={task} />
              </li>
            ))}
          </ul>
          <div className="mt-6">
            <Pagination page={page.page} pages={page.pages} onPageChange={goToPage} label="Assigned tasks pages" />
          </div>
        </>
      )}
    </>
  );
}
