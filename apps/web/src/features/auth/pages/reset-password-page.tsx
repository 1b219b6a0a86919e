import { INVALID_RESET_LINK_MESSAGE } from '@tasklane/contract';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AuthIcon } from '../components/auth-icon';
import { AuthHeading, AuthLayout, authLinkClassName } from '../components/auth-layout';
import { ResetPasswordForm, type ResetOutcome } from '../components/reset-password-form';

const iconClassName = 'mx-auto mb-4 flex size-12 items-center justify-center rounded-full';

/**
 * /reset-password?token=...: the page a reset link opens (from the email, or handed over by an
 * administrator). A new password, then the way to sign in with it; the reset signs nobody in.
 */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [outcome, setOutcome] = useState<ResetOutcome | null>(token ? null : { kind: 'invalid-link', message: INVALID_RESET_LINK_MESSAGE });

  return (
    <AuthLayout>
      {outcome === null && (
        <>
          <AuthIcon />
          <AuthHeading title="Choose a new password" subtitle="Choose a password of at least 8 characters" />
          <ResetPasswordForm token={token} onDone={setOutcome} />
          <p className="mt-6 text-center text-sm">
            <Link to={paths.login.href()} className={authLinkClassName}>
              Back to sign in
            </Link>
          </p>
        </>
      )}
      {outcome?.kind === 'changed' && (
        <div role="status">
          <div className={`${iconClassName} bg-emerald-100 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-300`}>
            <CircleCheck aria-hidden="true" className="size-6" />
          </div>
          <AuthHeading title="Password changed" subtitle={outcome.message} />
          <Link to={paths.login.href()} className={buttonClassName('primary', 'w-full')}>
            Sign in
          </Link>
        </div>
      )}
      {outcome?.kind === 'invalid-link' && (
        <div role="alert">
          <div className={`${iconClassName} bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-300`}>
            <LinkIcon aria-hidden="true" className="size-6" />
          </div>
          <AuthHeading title="This link cannot be used" subtitle={outcome.message} />
          <Link to={paths.forgotPassword.href()} className={buttonClassName('primary', 'w-full')}>
            Ask for a new link
          </Link>
          <p className="mt-6 text-center text-sm">
            <Link to={paths.login.href()} className={authLinkClassName}>
              Back to sign in
            </Link>
          </p>
        </div>
      )}
    </AuthLayout>
  );
}
