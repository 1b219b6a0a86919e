import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AuthHeading } from './auth-layout';

/** What the register page shows instead of the form when this visitor cannot register: why, and the way to sign in. */
export function RegistrationNotice({ title, message }: { title: string; message: string }) {
  return (
    <div className="text-center">
      <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600 dark:bg-amber-950 dark:text-amber-400">
        <Lock aria-hidden="true" className="size-6" />
      </span>
      <AuthHeading title={title} />
      <p role="status" className="mb-6 text-sm text-slate-600 dark:text-slate-300">
        {message}
      </p>
      <Link to={paths.login.href()} className={buttonClassName('primary', 'w-full')}>
        Sign in
      </Link>
    </div>
  );
}
