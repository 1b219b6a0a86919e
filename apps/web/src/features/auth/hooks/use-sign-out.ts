import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '../api/logout';
import { returnToState } from '../lib/return-to';

/**
 * Signs out and opens the sign-in page, remembering the page signed out from: signing in again
 * returns there, as after the route guard's redirect (return-to.ts). The header's button, the
 * account menu and the command palette sign out through it.
 */
export function useSignOut() {
  const logoutMutation = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const signOut = () =>
    logoutMutation.mutate(undefined, {
      onError: (error) => console.error('Sign out failed:', error),
      onSettled: () => void navigate(paths.login.href(), { replace: true, state: returnToState(location) }),
    });
  return { signOut, isPending: logoutMutation.isPending };
}
