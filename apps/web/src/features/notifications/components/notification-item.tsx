import type { Notification } from '@tasklane/contract';
import { AlarmClock, CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

const KIND_LABELS: Record<Notification['kind'], string> = {
  ASSIGNED: 'Assigned',
  UNASSIGNED: 'Unassigned',
  COMMENT: 'Comment',
  MENTION: 'Mention',
  STATUS_CHANGED: 'Status',
  MEMBERSHIP: 'Membership',
  DUE_SOON: 'Due soon',
  OVERDUE: 'Overdue',
  UNBLOCKED: 'Unblocked',
  WEBHOOK_PAUSED: 'Webhook paused',
};
export const kindLabel = (kind: Notification['kind']) => KIND_LABELS[kind];

/** The due-date reminders stand out: an icon and a colour beside their kind (the words say it too). */
function KindTag({ kind }: { kind: Notification['kind'] }) {
  if (kind === 'DUE_SOON') {
    return (
      <span className="inline-flex items-center gap-1 font-medium text-amber-700 dark:text-amber-400">
        <CalendarClock aria-hidden="true" className="size-3.5" />
        {kindLabel(kind)}
      </span>
    );
  }
  if (kind === 'OVERDUE') {
    return (
      <span className="inline-flex items-center gap-1 font-medium text-red-700 dark:text-red-400">
        <AlarmClock aria-hidden="true" className="size-3.5" />
        {kindLabel(kind)}
      </span>
    );
  }
  return <>{kindLabel(kind)}</>;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One notification: what happened (each collected event on its own line), the task with its
 * project (or the todo a reminder is about), when. Following its link marks it read (`onOpen`) and goes to its task.
 */
export function NotificationItem({ notification, onOpen, actions }: { notification: Notification; onOpen: (notification: Notification) => void; actions?: React.ReactNode }) {
  const [first, ...rest] = notification.items.length ? notification.items.map((item) => item.text) : [notification.text];
  return (
    <div className={cn('flex items-start gap-3 px-3 py-2', !notification.read && 'bg-indigo-50 dark:bg-indigo-950/40')}>
      <span aria-hidden="true" className={cn('mt-2 size-2 shrink-0 rounded-full', notification.read ? 'bg-transparent' : 'bg-indigo-600')} />
      <div className="min-w-0 flex-1">
        <Link
          to={notification.url}
          onClick={() => onOpen(notification)}
          className="block rounded text-sm text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-100"
        >
          {!notification.read && <span className="sr-only">Unread: </span>}
          {first}
        </Link>
        {rest.length > 0 && (
          <ul className="mt-1 space-y-0.5 text-xs text-slate-600 dark:text-slate-400" aria-label="Earlier on this task">
            {rest.map((text, index) => (
              <li key={index}>{text}</li>
            ))}
          </ul>
        )}
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          <KindTag kind={notification.kind} /> · <time dateTime={notification.createdAt}>{when(notification.createdAt)}</time>
        </p>
      </div>
      {actions}
    </div>
  );
}
