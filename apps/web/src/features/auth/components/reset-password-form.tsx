import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema, type ResetPasswordForm as ResetPasswordFormValues } from '@tasklane/contract';
import { Check, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { isApiError } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { FormAlert } from './form-alert';

export type ResetOutcome = { kind: 'changed'; message: string } | { kind: 'invalid-link'; message: string };

/**
 * The new password and its confirmation, with the register form's rules and live match
 * indicator. A link the server refuses (unknown, used or expired) ends the form: `onDone` says so.
 */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: (outcome: ResetOutcome) => void }) {
  const resetMutation = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, control, setFocus, formState } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const doPasswordsMatch = password === confirmPassword;
  const { errors } = formState;

  useEffect(() => setFocus('password'), [setFocus]);

  const onSubmit = handleSubmit(({ password: newPassword }) => {
    setFailure(null);
    resetMutation.mutate(
      { token, password: newPassword },
      {
        onSuccess: (answer) => onDone({ kind: 'changed', message: answer.message }),
        onError(error) {
          console.error('Password reset failed:', error);
          const message = isApiError(error) && error.serverMessage ? error.serverMessage : 'Could not change the password. Please try again.';
          // The link itself was refused: asking again is the way on. A refused password is the form's to fix.
          const isLinkRefused = isApiError(error) && error.status === 400 && error.errors.some((field) => field.field === 'token');
          if (isLinkRefused) onDone({ kind: 'invalid-link', message });
          else setFailure(message);
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure && <FormAlert message={failure} />}
      <Field label="New password" htmlFor="password" error={errors.password?.message}>
        <PasswordInput
          id="password"
          autoComplete="new-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'password-error' : undefined}
          {...register('password')}
        />
      </Field>
      <Field label="Confirm password" htmlFor="confirmPassword">
        <PasswordInput
          id="confirmPassword"
          autoComplete="new-password"
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby="password-match"
          {...register('confirmPassword')}
        />
      </Field>
      <p id="password-match" aria-live="polite" className="min-h-5 text-sm">
        {confirmPassword &&
          (doPasswordsMatch ? (
            <span className="inline-flex items-center gap-1 text-emerald-600 dark:text-emerald-400">
              <Check aria-hidden="true" className="size-4" />
              Passwords match
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 text-red-600 dark:text-red-400">
              <X aria-hidden="true" className="size-4" />
              Passwords do not match
            </span>
          ))}
      </p>
      <Button type="submit" className="w-full" isLoading={resetMutation.isPending} disabled={resetMutation.isPending || !doPasswordsMatch}>
        {resetMutation.isPending ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
