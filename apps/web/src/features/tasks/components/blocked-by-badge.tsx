import type { Blocker } from '@tasklane/contract';
import { Lock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** "Blocked by WEB-12 and WEB-15": a task's unfinished blockers, by key. */
export function blockedByText(blockedBy: readonly Pick<Blocker, 'key'>[]): string {
  const keys = blockedBy.map((blocker) => blocker.key);
  if (keys.length <= 1) return `Blocked by ${keys[0] ?? ''}`;
  return `Blocked by ${keys.slice(0, -1).join(', ')} and ${keys.at(-1)}`;
}

/**
 * Issue 19: "Blocked by WEB-12" on a card, a row and the task page while an unfinished task
 * blocks this one (nothing once none does). Past two keys, "+N" stands for the rest; the
 * tooltip names them all with their titles.
 */
export function BlockedByBadge({ blockedBy, className }: { blockedBy: readonly Blocker[] | undefined; className?: string }) {
  if (!blockedBy || blockedBy.length === 0) return null;
  const shown = blockedBy.slice(0, 2);
  const more = blockedBy.length - shown.length;
  return (
    <span title={blockedBy.map((blocker) => `${blocker.key} ${blocker.title}`).join('\n')} className="inline-flex">
      <Badge tone="amber" className={className}>
        <Lock aria-hidden="true" className="size-3" />
        <span className="sr-only">{blockedByText(blockedBy)}</span>
        <span aria-hidden="true">
          {blockedByText(shown)}
          {more > 0 && ` +${more}`}
        </span>
      </Badge>
    </span>
  );
}
