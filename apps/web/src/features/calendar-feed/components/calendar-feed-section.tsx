import { Check, Copy, RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { QueryState } from '@/components/domain/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { describeError, errorMessage } from '@/lib/errors';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';

/** What the reset asks before it cuts off every calendar subscribed to the old URL. */
export const RESET_FEED_MESSAGE =
  'The current URL stops working at once: calendar apps subscribed to it stop updating until you subscribe them to the new URL.';

/**
 * The person's private calendar feed (decision 037), for Settings: its URL in a read-only field
 * (selected on focus, to copy by hand too), "Copy", and "Reset" behind a confirmation.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setIsCopied(true);
      setAnnouncement('Calendar feed URL copied to the clipboard');
    } catch {
      // No clipboard (an insecure origin, a refusal): select it for Ctrl+C instead.
      input.current?.select();
      setAnnouncement('Press Ctrl+C to copy the selected URL');
    }
  };

  const confirmReset = () => {
    reset.mutate(undefined, {
      onSuccess() {
        setIsConfirming(false);
        setIsCopied(false);
        setAnnouncement('A new calendar feed URL was made. The old one no longer works.');
        toast.success('Calendar feed URL reset');
      },
      onError(error) {
        setIsConfirming(false);
        toast.error(errorMessage(error, 'Failed to reset the calendar feed URL'));
      },
    });
  };

  return (
    <QueryState query={feed} loading="Loading the calendar feed..." errorMessage={describeError(feed.error, 'Failed to load the calendar feed')}>
      {({ url }) => (
        <div className="space-y-3">
          <div className="space-y-1.5">
            <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
              Calendar feed URL
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input ref={input} id={id} readOnly value={url} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
              <div className="flex shrink-0 gap-2">
                <Button variant="secondary" onClick={() => void copy(url)} aria-label={isCopied ? 'Calendar feed URL copied' : 'Copy the calendar feed URL'}>
                  {isCopied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
                  {isCopied ? 'Copied' : 'Copy'}
                </Button>
                <Button variant="secondary" onClick={() => setIsConfirming(true)} aria-label="Reset the calendar feed URL">
                  <RefreshCw aria-hidden="true" className="size-4" />
                  Reset
                </Button>
              </div>
            </div>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Keep it private: anyone with this URL can see your due dates. If it leaked, reset it.
          </p>
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
          <ConfirmDialog
            open={isConfirming}
            onOpenChange={setIsConfirming}
            title="Reset the calendar feed URL?"
            message={RESET_FEED_MESSAGE}
            confirmLabel="Reset"
            pendingLabel="Resetting..."
            isPending={reset.isPending}
            onConfirm={confirmReset}
          />
        </div>
      )}
    </QueryState>
  );
}
