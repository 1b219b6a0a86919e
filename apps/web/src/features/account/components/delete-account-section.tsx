import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { useDeleteAccount } from '../api/delete-account';
import { SettingsSection } from './settings-section';

export function DeleteAccountSection() {
  const navigate = useNavigate();
  const deleteMutation = useDeleteAccount();
  const [isOpen, setIsOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = (open: boolean) => {
    if (deleteMutation.isPending) return;
    setIsOpen(open);
    if (!open) {
      setPassword('');
      setProblem(null);
    }
  };

  const confirm = () => {
    if (!password) {
      setProblem('Password is required');
      return;
    }
    setProblem(null);
    deleteMutation.mutate(
      { password },
      {
        onSuccess: () => void navigate(paths.login.href(), { replace: true }),
        onError: (error) => setProblem(errorMessage(error, 'Failed to delete the account')),
      },
    );
  };

  return (
    <SettingsSection
      id="settings-delete"
      title="Delete account"
      description="Your todos and categories are deleted, and so are workspaces and projects nobody else uses. Tasks, comments and history you wrote in shared projects stay, by “Deleted user”. This cannot be undone."
    >
      <Button variant="danger" onClick={() => setIsOpen(true)}>
        Delete my account
      </Button>
      <Dialog
        open={isOpen}
        onOpenChange={close}
        title="Delete your account?"
        description="Enter your password to confirm. You will be signed out everywhere."
        footer={
          <>
            <Button variant="secondary" disabled={deleteMutation.isPending} onClick={() => close(false)}>
              Cancel
            </Button>
            <Button variant="danger" isLoading={deleteMutation.isPending} onClick={confirm}>
              Delete my account
            </Button>
          </>
        }
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <Field label="Password" htmlFor="delete-account-password" error={problem ?? undefined}>
            <PasswordInput
              id="delete-account-password"
              autoComplete="current-password"
              value={password}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'delete-account-password-error' : undefined}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
        </form>
      </Dialog>
    </SettingsSection>
  );
}
