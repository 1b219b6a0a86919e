import type { User } from '@tasklane/contract';
import { LogOut, Settings } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { DropdownMenu } from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';

/** The signed-in user's menu in the header: their avatar (or initials) opens Settings and Sign out. */
export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const logoutMutation = useLogout();
  return (
    <DropdownMenu
      trigger={
        <button
          type="button"
          aria-label="Account menu"
          className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <Avatar person={user} size="sm" />
        </button>
      }
      items={[
        { label: 'Settings', icon: <Settings aria-hidden="true" className="size-4" />, onSelect: () => void navigate(paths.settings.href()) },
        {
          label: 'Sign out',
          icon: <LogOut aria-hidden="true" className="size-4" />,
          onSelect: () =>
            logoutMutation.mutate(undefined, {
              onError: (error) => console.error('Sign out failed:', error),
              onSettled: () => void navigate(paths.login.href(), { replace: true }),
            }),
        },
      ]}
    />
  );
}
