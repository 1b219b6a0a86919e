import { Bell } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { useUnreadCount } from '../api/get-unread-count';

// The panel (its list, its zod-parsed calls) loads on first opening: the first screen carries the bell alone.
const NotificationPanel = lazyDialog(() => import('./notification-panel').then((module) => module.NotificationPanel));

const iconButton =
  'relative rounded-lg p-2 text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

/** "Notifications, 3 unread": the bell's accessible name carries the count. */
export const bellLabel = (count: number) => (count > 0 ? `Notifications, ${count} unread` : 'Notifications, none unread');

/** The header's bell: the unread count (kept live by the event stream), and the panel of the latest ones. */
export function NotificationBell() {
  const [isOpen, setIsOpen] = useState(false);
  const count = useUnreadCount().data ?? 0;
  const button = useRef<HTMLButtonElement>(null);
  // Escape gives the focus back to the bell; a click elsewhere or a followed link leaves it where it went.
  const close = useCallback((options?: { returnFocus?: boolean }) => {
    setIsOpen(false);
    if (options?.returnFocus) button.current?.focus();
  }, []);
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        data-notification-bell
        className={iconButton}
        aria-label={bellLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onPointerEnter={() => void NotificationPanel.preload()}
        onFocus={() => void NotificationPanel.preload()}
        onClick={() => setIsOpen((open) => !open)}
      >
        <Bell aria-hidden="true" className="size-5" />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-bold leading-4 text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      <NotificationPanel open={isOpen} onClose={close} />
    </div>
  );
}
