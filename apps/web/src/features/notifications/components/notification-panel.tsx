import type { Notification } from '@tasklane/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';

/** How many of the latest notifications the bell's panel lists. */
export const PANEL_SIZE = 8;

/**
 * The bell's panel (loaded on first opening): the latest notifications, "Mark all read", and a
 * link to /inbox. A non-modal dialog: Escape or a click elsewhere closes it.
 */
export function NotificationPanel({ open, onClose }: { open: boolean; onClose: (options?: { returnFocus?: boolean }) => void }) {
  const list = useNotifications({ page: 1, limit: PANEL_SIZE });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose({ returnFocus: true });
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current && !panel.current.contains(target) && !(target as Element).closest?.('[data-notification-bell]')) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, onClose]);

  if (!open) return null;
  const open_ = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification._id);
    onClose();
  };
  const items = list.data?.data ?? [];
  return (
    <div
      ref={panel}
      role="dialog"
      aria-label="Notifications"
      tabIndex={-1}
      className="absolute right-0 top-full z-40 mt-2 w-[22rem] max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2 dark:border-slate-700">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Notifications</h2>
        <button
          type="button"
          className="rounded px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-50 dark:text-indigo-300 dark:hover:bg-slate-800"
          disabled={markAll.isPending || !items.some((item) => !item.read)}
          onClick={() => markAll.mutate()}
        >
          Mark all read
        </button>
      </div>
      {list.isPending ? (
        <p className="px-3 py-4 text-sm text-slate-500">Loading…</p>
      ) : list.isError ? (
        <p className="px-3 py-4 text-sm text-red-600">Notifications could not be loaded.</p>
      ) : items.length === 0 ? (
        <p className="px-3 py-4 text-sm text-slate-500 dark:text-slate-400">You have no notifications.</p>
      ) : (
        <ul aria-label="Latest notifications" className="max-h-96 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
          {items.map((notification) => (
            <li key={notification._id}>
              <NotificationItem notification={notification} onOpen={open_} />
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-slate-200 px-3 py-2 text-right dark:border-slate-700">
        <Link to={paths.inbox.href()} onClick={() => onClose()} className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          Open inbox
        </Link>
      </div>
    </div>
  );
}

export default NotificationPanel;
