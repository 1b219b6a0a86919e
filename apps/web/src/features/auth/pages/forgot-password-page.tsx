import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuthOptions } from '../api/auth-options';
import { AuthIcon } from '../components/auth-icon';
import { AuthHeading, AuthLayout, authLinkClassName } from '../components/auth-layout';
import { ForgotPasswordForm } from '../components/forgot-password-form';

/**
 * /forgot-password: with email configured on the server, a form that sends a reset link; without
 * it, the way back in is a link an administrator makes (Admin, or `npm run admin -- reset-password`).
 */
export default function ForgotPasswordPage() {
  const options = useAuthOptions();
  // Should the question fail, the form is offered: its answer never depends on the email anyway.
  const byEmail = options.data?.passwordResetByEmail ?? options.isError;
  return (
    <AuthLayout>
      {options.isPending ? (
        <div className="flex justify-center py-6 text-indigo-600 dark:text-indigo-400" role="status" aria-label="Loading">
          <Spinner />
        </div>
      ) : byEmail ? (
        <ForgotPasswordForm />
      ) : (
        <>
          <AuthIcon />
          <AuthHeading title="Forgot your password?" />
          <div className="space-y-3 text-sm text-slate-600 dark:text-slate-400">
            <p>This Tasklane installation does not send email, so ask an administrator to reset your password.</p>
            <p>They can make a password-reset link for your account and hand it to you; open it to choose a new password, then sign in with it.</p>
          </div>
        </>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login.href()} className={`inline-flex items-center gap-1 ${authLinkClassName}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
