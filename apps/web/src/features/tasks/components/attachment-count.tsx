import { Paperclip } from 'lucide-react';
import { pluralize } from '@/lib/format';

/** '📎 2' on a task in a list, read as '2 attachments'; nothing without attachments. */
export function AttachmentCount({ count }: { count: number }) {
  if (count === 0) return null;
  const label = pluralize(count, 'attachment');
  return (
    <span className="inline-flex items-center gap-1 tabular-nums" title={label}>
      <Paperclip aria-hidden="true" className="size-3.5 shrink-0" />
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
