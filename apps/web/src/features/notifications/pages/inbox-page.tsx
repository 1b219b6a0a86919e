import { notificationKinds, type Notification, type NotificationKind } from '@tasklane/contract';
import { Check } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';
import { kindLabel, NotificationItem } from '../components/notification-item';

export const INBOX_PAGE_SIZE = 20;

const tabClass = (isActive: boolean) =>
  cn(
    'rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
    isActive ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
  );

/** /inbox: every notification, All or Unread, by kind, a page at a time (the filters live in the URL). */
export default function InboxPage() {
  const [search, setSearch] = useSearchParams();
  const isUnread = search.get('unread') === 'true';
  const kindParam = search.get('kind');
  const kind = notificationKinds.includes(kindParam as NotificationKind) ? (kindParam as NotificationKind) : undefined;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useNotifications({ page, limit: INBOX_PAGE_SIZE, ...(isUnread ? { unread: 'true' as const } : {}), ...(kind ? { kind } : {}) });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next);
  };
  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification._id);
  };
  const items = list.data?.data ?? [];

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Inbox"
        subtitle="What happened on the tasks and projects you are part of"
        actions={
          <Button variant="secondary" onClick={() => markAll.mutate()} isLoading={markAll.isPending}>
            Mark all read
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div role="group" aria-label="Show" className="flex gap-1">
          <button type="button" aria-pressed={!isUnread} className={tabClass(!isUnread)} onClick={() => update({ unread: null, page: null })}>
            All
          </button>
          <button type="button" aria-pressed={isUnread} className={tabClass(isUnread)} onClick={() => update({ unread: 'true', page: null })}>
            Unread
          </button>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          Kind
          <Select
            value={kind ?? ''}
            onChange={(event) => update({ kind: event.target.value || null, page: null })}
            options={[{ value: '', label: 'All kinds' }, ...notificationKinds.map((value) => ({ value, label: kindLabel(value) }))]}
          />
        </label>
      </div>
      {list.isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : list.isError ? (
        <p className="text-sm text-red-600">Notifications could not be loaded.</p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500 dark:border-slate-700">
          {isUnread || kind ? 'No notifications match.' : 'You have no notifications.'}
        </p>
      ) : (
        <ul aria-label="Notifications" className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-700 dark:bg-slate-900">
          {items.map((notification) => (
            <li key={notification._id}>
              <NotificationItem
                notification={notification}
                onOpen={open}
                actions={
                  !notification.read && (
                    <button
                      type="button"
                      aria-label={`Mark read: ${notification.items[0]?.text ?? notification.text}`}
                      title="Mark read"
                      className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800"
                      onClick={() => markRead.mutate(notification._id)}
                    >
                      <Check aria-hidden="true" className="size-4" />
                    </button>
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        <Pagination page={page} pages={list.data?.pagination.total ?? 1} onPageChange={(next) => update({ page: String(next) })} label="Notification pages" />
      </div>
    </div>
  );
}
