import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMe } from '@/features/auth/api/get-me';

/** After the first screen is up: it is a background chore, not part of what the person waits for. */
const DELAY_MS = 3_000;
/** Once per page load at most, whatever re-renders or remounts happen. */
let isAttempted = false;

/**
 * A signed-in user whose time zone is still unset (null) gets the browser's, saved once, so
 * their reminders follow the zone they live in (issue 17, decision 027). The code that saves it
 * (the typed client and the contract's schemas) loads lazily, after the first render (decision 017).
 */
export function useBrowserTimeZoneDefault() {
  const { user } = useMe();
  const queryClient = useQueryClient();
  const needsZone = user !== null && user.timeZone === null;

  useEffect(() => {
    if (!needsZone || isAttempted) return;
    const timer = setTimeout(() => {
      isAttempted = true;
      void import('@/features/account/lib/save-browser-time-zone').then(({ saveBrowserTimeZone }) => saveBrowserTimeZone(queryClient));
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [needsZone, queryClient]);
}
