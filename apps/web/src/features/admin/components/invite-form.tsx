import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { describeError } from '@/lib/errors';
import { useCreateInvite } from '../api/create-invite';
import { endOfLocalDay, todayInputValue } from '@/lib/date-input';
import { CopyLink } from './copy-link';

/** Makes an invite (for one email, until a date, both optional) and shows its link this once. */
export function InviteForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const create = useCreateInvite();
  const fieldError = (field: string) => (isApiError(create.error) ? create.error.errors.find((item) => item.field === field)?.message : undefined);
  return (
    <div className="space-y-4">
      <form
        noValidate
        className="grid items-end gap-3 sm:grid-cols-[1fr_12rem_auto]"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            { email: email.trim() || null, expiresAt: endOfLocalDay(expiresOn) },
            {
              onSuccess() {
                setEmail('');
                setExpiresOn('');
              },
            },
          );
        }}
      >
        <Field label="Email (optional)" htmlFor={`${id}-email`} error={fieldError('email')}>
          <Input id={`${id}-email`} type="email" placeholder="Anyone with the link" value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        <Field label="Expires (optional)" htmlFor={`${id}-expires`} error={fieldError('expiresAt')}>
          <Input id={`${id}-expires`} type="date" min={todayInputValue()} value={expiresOn} onChange={(event) => setExpiresOn(event.target.value)} />
        </Field>
        <Button type="submit" isLoading={create.isPending}>
          Create invite
        </Button>
      </form>
      {create.error && !fieldError('email') && !fieldError('expiresAt') && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {describeError(create.error, 'Failed to create the invite')}
        </p>
      )}
      {create.data && (
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900 dark:bg-emerald-950/40">
          <CopyLink label="Invite link" url={create.data.url} />
          <p className="mt-2 text-sm text-emerald-800 dark:text-emerald-300">Copy it now: it is shown only once. It registers one account.</p>
        </div>
      )}
    </div>
  );
}
