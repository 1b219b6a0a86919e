import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { isApiError } from '@/lib/api-client';
import { useDisableTwoFactor } from '../api/disable-two-factor';

/** Turning it off asks for the account's password. */
export function DisablePanel({ accountId, onDone }: { accountId: string | undefined; onDone: () => void }) {
  const disable = useDisableTwoFactor(accountId);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    setError(null);
    disable.mutate(
      { password },
      {
        onSuccess: () => {
          toast.success('Two-factor sign-in is off');
          onDone();
        },
        onError: (failure) => setError(isApiError(failure) && failure.serverMessage ? failure.serverMessage : 'Two-factor sign-in could not be turned off'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">Enter your password to turn off two-factor sign-in. Your recovery codes stop working.</p>
      <Field label="Password" htmlFor="two-factor-disable-password" error={error ?? undefined}>
        <PasswordInput
          id="two-factor-disable-password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'two-factor-disable-password-error' : undefined}
          autoFocus
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" isLoading={disable.isPending}>
          Turn off two-factor sign-in
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={disable.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
