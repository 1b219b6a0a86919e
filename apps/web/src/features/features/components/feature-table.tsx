import { formatShortDate, type Feature, type FeatureSortField } from '@tasklane/contract';
import { Eye, ListChecks, Pencil, Trash2 } from 'lucide-react';
import type { HTMLAttributes, Ref } from 'react';
import { Link } from 'react-router';
import { FeatureStatusBadge, PriorityBadge } from '@/components/domain/enum-badges';
import { IconButton } from '@/components/ui/icon-button';
import { SortableTh, Table, TableBody, TableHead, TableRow, Td, Th } from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { formatHoursSpent } from '@/lib/format';
import type { SortOrder } from '@/lib/list-query';

export interface FeatureTableProps {
  features: readonly Feature[];
  sort: { sortBy: FeatureSortField; sortOrder: SortOrder };
  onSort: (field: FeatureSortField) => void;
  canManage: boolean;
  isBusy: boolean;
  onOpen: (feature: Feature) => void;
  onEdit: (feature: Feature) => void;
  onDelete: (feature: Feature) => void;
  /** A keyboard selection's attributes for each row (lib/keyboard/use-list-selection.ts). */
  rowProps?: (feature: Feature) => HTMLAttributes<HTMLTableRowElement> & { ref?: Ref<HTMLTableRowElement> };
}

const sortable: Array<{ field: FeatureSortField; label: string }> = [
  { field: 'title', label: 'Title' },
  { field: 'status', label: 'Status' },
  { field: 'priority', label: 'Priority' },
  { field: 'dueDate', label: 'Due Date' },
];

/** The features of a project: one row each, sortable by its column headers. */
export function FeatureTable({ features, sort, onSort, canManage, isBusy, onOpen, onEdit, onDelete, rowProps }: FeatureTableProps) {
  const direction = (field: FeatureSortField) => (sort.sortBy === field ? sort.sortOrder : undefined);
  return (
    <Table label="Features" busy={isBusy} minWidth="min-w-[860px]">
      <TableHead>
        {sortable.map(({ field, label }) => (
          <SortableTh key={field} label={label} direction={direction(field)} onSort={() => onSort(field)} className={field === 'title' ? 'w-[32%] min-w-56' : undefined} />
        ))}
        <Th>
          Hours<span className="sr-only"> (actual / estimated)</span>
        </Th>
        <SortableTh label="Updated" direction={direction('updatedAt')} onSort={() => onSort('updatedAt')} />
        <Th className="text-right">Actions</Th>
      </TableHead>
      <TableBody>
        {features.map((feature) => (
          <TableRow key={feature._id} {...rowProps?.(feature)}>
            <Td>
              <button
                type="button"
                onClick={() => onOpen(feature)}
                className="line-clamp-2 rounded text-left font-semibold text-slate-900 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-white dark:hover:text-indigo-400"
              >
                {feature.title}
              </button>
              {feature.description && <p className="mt-0.5 line-clamp-1 text-xs text-slate-500 dark:text-slate-400">{feature.description}</p>}
            </Td>
            <Td>
              <FeatureStatusBadge status={feature.status} />
            </Td>
            <Td>
              <PriorityBadge priority={feature.priority} />
            </Td>
            <Td className="whitespace-nowrap">{formatShortDate(feature.dueDate, 'Not set')}</Td>
            <Td className="whitespace-nowrap tabular-nums">
              {formatHoursSpent(feature.actualHours, feature.estimatedHours)}
            </Td>
            <Td className="whitespace-nowrap text-slate-500 dark:text-slate-400">{formatShortDate(feature.updatedAt)}</Td>
            <Td>
              <div className="flex items-center justify-end gap-1">
                <Tooltip content="View tasks">
                  <Link
                    to={paths.featureTasks.href(feature.projectId._id, feature._id)}
                    aria-label={`Tasks of ${feature.title}`}
                    className="inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:bg-indigo-950"
                  >
                    <ListChecks aria-hidden="true" className="size-4" />
                    Tasks
                  </Link>
                </Tooltip>
                <IconButton label={`Details of ${feature.title}`} tooltip="Details" icon={<Eye aria-hidden="true" className="size-4" />} onClick={() => onOpen(feature)} />
                {canManage && (
                  <>
                    <IconButton label={`Edit ${feature.title}`} tooltip="Edit" tone="primary" icon={<Pencil aria-hidden="true" className="size-4" />} onClick={() => onEdit(feature)} />
                    <IconButton label={`Delete ${feature.title}`} tooltip="Delete" tone="danger" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={() => onDelete(feature)} />
                  </>
                )}
              </div>
            </Td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
