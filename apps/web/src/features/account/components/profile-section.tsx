import { zodResolver } from '@hookform/resolvers/zod';
import { AVATAR_CONTENT_TYPES, profileFormSchema, type Me, type ProfileForm } from '@tasklane/contract';
import { ImageUp, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { useDeleteAvatar, useUploadAvatar } from '../api/avatar';
import { useUpdateProfile } from '../api/update-profile';
import { avatarFileProblem } from '../lib/avatar-file';
import { applyServerFieldErrors } from '../lib/field-errors';
import { SettingsSection } from './settings-section';

const PROFILE_FIELDS = ['fullName', 'username', 'email'] as const;

function AvatarEditor({ me }: { me: Me }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success('Avatar updated'),
      onError: (error) => toast.error(errorMessage(error, 'Failed to upload the avatar')),
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar person={me} size="lg" />
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          type="file"
          accept={AVATAR_CONTENT_TYPES.join(',')}
          className="sr-only"
          aria-label="Avatar image"
          tabIndex={-1}
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button variant="secondary" isLoading={upload.isPending} onClick={() => input.current?.click()}>
          {!upload.isPending && <ImageUp aria-hidden="true" className="size-4" />}
          {me.avatar ? 'Change picture' : 'Upload picture'}
        </Button>
        {me.avatar && (
          <Button
            variant="ghost"
            isLoading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast.success('Avatar removed'),
                onError: (error) => toast.error(errorMessage(error, 'Failed to remove the avatar')),
              })
            }
          >
            {!remove.isPending && <Trash2 aria-hidden="true" className="size-4" />}
            Remove picture
          </Button>
        )}
      </div>
      <p className="w-full text-sm text-slate-500 dark:text-slate-400">PNG, JPEG or WebP, up to 2 MB. Without one, your initials show.</p>
    </div>
  );
}

export function ProfileSection({ me }: { me: Me }) {
  const updateMutation = useUpdateProfile();
  const { register, handleSubmit, setError, reset, formState } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    values: { fullName: me.fullName, username: me.username, email: me.email },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) => {
    updateMutation.mutate(profileFormSchema.parse(values), {
      onSuccess(updated) {
        toast.success('Profile updated');
        reset({ fullName: updated.fullName, username: updated.username, email: updated.email });
      },
      onError(error) {
        const message = errorMessage(error, 'Failed to update the profile');
        if (!applyServerFieldErrors(error, setError, PROFILE_FIELDS)) {
          // A taken email or username (409) is that field's problem.
          if (/email/i.test(message)) setError('email', { type: 'server', message });
          if (/username/i.test(message)) setError('username', { type: 'server', message });
        }
        toast.error(message);
      },
    });
  });

  const describedBy = (name: keyof ProfileForm) => (errors[name] ? `profile-${name}-error` : undefined);

  return (
    <SettingsSection id="settings-profile" title="Profile" description="How others see you in projects, comments and history.">
      <div className="space-y-6">
        <AvatarEditor me={me} />
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label="Full name" htmlFor="profile-fullName" error={errors.fullName?.message}>
            <Input id="profile-fullName" autoComplete="name" aria-invalid={errors.fullName ? true : undefined} aria-describedby={describedBy('fullName')} {...register('fullName')} />
          </Field>
          <Field label="Username" htmlFor="profile-username" error={errors.username?.message}>
            <Input id="profile-username" autoComplete="username" aria-invalid={errors.username ? true : undefined} aria-describedby={describedBy('username')} {...register('username')} />
          </Field>
          <div className="sm:col-span-2">
            <Field label="Email" htmlFor="profile-email" error={errors.email?.message}>
              <Input id="profile-email" type="email" autoComplete="email" aria-invalid={errors.email ? true : undefined} aria-describedby={describedBy('email')} {...register('email')} />
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" isLoading={updateMutation.isPending} disabled={!formState.isDirty}>
              Save profile
            </Button>
          </div>
        </form>
      </div>
    </SettingsSection>
  );
}
