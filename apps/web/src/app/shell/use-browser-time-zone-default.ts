import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMe } from '@/features/auth/api/get-me';

/**
 * Just after the first screen is up (never during it), and before the person can act on the
 * page: a save seconds later would land in the middle of what they do, and a script or test that
 * waits for "the next PUT" of its own change could catch this one instead (seen in the e2e).
 */
const DELAY_MS = 0;
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
