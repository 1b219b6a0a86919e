import { priorities, todoStatuses, type Category } from '@tasklane/contract';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Select, type SelectOption } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { formatEnum } from '@/lib/format';
import { hasTodoFilters, type TodoFilterKey, type TodoFilters } from '../lib/todo-filters';

const statusOptions: SelectOption[] = [
  { value: '', label: 'All Status' },
  ...todoStatuses.map((status) => ({ value: status, label: formatEnum(status) })),
];
const priorityOptions: SelectOption[] = [
  { value: '', label: 'All Priorities' },
  ...priorities.map((priority) => ({ value: priority, label: formatEnum(priority) })),
];
const dateOptions: SelectOption[] = [
  { value: '', label: 'All Dates' },
  { value: 'today', label: 'Today' },
  { value: 'other', label: 'Other Days' },
];

/** The dashboard's four filters (SPEC 2), each a labelled select; 'All ...' is the empty value. */
export function TodoFiltersBar({
  filters,
  categories,
  onChange,
  onClear,
}: {
  filters: TodoFilters;
  categories: readonly Category[];
  onChange: (key: TodoFilterKey, value: string) => void;
  onClear: () => void;
}) {
  const categoryOptions: SelectOption[] = [
    { value: '', label: 'All Categories' },
    ...categories.map((category) => ({ value: category._id, label: category.name })),
  ];
  return (
    <div role="group" aria-label="Filters" className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <div className="grid flex-1 grid-cols-2 gap-3 lg:grid-cols-4">
        <Select aria-label="Status" value={filters.status ?? ''} options={statusOptions} onChange={(event) => onChange('status', event.target.value)} />
        <Select
          aria-label="Priority"
          value={filters.priority ?? ''}
          options={priorityOptions}
          onChange={(event) => onChange('priority', event.target.value)}
        />
        <Select
          aria-label="Category"
          value={filters.category ?? ''}
          options={categoryOptions}
          onChange={(event) => onChange('category', event.target.value)}
        />
        <Select aria-label="Date" value={filters.date ?? ''} options={dateOptions} onChange={(event) => onChange('date', event.target.value)} />
      </div>
      {/* Always laid out (hidden while nothing is filtered) so the selects never shift on wide screens. */}
      <Button variant="ghost" className={cn('self-end lg:self-auto', !hasTodoFilters(filters) && 'max-lg:hidden lg:invisible')} onClick={onClear}>
        <X aria-hidden="true" className="size-4" />
        Clear filters
      </Button>
    </div>
  );
}
