import type { MemberRole, Project, User } from '@tasklane/contract';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { QueryState } from '@/components/domain/query-state';
import { Field } from '@/components/ui/field';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, useErrorMessage } from '@/lib/errors';
import { formatEnum } from '@/lib/format';
import { useAddMember } from '../api/add-member';
import { useUsers } from '../api/get-users';
import { rolesForNewMember, usersToAdd } from '../lib/member-rules';
import { CandidateRow, candidateListClassName, pickerNoteClassName } from './candidate-row';
import { FindMember } from './find-member';

/**
 * Add people: the role they get, the people the caller already works with (sharing a workspace
 * or project) who are not in this project yet, and a lookup by exact email or username for
 * anyone else. The server lists no one beyond those.
 */
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
  const pendingUser = addMutation.isPending ? addMutation.variables.userId : undefined;
  // The contract takes a reference as an id or an object with _id; this screen sends ids.
  const addingId = typeof pendingUser === 'object' ? pendingUser._id : pendingUser;

  const add = (user: User, after?: () => void) =>
    addMutation.mutate(
      { project, userId: user._id, role },
      {
        onSuccess: (response) => {
          toast.success(response.message || `${user.fullName} added to project successfully!`);
          after?.();
        },
        onError: (error) => void toast.error(errorMessage(error, 'Failed to add member')),
      },
    );

  return (
    <section aria-labelledby="add-member-heading" className="space-y-3">
      <h3 id="add-member-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
        Add people
      </h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <Field label="Search people you work with" htmlFor="member-search">
          <SearchInput
            id="member-search"
            autoFocus
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Name, username or email"
            aria-label="Search people you work with"
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
      <QueryState
        query={usersQuery}
        loading={
          <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-slate-500 dark:text-slate-400">
            <Spinner className="size-4" /> Loading users...
          </div>
        }
        errorMessage={failure ?? 'Failed to load users'}
      >
        {() =>
          candidates.length === 0 ? (
            <p className={pickerNoteClassName}>
              {everyoneIsIn ? 'Everyone you work with is already a member of this project' : 'No one you work with matches your search'}
            </p>
          ) : (
            <ul aria-label="Users to add" className={candidateListClassName}>
              {candidates.map((user) => (
                <CandidateRow key={user._id} user={user} isAdding={addingId === user._id} isDisabled={addMutation.isPending} onAdd={add} />
              ))}
            </ul>
          )
        }
      </QueryState>
      <FindMember members={project.members} addingId={addingId} isAdding={addMutation.isPending} onAdd={add} />
    </section>
  );
}
