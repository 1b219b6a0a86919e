import type { TwoFactorEnrolment } from '@tasklane/contract';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useTwoFactorStatus } from '../api/account-status';
import { useEnrolTwoFactor } from '../api/enrol-two-factor';
import { DisablePanel } from './disable-panel';
import { EnrolmentPanel } from './enrolment-panel';
import { RecoveryCodesPanel } from './recovery-codes-panel';

type Stage = { name: 'status' } | { name: 'enrolling'; enrolment: TwoFactorEnrolment } | { name: 'codes'; codes: string[] } | { name: 'disabling' };

/**
 * The settings section for two-factor sign-in (issue 16): off, it walks through turning it on
 * (QR code and key, a code to confirm, the recovery codes once); on, it turns it off with the
 * password. It reads the state from the signed-in user and refreshes it after each change.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const enrol = useEnrolTwoFactor();
  const [stage, setStage] = useState<Stage>({ name: 'status' });
  const [failure, setFailure] = useState<string | null>(null);
  const toStatus = () => setStage({ name: 'status' });

  const start = () => {
    setFailure(null);
    enrol.mutate(undefined, {
      onSuccess: (enrolment) => setStage({ name: 'enrolling', enrolment }),
      onError: (error) => setFailure(isApiError(error) && error.serverMessage ? error.serverMessage : 'Two-factor setup could not start'),
    });
  };

  return (
    <Card className="p-6">
      <section aria-labelledby="two-factor-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Two-factor sign-in
          </h2>
          {!status.isLoading && stage.name !== 'codes' && (
            <Badge tone={status.isEnabled ? 'green' : 'slate'}>
              {status.isEnabled ? 'On' : 'Off'}
            </Badge>
          )}
        </div>
        {status.isLoading && <Spinner className="size-5 text-slate-400" />}
        {!status.isLoading && stage.name === 'status' && (
          <div className="space-y-4">
            <p className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-400">
              {status.isEnabled ? (
                <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              ) : (
                <ShieldOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              )}
              {status.isEnabled
                ? 'Signing in asks for a code from your authenticator app, or one of your recovery codes.'
                : 'Protect your account with a second step at sign-in: a code from an authenticator app on your phone.'}
            </p>
            {failure && (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {failure}
              </p>
            )}
            {status.isEnabled ? (
              <Button variant="secondary" onClick={() => setStage({ name: 'disabling' })}>
                Turn off
              </Button>
            ) : (
              <Button onClick={start} isLoading={enrol.isPending}>
                Turn on two-factor sign-in
              </Button>
            )}
          </div>
        )}
        {stage.name === 'enrolling' && (
          <EnrolmentPanel
            enrolment={stage.enrolment}
            accountId={status.accountId}
            onConfirmed={(codes) => setStage({ name: 'codes', codes })}
            onCancel={toStatus}
          />
        )}
        {stage.name === 'codes' && <RecoveryCodesPanel codes={stage.codes} onDone={toStatus} />}
        {stage.name === 'disabling' && <DisablePanel accountId={status.accountId} onDone={toStatus} />}
      </section>
    </Card>
  );
}
