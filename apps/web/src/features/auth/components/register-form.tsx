import { zodResolver } from '@hookform/resolvers/zod';
import { registerBodySchema, registerFormSchema } from '@tasklane/contract';
import { ArrowLeft, ArrowRight, Check, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useRegister } from '../api/register';
import { AuthHeading, authLinkClassName } from './auth-layout';
import { StepDots } from './step-dots';

const stepOneSchema = registerBodySchema.pick({ username: true, fullName: true, email: true });
const fieldOrder = ['username', 'fullName', 'email', 'password', 'confirmPassword'] as const;

/** SPEC 5: one toast per failing field, all shown together. */
function toastEach(messages: Array<string | undefined>) {
  for (const message of messages) if (message) toast.error(message);
}

/** `inviteToken`: the invite link's, sent with the registration; `invitedEmail`: the one email that invite registers. */
export function RegisterForm({ inviteToken, invitedEmail }: { inviteToken?: string; invitedEmail?: string } = {}) {
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const [step, setStep] = useState<1 | 2>(1);
  const { register, handleSubmit, getValues, setFocus, control, formState } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', fullName: '', email: invitedEmail ?? '', password: '', confirmPassword: '' },
  });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const doPasswordsMatch = password === confirmPassword;
  const invalid = (name: keyof typeof formState.errors) => (formState.errors[name] ? true : undefined);

  useEffect(() => {
    if (step === 2) setFocus('password');
  }, [step, setFocus]);

  const goToStepTwo = () => {
    const result = stepOneSchema.safeParse(getValues());
    if (result.success) {
      setStep(2);
      return;
    }
    const firstByField = new Map<string, string>();
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!firstByField.has(field)) firstByField.set(field, issue.message);
    }
    toastEach(fieldOrder.map((field) => firstByField.get(field)));
  };

  const onInvalid = (errors: FieldErrors<{ [K in (typeof fieldOrder)[number]]: string }>) => {
    toastEach(fieldOrder.map((field) => errors[field]?.message));
  };

  const submit = handleSubmit(({ username, fullName, email, password: newPassword }) => {
    registerMutation.mutate(
      { username, fullName, email, password: newPassword, ...(inviteToken ? { inviteToken } : {}) },
      {
        onSuccess() {
          toast.success('Registration successful!');
          void navigate(paths.login.href());
        },
        onError(error) {
          console.error('Registration failed:', error);
          toast.error(isApiError(error) && error.serverMessage ? error.serverMessage : 'Registration failed');
        },
      },
    );
  }, onInvalid);

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        if (step === 1) {
          event.preventDefault();
          goToStepTwo();
        } else {
          void submit(event);
        }
      }}
    >
      <StepDots current={step} total={2} />
      {step === 1 ? (
        <>
          <AuthHeading title="Join Us" subtitle="Create your Tasklane account" />
          {inviteToken && (
            <p role="status" className="rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-800 dark:bg-indigo-500/10 dark:text-indigo-200">
              You were invited to this Tasklane{invitedEmail ? ` as ${invitedEmail}` : ''}.
            </p>
          )}
          <Field label="Username" htmlFor="username">
            <Input id="username" autoComplete="username" placeholder="jane.doe" aria-invalid={invalid('username')} {...register('username')} />
          </Field>
          <Field label="Full name" htmlFor="fullName">
            <Input id="fullName" autoComplete="name" placeholder="Jane Doe" aria-invalid={invalid('fullName')} {...register('fullName')} />
          </Field>
          <Field label="Email" htmlFor="email">
            <Input
              id="email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              readOnly={invitedEmail !== undefined}
              aria-invalid={invalid('email')}
              {...register('email')}
            />
          </Field>
          <Button type="submit" className="w-full">
            Next Step
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        </>
      ) : (
        <>
          <AuthHeading title="Secure Your Account" subtitle="Choose a password of at least 8 characters" />
          <Field label="Password" htmlFor="password">
            <PasswordInput id="password" autoComplete="new-password" aria-invalid={invalid('password')} {...register('password')} />
          </Field>
          <Field label="Confirm password" htmlFor="confirmPassword">
            <PasswordInput
              id="confirmPassword"
              autoComplete="new-password"
              aria-invalid={invalid('confirmPassword')}
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
          <div className="flex gap-3">
            <Button variant="secondary" className="flex-1" onClick={() => setStep(1)} disabled={registerMutation.isPending}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back
            </Button>
            <Button
              type="submit"
              className="flex-1"
              isLoading={registerMutation.isPending}
              disabled={registerMutation.isPending || !doPasswordsMatch}
            >
              Register
            </Button>
          </div>
        </>
      )}
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{' '}
        <Link to={paths.login.href()} className={authLinkClassName}>
          Sign in
        </Link>
      </p>
    </form>
  );
}
