import { zodResolver } from '@hookform/resolvers/zod';
import { FORGOT_PASSWORD_MESSAGE, forgotPasswordBodySchema, type ForgotPasswordBody } from '@tasklane/contract';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { AuthHeading } from './auth-layout';
import { AuthIcon } from './auth-icon';
import { FormAlert } from './form-alert';

/**
 * Asks for a reset link by email. Whatever the email, the same confirmation follows (the server
 * answers the same): nobody learns here which emails have accounts.
 */
export function ForgotPasswordForm() {
  const forgotMutation = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({ resolver: zodResolver(forgotPasswordBodySchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(({ email }) => {
    setFailure(null);
    forgotMutation.mutate(
      { email },
      {
        onSuccess: () => setSentTo(email),
        onError(error) {
          console.error('Password reset request failed:', error);
          setFailure(isApiError(error) && error.serverMessage ? error.serverMessage : 'Could not send the request. Please try again.');
        },
      },
    );
  });

  if (sentTo !== null) {
    return (
      <div role="status" className="space-y-3 text-center">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-300">
          <MailCheck aria-hidden="true" className="size-6" />
        </div>
        <AuthHeading title="Check your email" />
        <p className="text-sm text-slate-700 dark:text-slate-300">{FORGOT_PASSWORD_MESSAGE}</p>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Nothing after a few minutes? Check your spam folder, or{' '}
          <button
            type="button"
            onClick={() => setSentTo(null)}
            className="rounded font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:text-indigo-300"
          >
            try again
          </button>
          .
        </p>
      </div>
    );
  }

  return (
    <>
      <AuthIcon />
      <AuthHeading title="Forgot your password?" subtitle="Enter the email of your account and we will send you a link to set a new one." />
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {failure && <FormAlert message={failure} />}
        <Field label="Email" htmlFor="email" error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            autoFocus
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'email-error' : undefined}
            {...register('email')}
          />
        </Field>
        <Button type="submit" className="w-full" isLoading={forgotMutation.isPending}>
          {forgotMutation.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </>
  );
}
