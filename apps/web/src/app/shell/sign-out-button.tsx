import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';

export function SignOutButton() {
  const navigate = useNavigate();
  const logoutMutation = useLogout();
  return (
    <Button
      variant="ghost"
      className="px-2.5 sm:px-3"
      isLoading={logoutMutation.isPending}
      aria-label="Sign out"
      onClick={() =>
        logoutMutation.mutate(undefined, {
          onError: (error) => console.error('Sign out failed:', error),
          onSettled: () => void navigate(paths.login.href(), { replace: true }),
        })
      }
    >
      {!logoutMutation.isPending && <LogOut aria-hidden="true" className="size-4" />}
      <span className="hidden sm:inline">Sign out</span>
    </Button>
  );
}
