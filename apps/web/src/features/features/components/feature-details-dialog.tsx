import { formatShortDate, type Feature } from '@tasklane/contract';
import { ListChecks, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FeatureStatusBadge, PriorityBadge } from '@/components/domain/enum-badges';
import { Button, buttonClassName } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatHours } from '@/lib/format';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/**
 * The read-only view of a feature (SPEC 2 has it with nothing opening it; the table's title and
 * its Details action open it). Edit is offered to those who may manage features.
 */
export function FeatureDetailsDialog({
  feature,
  canEdit,
  onClose,
  onEdit,
}: {
  feature: Feature | null;
  canEdit: boolean;
  onClose: () => void;
  onEdit: (feature: Feature) => void;
}) {
  return (
    <Dialog
      open={feature !== null}
      onOpenChange={(open) => !open && onClose()}
      title={feature?.title ?? 'Feature'}
      description="Feature details"
      size="lg"
      footer={
        feature && (
          <>
            {canEdit && (
              <Button variant="secondary" onClick={() => onEdit(feature)}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </Button>
            )}
            <Link to={paths.featureTasks.href(feature.projectId._id, feature._id)} className={buttonClassName('primary')}>
              <ListChecks aria-hidden="true" className="size-4" />
              View Tasks
            </Link>
          </>
        )
      }
    >
      {feature && (
        <div className="space-y-5">
          <div className="flex flex-wrap gap-2">
            <FeatureStatusBadge status={feature.status} />
            <PriorityBadge priority={feature.priority} />
          </div>
          <div>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Description</h3>
            <p
              className={cn(
                'mt-1 whitespace-pre-line break-words text-sm',
                feature.description ? 'text-slate-700 dark:text-slate-300' : 'italic text-slate-500 dark:text-slate-400',
              )}
            >
              {feature.description || 'No description provided'}
            </p>
          </div>
          <dl className="grid gap-4 rounded-lg border border-slate-200 p-4 min-[420px]:grid-cols-2 dark:border-slate-800">
            <Detail label="Project">{feature.projectId.name}</Detail>
            <Detail label="Due Date">{formatShortDate(feature.dueDate, 'Not set')}</Detail>
            <Detail label="Estimated Hours">{formatHours(feature.estimatedHours)}</Detail>
            <Detail label="Actual Hours">{formatHours(feature.actualHours)}</Detail>
            <Detail label="Created">{formatShortDate(feature.createdAt, 'Unknown')}</Detail>
            <Detail label="Last Updated">{formatShortDate(feature.updatedAt, 'Unknown')}</Detail>
          </dl>
        </div>
      )}
    </Dialog>
  );
}
