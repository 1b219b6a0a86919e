import { formatShortDate, type ApiToken } from '@tasklane/contract';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { QueryState } from '@/components/domain/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TableBody, TableHead, TableRow, Td, Th } from '@/components/ui/table';
import { errorMessage } from '@/lib/errors';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens';
import { ApiTokenForm } from './api-token-form';
import { SettingsSection } from './settings-section';

/** What the revoke asks before scripts using the token are cut off. */
export const REVOKE_TOKEN_MESSAGE = 'Scripts and tools using this token are refused from now on. This cannot be undone.';

const isExpired = (token: ApiToken, now = Date.now()) => token.expiresAt !== null && new Date(token.expiresAt).getTime() <= now;

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  return (
    <TableRow>
      <Td className="font-medium text-slate-900 dark:text-white">{token.name}</Td>
      <Td>
        <Badge tone={token.scope === 'read' ? 'blue' : 'amber'}>{token.scope === 'read' ? 'Read only' : 'Read and write'}</Badge>
      </Td>
      <Td title={formatDateTime(token.createdAt)}>{formatShortDate(token.createdAt)}</Td>
      <Td>
        {token.lastUsedAt ? (
          <time dateTime={token.lastUsedAt} title={formatDateTime(token.lastUsedAt)}>
            {formatRelativeTime(token.lastUsedAt)}
          </time>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">Never</span>
        )}
      </Td>
      <Td title={token.expiresAt ? formatDateTime(token.expiresAt) : undefined}>
        {token.expiresAt === null ? 'Never' : isExpired(token) ? <Badge tone="gray">Expired</Badge> : formatShortDate(token.expiresAt)}
      </Td>
      <Td className="text-right">
        <Button variant="ghost" className="px-3 py-1.5" onClick={onRevoke} aria-label={`Revoke the API token ${token.name}`}>
          Revoke
        </Button>
      </Td>
    </TableRow>
  );
}

/**
 * Personal API tokens (decision 038), for Settings: make one (its secret shown once), see them
 * with their last use (never their secrets again), revoke one behind a confirmation.
 */
export function ApiTokensSection() {
  const tokensQuery = useApiTokens();
  const revoke = useRevokeApiToken();
  // The token asked about stays named while the dialog closes.
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking._id, {
      onSuccess() {
        toast.success(`API token “${revoking.name}” revoked`);
        setIsConfirming(false);
      },
      onError(error) {
        toast.error(errorMessage(error, 'Failed to revoke the API token'));
        setIsConfirming(false);
      },
    });
  };

  return (
    <SettingsSection
      id="settings-api-tokens"
      title="API tokens"
      description={
        <>
          Scripts and other tools call the API as you with <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>. A read-only
          token can only read; a read and write token can do anything you can.
        </>
      }
    >
      <ApiTokenForm />
      <div className="mt-6">
        <QueryState query={tokensQuery} loading="Loading your API tokens..." errorMessage="Failed to load your API tokens">
          {(tokens) =>
            tokens.length === 0 ? (
              <EmptyState icon={<KeyRound aria-hidden="true" />} title="No API tokens yet" description="Tokens you create are listed here." />
            ) : (
              <Table label="Your API tokens" minWidth="min-w-[640px]">
                <TableHead>
                  <Th>Name</Th>
                  <Th>Scope</Th>
                  <Th>Created</Th>
                  <Th>Last used</Th>
                  <Th>Expires</Th>
                  <Th className="text-right">
                    <span className="sr-only">Actions</span>
                  </Th>
                </TableHead>
                <TableBody>
                  {tokens.map((token) => (
                    <TokenRow
                      key={token._id}
                      token={token}
                      onRevoke={() => {
                        setRevoking(token);
                        setIsConfirming(true);
                      }}
                    />
                  ))}
                </TableBody>
              </Table>
            )
          }
        </QueryState>
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={`Revoke the API token “${revoking?.name ?? ''}”?`}
        message={REVOKE_TOKEN_MESSAGE}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        isPending={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </SettingsSection>
  );
}
