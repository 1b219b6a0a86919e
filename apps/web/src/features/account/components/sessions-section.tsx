import type { AccountSession } from '@tasklane/contract';
import { LogOut, Monitor } from 'lucide-react';
import toast from 'react-hot-toast';
import { QueryState } from '@/components/domain/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import { SettingsSection } from './settings-section';

/** 'Firefox 133 on Linux', or what is known of it. */
export function describeDevice(session: Pick<AccountSession, 'browser' | 'os'>): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser ?? session.os ?? 'Unknown device';
}

function SessionRow({ session }: { session: AccountSession }) {
  const endMutation = useEndSession();
  const device = describeDevice(session);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Monitor aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
          {device}
          {session.current && <Badge tone="green">This device</Badge>}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {session.clientIp ?? 'Unknown address'} · signed in <time dateTime={session.createdAt} title={formatDateTime(session.createdAt)}>{formatRelativeTime(session.createdAt)}</time>
          {' · '}last seen <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>{formatRelativeTime(session.lastSeenAt)}</time>
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          isLoading={endMutation.isPending}
          aria-label={`End the session on ${device}`}
          onClick={() =>
            endMutation.mutate(session._id, {
              onSuccess: () => toast.success('Session signed out'),
              onError: (error) => toast.error(errorMessage(error, 'Failed to sign out the session')),
            })
          }
        >
          End session
        </Button>
      )}
    </li>
  );
}

export function SessionsSection() {
  const sessionsQuery = useSessions();
  const endOthers = useEndOtherSessions();
  const others = (sessionsQuery.data ?? []).filter((session) => !session.current).length;
  return (
    <SettingsSection id="settings-sessions" title="Sessions" description="Where your account is signed in. End the session of any device you do not recognise.">
      <QueryState query={sessionsQuery} loading="Loading your sessions..." errorMessage="Failed to load your sessions">
        {(sessions) => (
          <>
            <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Your sessions">
              {sessions.map((session) => (
                <SessionRow key={session._id} session={session} />
              ))}
            </ul>
            <Button
              variant="secondary"
              className="mt-4"
              disabled={others === 0}
              isLoading={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: (answer) => toast.success(answer.message),
                  onError: (error) => toast.error(errorMessage(error, 'Failed to sign out the other sessions')),
                })
              }
            >
              {!endOthers.isPending && <LogOut aria-hidden="true" className="size-4" />}
              End all other sessions
            </Button>
          </>
        )}
      </QueryState>
    </SettingsSection>
  );
}
