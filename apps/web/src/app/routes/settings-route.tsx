import type { Me } from '@tasklane/contract';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { SettingsPage } from '@/features/account/pages/settings-page';
import { useMe } from '@/features/auth/api/get-me';

/**
 * /settings: the account feature's page for the signed-in user (GET /users/me answers the
 * account's own fields too), with the two-factor section in its place.
 */
export default function SettingsRoute() {
  const { user } = useMe();
  if (!user) return <FullPageLoader fill="area" />;
  return (
    <SettingsPage
      me={user as Me}
      // Two-factor sign-in section (issue 16, part D): <TwoFactorSection /> goes here.
      twoFactor={undefined}
    />
  );
}
