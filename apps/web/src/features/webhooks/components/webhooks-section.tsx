import type { Webhook } from '@tasklane/contract';
import { ChevronDown, ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage, useErrorMessage } from '@/lib/errors';
import { useWebhooks } from '../api/get-webhooks';
import { useCreateWebhook, useDeleteWebhook, useRotateWebhookSecret, useTestWebhook, useUpdateWebhook } from '../api/webhook-mutations';
import { SecretRevealDialog } from './secret-reveal';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookFormDialog } from './webhook-form-dialog';

/**
 * A project's webhooks (issue 20), for its ADMINs: list, add, edit, pause and resume, delete,
 * send a test, rotate the secret (shown once, as on creation) and each one's recent deliveries
 * with Redeliver. Loaded lazily by the project page, only for those it shows it to.
 */
export default function WebhooksSection({ projectId }: { projectId: string }) {
  const query = useWebhooks(projectId);
  const failure = useErrorMessage(query.error, 'Failed to fetch webhooks');
  const create = useCreateWebhook(projectId);
  const update = useUpdateWebhook(projectId);
  const remove = useDeleteWebhook(projectId);
  const rotate = useRotateWebhookSecret(projectId);
  const test = useTestWebhook(projectId);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [openDeliveries, setOpenDeliveries] = useState<Set<string>>(new Set());

  const saving = editing === 'new' ? create : update;
  const closeForm = () => {
    setEditing(null);
    create.reset();
    update.reset();
  };
  const toggleDeliveries = (id: string) =>
    setOpenDeliveries((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600 dark:text-slate-400">
          Tell other systems what changes in this project: each chosen event is POSTed as JSON to the URL, signed with the webhook's secret
          (X-Tasklane-Signature-256). Failed deliveries are retried for a day; a webhook failing that long is paused.
        </p>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          Add webhook
        </Button>
      </div>

      {query.isPending && <p className="text-sm text-slate-500 dark:text-slate-400">Loading webhooks...</p>}
      {failure && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {failure}
        </p>
      )}
      {query.data?.length === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">No webhooks yet.</p>}

      <ul aria-label="Webhooks" className="space-y-3">
        {query.data?.map((webhook) => {
          const isOpen = openDeliveries.has(webhook._id);
          const deliveriesId = `webhook-deliveries-${webhook._id}`;
          return (
            <li key={webhook._id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-label={`Webhook ${webhook.url}`}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="break-all font-mono text-sm text-slate-900 dark:text-white">{webhook.url}</p>
                  <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{webhook.events.join(', ')}</p>
                  <div className="mt-2">
                    {webhook.active ? (
                      <Badge tone="green">Active</Badge>
                    ) : webhook.pausedReason === 'FAILING' ? (
                      <Badge tone="red">Paused: failing for a day</Badge>
                    ) : (
                      <Badge tone="slate">Paused</Badge>
                    )}
                  </div>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(webhook)} aria-label={`Edit webhook ${webhook.url}`}>
                    Edit
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5"
                    aria-label={`${webhook.active ? 'Pause' : 'Resume'} webhook ${webhook.url}`}
                    isLoading={update.isPending && update.variables?.webhookId === webhook._id && editing === null}
                    onClick={() =>
                      update.mutate(
                        { webhookId: webhook._id, body: { active: !webhook.active } },
                        { onError: (error) => toast.error(errorMessage(error, 'Failed to update webhook')) },
                      )
                    }
                  >
                    {webhook.active ? 'Pause' : 'Resume'}
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5"
                    aria-label={`Send test to ${webhook.url}`}
                    isLoading={test.isPending && test.variables === webhook._id}
                    onClick={() =>
                      test.mutate(webhook._id, {
                        onSuccess: () => {
                          toast.success('Test delivery queued');
                          setOpenDeliveries((open) => new Set(open).add(webhook._id));
                        },
                        onError: (error) => toast.error(errorMessage(error, 'Failed to send a test')),
                      })
                    }
                  >
                    Send test
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5"
                    aria-label={`Rotate secret of ${webhook.url}`}
                    isLoading={rotate.isPending && rotate.variables === webhook._id}
                    onClick={() =>
                      rotate.mutate(webhook._id, {
                        onSuccess: (rotated) => setSecret(rotated.secret),
                        onError: (error) => toast.error(errorMessage(error, 'Failed to rotate the secret')),
                      })
                    }
                  >
                    Rotate secret
                  </Button>
                  <Button variant="danger" className="px-3 py-1.5" onClick={() => setDeleting(webhook)} aria-label={`Delete webhook ${webhook.url}`}>
                    Delete
                  </Button>
                </div>
              </div>
              <button
                type="button"
                className="mt-3 inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
                aria-expanded={isOpen}
                aria-controls={deliveriesId}
                onClick={() => toggleDeliveries(webhook._id)}
              >
                {isOpen ? <ChevronDown aria-hidden="true" className="size-4" /> : <ChevronRight aria-hidden="true" className="size-4" />}
                Recent deliveries
              </button>
              {isOpen && (
                <div id={deliveriesId} className="mt-3">
                  <WebhookDeliveries projectId={projectId} webhookId={webhook._id} label={`Deliveries of ${webhook.url}`} />
                </div>
              )}
            </li>
          );
        })}
      </ul>

      {editing !== null && (
        <WebhookFormDialog
          open
          onOpenChange={(open) => !open && closeForm()}
          webhook={editing === 'new' ? null : editing}
          isSubmitting={saving.isPending}
          error={saving.error}
          onSubmit={(data) => {
            if (editing === 'new') {
              create.mutate(data, {
                onSuccess: (created) => {
                  closeForm();
                  toast.success('Webhook added');
                  setSecret(created.secret);
                },
              });
            } else {
              update.mutate(
                { webhookId: editing._id, body: data },
                {
                  onSuccess: () => {
                    closeForm();
                    toast.success('Webhook saved');
                  },
                },
              );
            }
          }}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete webhook"
        message={`Delete the webhook to ${deleting?.url ?? ''}? Its deliveries go too, and nothing more is sent to it.`}
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success('Webhook deleted');
            },
            onError: (error) => toast.error(errorMessage(error, 'Failed to delete webhook')),
          })
        }
      />
      <SecretRevealDialog secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
