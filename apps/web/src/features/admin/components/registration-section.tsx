import type { RegistrationMode } from '@tasklane/contract';
import { useState } from 'react';
import { QueryFallback } from '@/components/domain/query-state';
import { cn } from '@/lib/cn';
import { useRegistrationSettings } from '../api/get-registration-settings';
import { useUpdateRegistrationSettings } from '../api/update-registration-settings';
import { AdminSection } from './section';

const choices: Array<{ value: RegistrationMode; label: string; hint: string }> = [
  { value: 'open', label: 'Open', hint: 'Anyone who can reach this instance can create an account.' },
  { value: 'invite', label: 'Invite only', hint: 'People need an invite link from an administrator to register.' },
  { value: 'closed', label: 'Closed', hint: 'The register page says registration is closed. Invite links still work.' },
];

/** Who may register: a radio group, saved as soon as it changes. */
export function RegistrationSection() {
  const query = useRegistrationSettings();
  const save = useUpdateRegistrationSettings();
  // The choice shows at once while it is saved (a refusal puts the saved one back).
  const [choosing, setChoosing] = useState<RegistrationMode | null>(null);
  const current = choosing ?? query.data?.registration;
  return (
    <AdminSection id="admin-registration" title="Registration" description="Who may create an account on this instance.">
      {!current ? (
        <QueryFallback query={query} loading="Loading settings..." errorMessage="Failed to fetch the registration setting" />
      ) : (
        <fieldset aria-describedby="admin-registration-title">
          <legend className="sr-only">Who may register</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {choices.map((choice) => (
              <label
                key={choice.value}
                className={cn(
                  'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
                  current === choice.value
                    ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-500/10'
                    : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60',
                )}
              >
                <input
                  type="radio"
                  name="registration"
                  value={choice.value}
                  checked={current === choice.value}
                  disabled={save.isPending}
                  onChange={() => {
                    setChoosing(choice.value);
                    save.mutate(choice.value, { onSettled: () => setChoosing(null) });
                  }}
                  className="mt-0.5 size-4 accent-indigo-600"
                />
                <span>
                  <span className="block font-medium text-slate-900 dark:text-white">{choice.label}</span>
                  <span className="mt-0.5 block text-slate-600 dark:text-slate-400">{choice.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </AdminSection>
  );
}
