import type { TwoFactorEnrolment } from '@tasklane/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { CopyButton } from './copy-button';
import { QrCode } from './qr-code';

const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app';

/** The key in groups of four, as apps and people read it. */
export const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Step two of turning it on: scan (or type) the key, then prove it with a code. */
export function EnrolmentPanel({
  enrolment,
  accountId,
  onConfirmed,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  accountId: string | undefined;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactor(accountId);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(CODE_REQUIRED);
      return;
    }
    setError(null);
    confirm.mutate(
      { code: digits },
      {
        onSuccess: onConfirmed,
        onError: (failure) => setError(isApiError(failure) && failure.serverMessage ? failure.serverMessage : 'Two-factor sign-in could not be turned on'),
      },
    );
  };

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600 dark:text-slate-400">
        <li>Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy, Aegis...).</li>
        <li>Or type the key into the app by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <QrCode value={enrolment.otpauthUrl} label="QR code for your authenticator app" />
        <div className="min-w-0 space-y-2">
          <p id="two-factor-key-label" className="text-sm font-medium text-slate-700 dark:text-slate-300">
            Key for manual entry
          </p>
          <p
            aria-labelledby="two-factor-key-label"
            data-testid="two-factor-key"
            className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm tracking-wider break-all text-slate-900 select-all dark:bg-slate-800 dark:text-slate-100"
          >
            {groupKey(enrolment.secret)}
          </p>
          <CopyButton text={enrolment.secret} label="Copy key" copiedMessage="Key copied" />
        </div>
      </div>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Code from your app" htmlFor="two-factor-confirm-code" error={error ?? undefined}>
          <Input
            id="two-factor-confirm-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            placeholder="123456"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'two-factor-confirm-code-error' : undefined}
            className="max-w-40 font-mono tracking-widest"
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={confirm.isPending}>
            Confirm and turn on
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
