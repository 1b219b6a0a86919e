import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Select, type SelectOption } from '@/components/ui/select';

export interface ListFiltersProps {
  /** What is searched, for the box's name: 'Search features'. */
  searchLabel: string;
  search: string;
  onSearchChange: (value: string) => void;
  statusOptions: readonly SelectOption[];
  status: string;
  onStatusChange: (value: string) => void;
  priorityOptions: readonly SelectOption[];
  priority: string;
  onPriorityChange: (value: string) => void;
  /** Shown when something is filtered. */
  onClear?: () => void;
  /** Extra controls at the end of the row (a sort select). */
  children?: ReactNode;
}

/** A list's search box and its status and priority filters: one row on wide screens, stacked on phones. */
export function ListFilters({
  searchLabel,
  search,
  onSearchChange,
  statusOptions,
  status,
  onStatusChange,
  priorityOptions,
  priority,
  onPriorityChange,
  onClear,
  children,
}: ListFiltersProps) {
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <SearchInput
        className="min-w-0 flex-1"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        placeholder={`${searchLabel}...`}
        aria-label={searchLabel}
        maxLength={200}
      />
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap lg:flex-nowrap">
        <div className="min-w-0 sm:w-44">
          <Select aria-label="Filter by status" value={status} onChange={(event) => onStatusChange(event.target.value)} options={statusOptions} />
        </div>
        <div className="min-w-0 sm:w-44">
          <Select aria-label="Filter by priority" value={priority} onChange={(event) => onPriorityChange(event.target.value)} options={priorityOptions} />
        </div>
        {children}
        {onClear && (
          <Button variant="ghost" onClick={onClear} className="col-span-2 sm:col-span-1">
            <X aria-hidden="true" className="size-4" />
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}
