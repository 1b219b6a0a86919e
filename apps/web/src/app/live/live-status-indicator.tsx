import { WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLiveStatus } from './live-status';

/** How long the stream may be down before the header says so (a blip goes unnoticed). */
const SHOW_AFTER_MS = 2_000;

/**
 * A discreet 'Reconnecting…' in the header while live updates are down; it goes away by itself
 * once the stream is back (and what was missed has been replayed).
 */
export function LiveStatusIndicator() {
  const status = useLiveStatus();
  const isDown = status === 'connecting' || status === 'reconnecting';
  const [isShown, setIsShown] = useState(false);

  useEffect(() => {
    if (!isDown) return;
    const timer = setTimeout(() => setIsShown(true), SHOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setIsShown(false);
    };
  }, [isDown]);

  return (
    <span role="status" aria-live="polite" className="flex items-center">
      {isDown && isShown && (
        <span
          className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30"
          title="Live updates are paused while the connection is restored"
        >
          <WifiOff aria-hidden="true" className="size-3.5" />
          Reconnecting…
        </span>
      )}
    </span>
  );
}
