import { ADMIN_USERS_PAGE_LIMIT_DEFAULT, type AdminUser } from '@tasklane/contract';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { SearchInput } from '@/components/ui/search-input';
import { Table, TableBody, TableHead, Th } from '@/components/ui/table';
import { QueryFallback } from '@/components/domain/query-state';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeleteAdminUser } from '../api/delete-admin-user';
import { useAdminUsers } from '../api/get-admin-users';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { ResetLinkDialog } from './reset-link-dialog';
import { AdminSection } from './section';
import { UserRow, type UserAction } from './user-row';

/** The instance's accounts: search, a page at a time, and what an administrator may do to each. */
export function UsersSection({ currentUserId }: { currentUserId: string }) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [page, setPage] = useState(1);
  const query = useAdminUsers({ page, limit: ADMIN_USERS_PAGE_LIMIT_DEFAULT, search: search || undefined });
  const update = useUpdateAdminUser(currentUserId);
  const remove = useDeleteAdminUser();
  const [resetFor, setResetFor] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  const onAction = (action: UserAction, user: AdminUser) => {
    if (action === 'resetLink') setResetFor(user);
    else if (action === 'delete') setDeleting(user);
    else {
      const change = {
        makeAdmin: { isAdmin: true },
        removeAdmin: { isAdmin: false },
        deactivate: { deactivated: true },
        reactivate: { deactivated: false },
        turnOffTwoFactor: { twoFactorEnabled: false as const },
      }[action];
      update.mutate({ user, change });
    }
  };

  const answer = query.data;
  return (
    <AdminSection id="admin-users" title="Users" description="Everyone with an account on this instance.">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <SearchInput
          className="w-full sm:max-w-xs"
          placeholder="Search name, username or email"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            setPage(1);
          }}
        />
        {answer && (
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {answer.total === 1 ? '1 user' : `${answer.total} users`}
            {search ? ' found' : ''}
          </p>
        )}
      </div>
      {!answer ? (
        <QueryFallback query={query} loading="Loading users..." errorMessage="Failed to fetch users" />
      ) : answer.data.length === 0 ? (
        <EmptyState icon={<Users aria-hidden="true" />} title="No users found" description={search ? 'No account matches this search.' : undefined} />
      ) : (
        <div className="space-y-4">
          <Table label="Users" busy={query.isPlaceholderData} minWidth="min-w-[860px]">
            <TableHead>
              <Th>Name</Th>
              <Th>Email</Th>
              <Th>Created</Th>
              <Th>Last seen</Th>
              <Th>Two-factor</Th>
              <Th className="text-right">
                <span className="sr-only">Actions</span>
              </Th>
            </TableHead>
            <TableBody>
              {answer.data.map((user) => (
                <UserRow
                  key={user._id}
                  user={user}
                  isSelf={user._id === currentUserId}
                  isBusy={(update.isPending && update.variables?.user._id === user._id) || (remove.isPending && remove.variables?._id === user._id)}
                  onAction={onAction}
                />
              ))}
            </TableBody>
          </Table>
          <Pagination page={answer.pagination.page} pages={answer.pagination.total} onPageChange={setPage} label="Users pages" />
        </div>
      )}
      <ResetLinkDialog user={resetFor} onClose={() => setResetFor(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete account"
        message={
          deleting
            ? `Delete ${deleting.fullName}'s account? Their todos, categories and project memberships are deleted, and they can no longer sign in. Tasks, comments and history they wrote stay, shown as "Deleted user". This cannot be undone.`
            : ''
        }
        confirmLabel="Delete account"
        pendingLabel="Deleting..."
        isPending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
      />
    </AdminSection>
  );
}
