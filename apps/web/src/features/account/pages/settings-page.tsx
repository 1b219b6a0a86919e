import type { ReactNode } from 'react';
import type { Me } from '@tasklane/contract';
import { PageHeader } from '@/components/ui/page-header';
import { ApiTokensSection } from '../components/api-tokens-section';
import { DeleteAccountSection } from '../components/delete-account-section';
import { ExportSection } from '../components/export-section';
import { NotificationsSection } from '../components/notifications-section';
import { PasswordSection } from '../components/password-section';
import { ProfileSection } from '../components/profile-section';
import { SessionsSection } from '../components/sessions-section';
import { SettingsSection } from '../components/settings-section';
import { TimeZoneSection } from '../components/time-zone-section';

/**
 * The account's own settings (issues 16 and 17): profile and avatar, time zone, password,
 * quick add's default todo category (issue 18), the calendar feed (issue 19), sessions, API tokens (issue 20), two-factor sign-in, how notifications reach you, export, deletion. The app layer gives the signed-in user and the two-factor section
 * (a feature never imports another).
 */
export function SettingsPage({
  me,
  twoFactor,
  quickAdd,
  calendarFeed,
  todoImport,
}: {
  me: Me;
  twoFactor?: ReactNode;
  quickAdd?: ReactNode;
  calendarFeed?: ReactNode;
  /** Issue 20: "Import from Todoist" into one's todos. */
  todoImport?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Settings" subtitle="Your profile, time zone, password, sessions, API tokens, notifications and data" />
      <div className="space-y-6">
        <ProfileSection me={me} />
        <TimeZoneSection me={me} />
        {quickAdd && (
          <SettingsSection
            id="settings-quick-add"
            title="Quick add"
            description="Where a todo added from the quick add line goes when it names no @category."
          >
            {quickAdd}
          </SettingsSection>
        )}
        {calendarFeed && (
          <SettingsSection
            id="settings-calendar-feed"
            title="Calendar feed"
            description="Subscribe to this URL in Google Calendar, Apple Calendar or Thunderbird to see your assigned tasks and your todos with due dates there."
          >
            {calendarFeed}
          </SettingsSection>
        )}
        {todoImport && (
          <SettingsSection id="settings-import" title="Import from Todoist" description="Bring a Todoist project's CSV export into your todos.">
            {todoImport}
          </SettingsSection>
        )}
        <PasswordSection />
        <SessionsSection />
        <ApiTokensSection />
        {/* Two-factor sign-in section (issue 16, part D) */}
        {twoFactor}
        <NotificationsSection />
        <ExportSection />
        <DeleteAccountSection />
      </div>
    </div>
  );
}
