import { formatShortDate, type Invite, type InviteStatus } from '@tasklane/contract';
import { MailPlus } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TableBody, TableHead, TableRow, Td, Th } from '@/components/ui/table';
import { QueryFallback } from '@/components/domain/query-state';
import { formatDateTime } from '@/lib/relative-time';
import { useInvites } from '../api/get-invites';
import { useRevokeInvite } from '../api/revoke-invite';
import { InviteForm } from './invite-form';
import { AdminSection } from './section';

const statusTones: Record<InviteStatus, BadgeTone> = { pending: 'blue', used: 'green', expired: 'amber', revoked: 'gray' };
const statusLabels: Record<InviteStatus, string> = { pending: 'Pending', used: 'Used', expired: 'Expired', revoked: 'Revoked' };

function InviteRow({ invite, onRevoke, isRevoking }: { invite: Invite; onRevoke: () => void; isRevoking: boolean }) {
  return (
    <TableRow>
      <Td>{invite.email ?? <span className="text-slate-500 dark:text-slate-400">Anyone</span>}</Td>
      <Td title={formatDateTime(invite.createdAt)}>{formatShortDate(invite.createdAt)}</Td>
      <Td title={invite.expiresAt ? formatDateTime(invite.expiresAt) : undefined}>{invite.expiresAt ? formatDateTime(invite.expiresAt) : 'Never'}</Td>
      <Td>
        <Badge tone={statusTones[invite.status]}>{statusLabels[invite.status]}</Badge>
      </Td>
      <Td className="text-right">
        {invite.status === 'pending' && (
          <Button variant="ghost" className="px-3 py-1.5" isLoading={isRevoking} onClick={onRevoke} aria-label={`Revoke the invite${invite.email ? ` for ${invite.email}` : ''} made ${formatShortDate(invite.createdAt)}`}>
            Revoke
          </Button>
        )}
      </Td>
    </TableRow>
  );
}

/** Invite links: make one, see them all (never their links again), revoke a pending one. */
export function InvitesSection() {
  const query = useInvites();
  const revoke = useRevokeInvite();
  return (
    <AdminSection id="admin-invites" title="Invites" description="Single-use links that register one account, even when registration is invite only or closed.">
      <InviteForm />
      <div className="mt-6">
        {!query.data ? (
          <QueryFallback query={query} loading="Loading invites..." errorMessage="Failed to fetch invites" />
        ) : query.data.length === 0 ? (
          <EmptyState icon={<MailPlus aria-hidden="true" />} title="No invites yet" description="Invites you create are listed here." />
        ) : (
          <Table label="Invites" minWidth="min-w-[640px]">
            <TableHead>
              <Th>Email</Th>
              <Th>Created</Th>
              <Th>Expires</Th>
              <Th>Status</Th>
              <Th className="text-right">
                <span className="sr-only">Actions</span>
              </Th>
            </TableHead>
            <TableBody>
              {query.data.map((invite) => (
                <InviteRow key={invite._id} invite={invite} isRevoking={revoke.isPending && revoke.variables === invite._id} onRevoke={() => revoke.mutate(invite._id)} />
              ))}
            </TableBody>
          </Table>
        )}
      </div>
    </AdminSection>
  );
}
