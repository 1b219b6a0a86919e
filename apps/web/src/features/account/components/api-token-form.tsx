import { zodResolver } from '@hookform/resolvers/zod';
import { API_TOKEN_NAME_MAX, createApiTokenFormSchema, type CreateApiTokenForm, type CreatedApiToken } from '@tasklane/contract';
import { Check, Copy, KeyRound, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useCreateApiToken } from '../api/api-tokens';
import { applyServerFieldErrors } from '../lib/field-errors';
import { endOfLocalDay, todayInputValue } from '@/lib/date-input';

const EMPTY: CreateApiTokenForm = { name: '', scope: 'read', expiresOn: '' };

export const SCOPE_OPTIONS = [
  { value: 'read', label: 'Read only' },
  { value: 'read-write', label: 'Read and write' },
] as const;

/** The new token's secret, shown this once: a read-only field (selected on focus), Copy, and the warning. */
function NewTokenSecret({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      setIsCopied(true);
      setAnnouncement('API token copied to the clipboard');
    } catch {
      // No clipboard (an insecure origin, a refusal): select it for Ctrl+C instead.
      input.current?.select();
      setAnnouncement('Press Ctrl+C to copy the selected token');
    }
  };
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900 dark:bg-emerald-950/40">
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          New API token “{token.name}”
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input ref={input} id={id} readOnly value={token.token} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
          <div className="flex shrink-0 gap-2">
            <Button variant="secondary" onClick={() => void copy()} aria-label={isCopied ? 'API token copied' : 'Copy the API token'}>
              {isCopied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
              {isCopied ? 'Copied' : 'Copy'}
            </Button>
            <Button variant="secondary" onClick={onDone}>
              Done
            </Button>
          </div>
        </div>
      </div>
      <p className="mt-2 flex items-start gap-2 text-sm text-emerald-900 dark:text-emerald-200">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Copy it now: it will not be shown again. Anyone who has it can act as you{token.scope === 'read' ? ' (read only)' : ''}, so keep it as secret as a password.
      </p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** Makes a token (name, scope, optional expiry) and shows its secret this once. */
export function ApiTokenForm() {
  const id = useId();
  const create = useCreateApiToken();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<CreateApiTokenForm>({
    resolver: zodResolver(createApiTokenFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(({ name, scope, expiresOn }) => {
    create.mutate(
      { name, scope, expiresAt: endOfLocalDay(expiresOn) },
      {
        onSuccess(token) {
          setCreated(token);
          reset(EMPTY);
        },
        onError(error) {
          const landed = applyServerFieldErrors(error, setError, ['name', 'scope']);
          const expiryError = expiryErrorOf(error);
          if (expiryError) setError('expiresOn', { type: 'server', message: expiryError }, { shouldFocus: !landed });
          else if (!landed) toast.error(errorMessage(error, 'Failed to create the API token'));
        },
      },
    );
  });

  const describedBy = (name: keyof CreateApiTokenForm) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={onSubmit} className="grid items-start gap-3 sm:grid-cols-[1fr_11rem_11rem]" aria-label="Create an API token">
        <Field label="Token name" htmlFor={`${id}-name`} error={errors.name?.message}>
          <Input id={`${id}-name`} placeholder="Backup script" maxLength={API_TOKEN_NAME_MAX} autoComplete="off" {...describedBy('name')} {...register('name')} />
        </Field>
        <Field label="Scope" htmlFor={`${id}-scope`} error={errors.scope?.message}>
          <Select id={`${id}-scope`} options={SCOPE_OPTIONS} {...describedBy('scope')} {...register('scope')} />
        </Field>
        <Field label="Expires (optional)" htmlFor={`${id}-expiresOn`} error={errors.expiresOn?.message}>
          <Input id={`${id}-expiresOn`} type="date" min={todayInputValue()} {...describedBy('expiresOn')} {...register('expiresOn')} />
        </Field>
        <div className="sm:col-span-3">
          <Button type="submit" isLoading={create.isPending}>
            {!create.isPending && <KeyRound aria-hidden="true" className="size-4" />}
            Create token
          </Button>
        </div>
      </form>
      {created && <NewTokenSecret key={created._id} token={created} onDone={() => setCreated(null)} />}
    </div>
  );
}

/** The server's word on the expiry (sent as `expiresAt`), shown under the date field. */
const expiryErrorOf = (error: unknown) => (isApiError(error) ? error.errors.find((item) => item.field === 'expiresAt')?.message : undefined);
