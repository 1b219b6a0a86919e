import { AlertCircle, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { useCompleteLogin } from '../api/login-second-step';
import { authLinkClassName } from './auth-layout';

/**
 * The second step of a sign-in with two-factor on: the 6-digit code of the authenticator app,
 * or (switched to) one of the recovery codes. `onSignedIn` runs once the session exists.
 */
export function TwoFactorLoginStep({ onSignedIn, onStartOver }: { onSignedIn: () => void; onStartOver: () => void }) {
  const completeLogin = useCompleteLogin();
  const [isRecovery, setIsRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const fieldId = isRecovery ? 'recovery-code' : 'totp-code';

  const switchMode = () => {
    setIsRecovery((recovery) => !recovery);
    setValue('');
    setFieldError(null);
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const typed = value.trim();
    if (!isRecovery && !/^\d{6}$/.test(typed.replace(/\s+/g, ''))) {
      setFieldError('Enter the 6-digit code from your authenticator app');
      return;
    }
    if (isRecovery && !typed) {
      setFieldError('Enter one of your recovery codes');
      return;
    }
    setFieldError(null);
    completeLogin.mutate(isRecovery ? { recoveryCode: typed } : { code: typed.replace(/\s+/g, '') }, {
      onSuccess: onSignedIn,
      onError: (error) => setFailure(isApiError(error) && error.serverMessage ? error.serverMessage : 'Login failed'),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="two-factor-step-heading">
      <div className="flex items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600 dark:text-indigo-400" />
        <div>
          <h2 id="two-factor-step-heading" className="text-base font-semibold text-slate-900 dark:text-white">
            Two-factor sign-in
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {isRecovery
              ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in.'
              : 'Enter the 6-digit code from your authenticator app.'}
          </p>
        </div>
      </div>
      {failure && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{failure}</span>
        </div>
      )}
      <Field label={isRecovery ? 'Recovery code' : 'Authentication code'} htmlFor={fieldId} error={fieldError ?? undefined}>
        <Input
          key={fieldId}
          id={fieldId}
          autoFocus
          {...(isRecovery
            ? { autoComplete: 'off', placeholder: 'xxxx-xxxx-xx', spellCheck: false, autoCapitalize: 'none' }
            : { inputMode: 'numeric' as const, autoComplete: 'one-time-code', placeholder: '123456', maxLength: 7 })}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${fieldId}-error` : undefined}
          className="font-mono tracking-widest"
        />
      </Field>
      <Button type="submit" className="w-full" isLoading={completeLogin.isPending}>
        {completeLogin.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" onClick={switchMode} className={authLinkClassName}>
          {isRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </button>
        <button type="button" onClick={onStartOver} className={authLinkClassName}>
          Start over
        </button>
      </div>
    </form>
  );
}
