import { FullPageLoader } from '@/components/ui/full-page-loader';
import { SettingsPage } from '@/features/account/pages/settings-page';
import { useMe } from '@/features/auth/api/get-me';
import { CalendarFeedSection } from '@/features/calendar-feed/components/calendar-feed-section';
import { TodoistImportSection } from '@/features/imports/components/todoist-import-section';
import { DefaultCategorySetting } from '@/features/todos/components/default-category-setting';
import { TwoFactorSection } from '@/features/two-factor/components/two-factor-section';

/**
 * /settings: the account feature's page for the signed-in user (GET /users/me answers the
 * account's own fields too), with the two-factor section in its place.
 */
export default function SettingsRoute() {
  const { user } = useMe();
  if (!user) return <FullPageLoader fill="area" />;
  return (
    <SettingsPage
      me={user}
      twoFactor={<TwoFactorSection />}
      quickAdd={<DefaultCategorySetting />}
      calendarFeed={<CalendarFeedSection />}
      todoImport={<TodoistImportSection />}
    />
  );
}
