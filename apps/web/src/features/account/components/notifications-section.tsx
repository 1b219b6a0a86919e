import {
  NOTIFICATION_DELIVERY_LABELS,
  NOTIFICATION_KIND_LABELS,
  notificationDeliveries,
  notificationKinds,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationSettings,
} from '@tasklane/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { QueryState } from '@/components/domain/query-state';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/errors';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notification-settings';
import { SettingsSection } from './settings-section';

const DELIVERY_OPTIONS = notificationDeliveries.map((delivery) => ({ value: delivery, label: NOTIFICATION_DELIVERY_LABELS[delivery] }));
/** Without email on the instance, every kind is shown as what then applies. */
const IN_APP_ONLY = [{ value: 'IN_APP', label: NOTIFICATION_DELIVERY_LABELS.IN_APP }];

function NotificationsForm({ settings }: { settings: NotificationSettings }) {
  const [chosen, setChosen] = useState(settings.kinds);
  const [savedMessage, setSavedMessage] = useState('');
  const update = useUpdateNotificationSettings();
  const changed = notificationKinds.filter((kind) => chosen[kind] !== settings.kinds[kind]);
  const isDisabled = !settings.emailAvailable;

  const choose = (kind: NotificationKind, delivery: NotificationDelivery) => {
    setSavedMessage('');
    setChosen((current) => ({ ...current, [kind]: delivery }));
  };

  const save = () => {
    const kinds = Object.fromEntries(changed.map((kind) => [kind, chosen[kind]]));
    update.mutate(
      { kinds },
      {
        onSuccess: (saved) => {
          setChosen(saved.kinds);
          setSavedMessage('Your notification settings are saved.');
          toast.success('Notification settings saved');
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to save the notification settings')),
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      {isDisabled && (
        <p id="notification-settings-no-email" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          This Tasklane server does not send email, so every notification appears in the app only. Ask your administrator to set up email
          to get notifications by email.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-[1fr_minmax(0,21rem)] sm:items-center">
        {notificationKinds.map((kind) => {
          const id = `notification-delivery-${kind}`;
          return (
            <div key={kind} className="contents">
              <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
                {NOTIFICATION_KIND_LABELS[kind]}
              </label>
              <Select
                id={id}
                value={isDisabled ? 'IN_APP' : chosen[kind]}
                disabled={isDisabled || update.isPending}
                aria-describedby={isDisabled ? 'notification-settings-no-email' : undefined}
                options={isDisabled ? IN_APP_ONLY : DELIVERY_OPTIONS}
                onChange={(event) => choose(kind, event.target.value as NotificationDelivery)}
              />
            </div>
          );
        })}
      </div>
      {!isDisabled && (
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={changed.length === 0} isLoading={update.isPending}>
            Save notification settings
          </Button>
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            {changed.length === 0 ? savedMessage : ''}
          </p>
        </div>
      )}
    </form>
  );
}

/** How each kind of notification reaches the person: in the app only, or also by email, at once or in an hourly digest. */
export function NotificationsSection() {
  const settingsQuery = useNotificationSettings();
  return (
    <SettingsSection
      id="settings-notifications"
      title="Notifications"
      description="Every notification appears in the app. Choose which ones also reach you by email: at once, or gathered into one email an hour. Each email has a link to turn its kind off."
    >
      <QueryState query={settingsQuery} loading="Loading your notification settings..." errorMessage="Failed to load your notification settings">
        {(settings) => <NotificationsForm settings={settings} />}
      </QueryState>
    </SettingsSection>
  );
}
