import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, type ChangePasswordForm } from '@tasklane/contract';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage } from '@/lib/errors';
import { useChangePassword } from '../api/change-password';
import { applyServerFieldErrors } from '../lib/field-errors';
import { SettingsSection } from './settings-section';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordSection() {
  const changeMutation = useChangePassword();
  const { register, handleSubmit, setError, reset, formState } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    changeMutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess() {
          toast.success('Password changed. Your other sessions have been signed out.');
          reset(EMPTY);
        },
        onError(error) {
          if (!applyServerFieldErrors(error, setError, ['currentPassword', 'newPassword'])) {
            toast.error(errorMessage(error, 'Failed to change the password'));
          }
        },
      },
    );
  });

  const props = (name: keyof ChangePasswordForm) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `password-${name}-error` : undefined,
  });

  return (
    <SettingsSection
      id="settings-password"
      title="Password"
      description="At least 8 characters, and not one of the most common passwords. Changing it signs out your other sessions."
    >
      <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
        <Field label="Current password" htmlFor="password-currentPassword" error={errors.currentPassword?.message}>
          <PasswordInput id="password-currentPassword" autoComplete="current-password" {...props('currentPassword')} {...register('currentPassword')} />
        </Field>
        <Field label="New password" htmlFor="password-newPassword" error={errors.newPassword?.message}>
          <PasswordInput id="password-newPassword" autoComplete="new-password" {...props('newPassword')} {...register('newPassword')} />
        </Field>
        <Field label="Confirm new password" htmlFor="password-confirmPassword" error={errors.confirmPassword?.message}>
          <PasswordInput id="password-confirmPassword" autoComplete="new-password" {...props('confirmPassword')} {...register('confirmPassword')} />
        </Field>
        <div>
          <Button type="submit" isLoading={changeMutation.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
