import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { sessionDataReadAt } from '@/features/auth/api/session';
import { CLIENT_ID } from '@/lib/api-client';
import type { LiveConnection, LiveConnectionHandlers, LiveStatus } from '@/lib/live-connection';
import { queryKeys } from '@/lib/query-keys';
import { LiveStatusContext } from './live-status';

/**
 * The signed-in app's one event stream: opened when someone is signed in, closed when they
 * sign out. Each change another tab or person made marks exactly the cached answers it touches
 * as stale (what is on screen refetches at once); this tab's own echoes are ignored, its
 * mutations having updated the cache already. A `reset` (events missed beyond replay) marks
 * everything stale. Both wait for this tab's pending changes to settle (live-events.ts).
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  // Whoever the app knows to be signed in; this observer never asks by itself (the first
  // screen, /login, makes no session call).
  const { data: user } = useQuery({ ...meQueryOptions(), enabled: false });
  const queryClient = useQueryClient();
  const userId = user?._id;
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!userId) return;
    // The client (and the stale map it applies events through) loads once someone is signed
    // in, in its own chunk: the first screen's script does not carry it (issue 15 §4).
    let connection: LiveConnection | undefined;
    let isCancelled = false;
    void Promise.all([import('@/lib/live-connection'), import('@/lib/live-events')]).then(([{ LiveConnection }, { applyLiveEvents, applyLiveReset }]) => {
      if (isCancelled) return;
      const handlers: LiveConnectionHandlers = {
        onEvents(events) {
          const others = events.filter((event) => event.origin !== CLIENT_ID);
          if (others.length > 0) void applyLiveEvents(queryClient, others, userId);
        },
        onReset: () => void applyLiveReset(queryClient),
        onStatus: setStatus,
        // Refused rather than cut: if the session ended, asking who is signed in says so (a 401
        // drops the session, and this stream with it).
        onRefused: () => void queryClient.invalidateQueries({ queryKey: queryKeys.me() }),
      };
      // What changed while the page read its data, before this stream opened, is replayed first.
      connection = new LiveConnection(handlers, { dataReadAt: sessionDataReadAt() });
      connection.start();
    });
    return () => {
      isCancelled = true;
      connection?.stop();
    };
  }, [userId, queryClient]);

  return <LiveStatusContext.Provider value={userId ? status : 'off'}>{children}</LiveStatusContext.Provider>;
}
