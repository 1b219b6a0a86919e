import type { MemberRole, Project } from '@tasklane/contract';
import { UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, useErrorMessage } from '@/lib/errors';
import { formatEnum } from '@/lib/format';
import { useAddMember } from '../api/add-member';
import { useUsers } from '../api/get-users';
import { rolesForNewMember, usersToAdd } from '../lib/member-rules';

/** Everyone who is not yet in the project, searchable, each with an Add button; the role is chosen above. */
export function AddMemberPicker({ project }: { project: Project }) {
  const usersQuery = useUsers();
  const addMutation = useAddMember();
  const roles = rolesForNewMember(project);
  const [role, setRole] = useState<MemberRole>(roles.includes('MEMBER') ? 'MEMBER' : (roles[0] ?? 'MEMBER'));
  const [search, setSearch] = useState('');

  const failure = useErrorMessage(usersQuery.error, 'Failed to load users');
  useEffect(() => {
    if (failure) toast.error(failure, { id: 'users-fetch' });
  }, [failure]);

  const candidates = usersToAdd(usersQuery.data ?? [], project.members, search);
  const everyoneIsIn = usersToAdd(usersQuery.data ?? [], project.members).length === 0;

  return (
    <section aria-labelledby="add-member-heading" className="space-y-3">
      <h3 id="add-member-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
        Add people
      </h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <Field label="Search users" htmlFor="member-search">
          <SearchInput
            id="member-search"
            autoFocus
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Name, username or email"
            aria-label="Search users"
          />
        </Field>
        <Field label="Role" htmlFor="new-member-role">
          <Select
            id="new-member-role"
            value={role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
            options={roles.map((value) => ({ value, label: formatEnum(value) }))}
          />
        </Field>
      </div>
      {usersQuery.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-slate-500 dark:text-slate-400">
          <Spinner className="size-4" /> Loading users...
        </div>
      ) : failure ? (
        <ErrorState message={failure} onRetry={() => void usersQuery.refetch()} isRetrying={usersQuery.isFetching} />
      ) : candidates.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          {everyoneIsIn ? 'Everyone is already a member of this project' : 'No users match your search'}
        </p>
      ) : (
        <ul
          aria-label="Users to add"
          className="max-h-64 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {candidates.map((user) => {
            const isAdding = addMutation.isPending && addMutation.variables.userId === user._id;
            return (
              <li key={user._id} className="flex items-center gap-3 px-3 py-2.5">
                <Avatar person={user} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{user.fullName}</p>
                  <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                    @{user.username} · {user.email}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  className="px-3 py-1.5"
                  aria-label={`Add ${user.fullName}`}
                  isLoading={isAdding}
                  disabled={addMutation.isPending}
                  onClick={() =>
                    addMutation.mutate(
                      { project, userId: user._id, role },
                      {
                        onSuccess: (response) => void toast.success(response.message || `${user.fullName} added to project successfully!`),
                        onError: (error) => void toast.error(errorMessage(error, 'Failed to add member')),
                      },
                    )
                  }
                >
                  {!isAdding && <UserPlus aria-hidden="true" className="size-4" />}
                  Add
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
