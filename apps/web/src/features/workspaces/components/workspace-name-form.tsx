import { zodResolver } from '@hookform/resolvers/zod';
import { workspaceBodySchema } from '@tasklane/contract';
import { AlertCircle } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isBlankName } from '../lib/workspace-display';

export interface WorkspaceNameFormProps {
  defaultName?: string;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** A failure to show under the field; typing clears it (SPEC 5). */
  error: string | null;
  onErrorClear: () => void;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** The one field of the workspace dialogs: Workspace Name, with Cancel and the submit button. */
export function WorkspaceNameForm({
  defaultName = '',
  submitLabel,
  pendingLabel,
  isPending,
  error,
  onErrorClear,
  onSubmit,
  onCancel,
}: WorkspaceNameFormProps) {
  const { register, handleSubmit, control } = useForm({
    resolver: zodResolver(workspaceBodySchema),
    defaultValues: { name: defaultName },
  });
  const name = useWatch({ control, name: 'name' });

  const submit = handleSubmit(
    (values) => onSubmit(values.name),
    // SPEC 5: a blank name is refused with a toast ('Workspace name is required').
    (errors) => {
      if (errors.name?.message) toast.error(errors.name.message);
    },
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label="Workspace Name" htmlFor="workspace-name">
        <Input
          id="workspace-name"
          autoFocus
          autoComplete="off"
          maxLength={100}
          placeholder="Enter workspace name"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'workspace-name-failure' : undefined}
          // The submit button is disabled while the name is blank, so Enter would do nothing:
          // say why instead (the toast of SPEC 5).
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || !isBlankName(name)) return;
            event.preventDefault();
            void submit();
          }}
          {...register('name', { onChange: () => error && onErrorClear() })}
        />
      </Field>
      {error && (
        <p
          id="workspace-name-failure"
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
      <DialogFooter className="pt-2">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending} disabled={isBlankName(name)}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
