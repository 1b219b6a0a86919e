import type { WebhookDelivery } from '@tasklane/contract';
import toast from 'react-hot-toast';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableHead, TableRow, Td, Th } from '@/components/ui/table';
import { errorMessage, useErrorMessage } from '@/lib/errors';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRedeliver } from '../api/webhook-mutations';

const statusTones: Record<WebhookDelivery['status'], BadgeTone> = { PENDING: 'amber', SUCCEEDED: 'green', FAILED: 'red' };
const statusLabels: Record<WebhookDelivery['status'], string> = { PENDING: 'Pending', SUCCEEDED: 'Delivered', FAILED: 'Failed' };

/** A webhook's newest deliveries (at most 100): status, the receiver's answer, duration and time, each with Redeliver. */
export function WebhookDeliveries({ projectId, webhookId, label }: { projectId: string; webhookId: string; label: string }) {
  const query = useWebhookDeliveries(projectId, webhookId);
  const redeliver = useRedeliver(projectId, webhookId);
  const failure = useErrorMessage(query.error, 'Failed to fetch deliveries');

  if (query.isPending) return <p className="text-sm text-slate-500 dark:text-slate-400">Loading deliveries...</p>;
  if (failure) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {failure}{' '}
        <Button variant="ghost" className="px-2 py-1" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </p>
    );
  }
  const deliveries = query.data ?? [];
  if (deliveries.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">No deliveries yet. Send a test, or change something in the project.</p>;
  return (
    <Table label={label} minWidth="min-w-[640px]">
      <TableHead>
        <Th>Event</Th>
        <Th>Status</Th>
        <Th>Response</Th>
        <Th>Duration</Th>
        <Th>Time</Th>
        <Th>
          <span className="sr-only">Actions</span>
        </Th>
      </TableHead>
      <TableBody>
        {deliveries.map((delivery) => (
          <TableRow key={delivery._id}>
            <Td className="font-mono text-xs">
              {delivery.event}
              {delivery.redeliveryOf && <span className="ml-1 font-sans text-slate-500 dark:text-slate-400">(redelivery)</span>}
            </Td>
            <Td>
              <Badge tone={statusTones[delivery.status]}>{statusLabels[delivery.status]}</Badge>
              {delivery.error && <p className="mt-1 max-w-xs break-words text-xs text-slate-500 dark:text-slate-400">{delivery.error}</p>}
            </Td>
            <Td>{delivery.responseCode ?? '—'}</Td>
            <Td>{delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}</Td>
            <Td>
              <time dateTime={delivery.lastAttemptAt ?? delivery.createdAt} title={formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}>
                {formatRelativeTime(delivery.lastAttemptAt ?? delivery.createdAt)}
              </time>
            </Td>
            <Td className="text-right">
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                aria-label={`Redeliver ${delivery.event} delivery of ${formatDateTime(delivery.createdAt)}`}
                isLoading={redeliver.isPending && redeliver.variables === delivery._id}
                onClick={() =>
                  redeliver.mutate(delivery._id, {
                    onSuccess: () => toast.success('Redelivery queued'),
                    onError: (error) => toast.error(errorMessage(error, 'Failed to redeliver')),
                  })
                }
              >
                Redeliver
              </Button>
            </Td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
