import type { LoginBody } from '@tasklane/contract';
import { AlertCircle } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { takeStaticInput, useIsStaticScreen } from '@/lib/static-screen';
import { useLogin } from '../api/login';
import { readReturnTo } from '../lib/return-to';
import { authLinkClassName } from './auth-layout';

// The second step of a two-factor sign-in loads only when asked for (started with the first
// step's request): most sign-ins never need it, and the sign-in page's script stays smaller.
const loadSecondStep = () => import('./two-factor-login-step');
const TwoFactorLoginStep = lazy(() => loadSecondStep().then((module) => ({ default: module.TwoFactorLoginStep })));

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const loginMutation = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  // A right password of an account with two-factor sign-in: the code is asked for next.
  const [needsCode, setNeedsCode] = useState(false);
  const {
    register,
    handleSubmit,
    resetField,
    setValue,
    formState: { errors },
  } = useForm<LoginBody>({ defaultValues: { email: '', password: '' } });
  const isStatic = useIsStaticScreen();

  // What was typed into the page's HTML form before this script ran (lib/static-screen.ts) is
  // kept, and the field that had the focus keeps it, within this commit.
  useLayoutEffect(() => {
    for (const name of ['email', 'password'] as const) {
      const typed = takeStaticInput(name);
      if (typed) setValue(name, typed);
    }
  }, [setValue]);

  const signedIn = () => {
    toast.success('Login successful!');
    void navigate(readReturnTo(location.state), { replace: true });
  };

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    void loadSecondStep();
    loginMutation.mutate({ email: values.email.trim(), password: values.password }, {
      onSuccess(answer) {
        if ('twoFactorRequired' in answer) {
          setNeedsCode(true);
          return;
        }
        signedIn();
      },
      onError(error) {
        console.error('Login failed:', error);
        setFailure(isApiError(error) && error.serverMessage ? error.serverMessage : 'Login failed');
      },
    });
  });

  if (needsCode) {
    return (
      <Suspense fallback={<Spinner className="mx-auto size-6 text-indigo-600" />}>
        <TwoFactorLoginStep
          onSignedIn={signedIn}
          onStartOver={() => {
            resetField('password');
            setNeedsCode(false);
          }}
        />
      </Suspense>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{failure}</span>
        </div>
      )}
      <Field label="Email" htmlFor="email" error={errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'email-error' : undefined}
          {...register('email', { validate: (value) => value.trim() !== '' || 'Email is required' })}
        />
      </Field>
      <div className="space-y-1.5">
        <div className="flex items-center justify-between">
          <label htmlFor="password" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            Password
          </label>
          <Link to={paths.forgotPassword.href()} className={`text-sm ${authLinkClassName}`}>
            Forgot password?
          </Link>
        </div>
        <PasswordInput
          id="password"
          autoComplete="current-password"
          placeholder="Your password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'password-error' : undefined}
          {...register('password', { required: 'Password is required' })}
        />
        {errors.password && (
          <p id="password-error" className="text-sm text-red-600 dark:text-red-400">
            {errors.password.message}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={isStatic} isLoading={loginMutation.isPending}>
        {loginMutation.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Don&apos;t have an account?{' '}
        <Link to={paths.register.href()} className={authLinkClassName}>
          Sign up
        </Link>
      </p>
    </form>
  );
}
