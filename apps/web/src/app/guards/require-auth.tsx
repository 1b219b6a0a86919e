import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { returnToState } from '@/features/auth/lib/return-to';

/** SPEC 2: loading indicator while the session loads; no user, to /login (remembering the page). */
export function RequireAuth() {
  const { user, isLoading } = useMe();
  const location = useLocation();
  if (isLoading) return <FullPageLoader />;
  if (!user) return <Navigate to={paths.login.href()} replace state={returnToState(location)} />;
  return <Outlet />;
}
