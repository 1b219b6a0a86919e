import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';

export function SignOutButton() {
  const { signOut, isPending } = useSignOut();
  return (
    <Button
      variant="ghost"
      className="px-2.5 sm:px-3"
      isLoading={isPending}
      aria-label="Sign out"
      onClick={signOut}
    >
      {!isPending && <LogOut aria-hidden="true" className="size-4" />}
      <span className="hidden sm:inline">Sign out</span>
    </Button>
  );
}
