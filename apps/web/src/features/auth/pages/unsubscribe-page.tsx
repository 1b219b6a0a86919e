import { INVALID_UNSUBSCRIBE_LINK_MESSAGE, NOTIFICATION_KIND_LABELS, type NotificationKind } from '@tasklane/contract';
import { BellOff, CircleCheck, LinkIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { useUnsubscribe, useUnsubscribeInfo } from '../api/unsubscribe';
import { AuthHeading, AuthLayout, authLinkClassName } from '../components/auth-layout';

const iconClassName = 'mx-auto mb-4 flex size-12 items-center justify-center rounded-full';

function KindList({ kinds }: { kinds: NotificationKind[] }) {
  return (
    <ul className="mb-6 list-disc space-y-1 pl-6 text-sm text-slate-700 dark:text-slate-300">
      {kinds.map((kind) => (
        <li key={kind}>{NOTIFICATION_KIND_LABELS[kind]}</li>
      ))}
    </ul>
  );
}

function SettingsLink() {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to={paths.settings.href()} className={authLinkClassName}>
        All your notification settings
      </Link>
    </p>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <div role="alert">
      <div className={`${iconClassName} bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-300`}>
        <LinkIcon aria-hidden="true" className="size-6" />
      </div>
      <AuthHeading title="This link cannot be used" subtitle={message} />
      <Link to={paths.settings.href()} className={buttonClassName('primary', 'w-full')}>
        Open your settings
      </Link>
    </div>
  );
}

/**
 * /unsubscribe?token=...: the page a notification email's "Stop these emails" link opens. It
 * says which emails the link turns off and does it only when asked (a mail scanner that follows
 * the link changes nothing), signed in or not. The notifications stay in the app.
 */
export default function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const info = useUnsubscribeInfo(token);
  const turnOff = useUnsubscribe(token);

  if (!token) {
    return (
      <AuthLayout>
        <InvalidLink message={INVALID_UNSUBSCRIBE_LINK_MESSAGE} />
      </AuthLayout>
    );
  }
  if (info.isPending) return <FullPageLoader label="Checking your link..." />;
  return (
    <AuthLayout>
      {info.error && <InvalidLink message={errorMessage(info.error, 'This link could not be checked. Try again later.')} />}
      {info.data && info.data.emailedKinds.length === 0 && (
        <div role="status">
          <div className={`${iconClassName} bg-emerald-100 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-300`}>
            <CircleCheck aria-hidden="true" className="size-6" />
          </div>
          <AuthHeading
            title={turnOff.isSuccess ? 'Emails turned off' : 'These emails are already off'}
            subtitle="You will no longer get emails for these notifications. They still appear in Tasklane."
          />
          <KindList kinds={info.data.kinds} />
          <SettingsLink />
        </div>
      )}
      {info.data && info.data.emailedKinds.length > 0 && (
        <>
          <div className={`${iconClassName} bg-indigo-100 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300`}>
            <BellOff aria-hidden="true" className="size-6" />
          </div>
          <AuthHeading title="Stop these emails?" subtitle="You will stop getting emails for these notifications. They will still appear in Tasklane." />
          <KindList kinds={info.data.emailedKinds} />
          {turnOff.error && (
            <p role="alert" className="mb-4 text-sm text-red-600 dark:text-red-400">
              {errorMessage(turnOff.error, 'The emails could not be turned off. Try again.')}
            </p>
          )}
          <Button className="w-full" isLoading={turnOff.isPending} onClick={() => turnOff.mutate()}>
            Turn off these emails
          </Button>
          <SettingsLink />
        </>
      )}
    </AuthLayout>
  );
}
