import { zodResolver } from '@hookform/resolvers/zod';
import { createWebhookBodySchema, webhookEventTypes, type CreateWebhookData, type CreateWebhookInput, type Webhook } from '@tasklane/contract';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';

const FORM_ID = 'webhook-form';

/** Events grouped by what they are about, as the form lists them. */
const eventGroups = ['task', 'comment', 'member', 'feature', 'attachment'].map((group) => ({
  group,
  events: webhookEventTypes.filter((type) => type.startsWith(`${group}.`)),
}));

interface WebhookFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The webhook being edited, or null to add one. */
  webhook: Webhook | null;
  isSubmitting: boolean;
  /** The server's refusal (a URL naming a private address, say): its field errors go beside the fields. */
  error: unknown;
  onSubmit: (data: CreateWebhookData) => void;
}

/** Add webhook and Edit webhook: its URL, the events it hears, and whether it is active. */
export function WebhookFormDialog({ open, onOpenChange, webhook, isSubmitting, error, onSubmit }: WebhookFormDialogProps) {
  const ids = useId();
  const form = useForm<CreateWebhookInput, unknown, CreateWebhookData>({
    resolver: zodResolver(createWebhookBodySchema),
    defaultValues: { url: webhook?.url ?? '', events: webhook?.events ?? ['task.created', 'task.updated'], active: webhook?.active ?? true },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!isApiError(error)) return;
    for (const fieldError of error.errors) {
      if (fieldError.field === 'url' || fieldError.field === 'events') form.setError(fieldError.field, { message: fieldError.message }, { shouldFocus: true });
    }
  }, [error, form]);

  const isEditing = webhook !== null;
  const otherError = isApiError(error) && error.errors.length === 0 ? error.serverMessage : undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={isEditing ? 'Edit webhook' : 'Add webhook'}
      description="Tasklane POSTs each chosen event of this project to the URL as JSON, signed with the webhook's secret."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} isLoading={isSubmitting}>
            {isEditing ? 'Save webhook' : 'Add webhook'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate className="space-y-5" onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        <Field label="Payload URL" htmlFor={`${ids}-url`} error={errors.url?.message}>
          <Input
            id={`${ids}-url`}
            type="url"
            placeholder="https://example.com/hooks/tasklane"
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={errors.url ? `${ids}-url-error` : undefined}
            {...form.register('url')}
          />
        </Field>
        <fieldset aria-describedby={errors.events ? `${ids}-events-error` : undefined}>
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Events</legend>
          <div className="mt-2 grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {eventGroups.map(({ group, events }) => (
              <div key={group} className="space-y-1.5">
                {events.map((type) => (
                  <label key={type} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                    <Checkbox value={type} {...form.register('events')} />
                    <span className="font-mono text-xs">{type}</span>
                  </label>
                ))}
              </div>
            ))}
          </div>
          {errors.events && (
            <p id={`${ids}-events-error`} className="mt-2 text-sm text-red-600 dark:text-red-400">
              {errors.events.message ?? errors.events.root?.message}
            </p>
          )}
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Checkbox {...form.register('active')} />
          Active (deliver events; unchecked, it is paused)
        </label>
        {otherError && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {otherError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
