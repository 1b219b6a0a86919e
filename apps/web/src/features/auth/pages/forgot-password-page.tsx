import { ArrowLeft, KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthHeading, AuthLayout, authLinkClassName } from '../components/auth-layout';

export default function ForgotPasswordPage() {
  return (
    <AuthLayout>
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300">
        <KeyRound aria-hidden="true" className="size-6" />
      </div>
      <AuthHeading title="Forgot your password?" />
      <div className="space-y-3 text-sm text-slate-600 dark:text-slate-400">
        <p>Password resets are done by an administrator for now: Tasklane does not send reset emails yet.</p>
        <p>Ask the person who runs your Tasklane installation to set a new password for your account, then sign in with it.</p>
      </div>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login.href()} className={`inline-flex items-center gap-1 ${authLinkClassName}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
