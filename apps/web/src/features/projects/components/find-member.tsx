import type { ProjectMember, User } from '@tasklane/contract';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { describeError } from '@/lib/errors';
import { useFindUser } from '../api/find-user';
import { parseUserLookup, type UserLookup } from '../lib/user-lookup';
import { CandidateRow, candidateListClassName, pickerNoteClassName } from './candidate-row';

/**
 * Finds someone the caller does not work with yet, by their exact email or username (the
 * server answers that one person or nobody; it lists no one else).
 */
export function FindMember({
  members,
  addingId,
  isAdding,
  onAdd,
}: {
  members: readonly Pick<ProjectMember, 'userId'>[];
  addingId: string | undefined;
  isAdding: boolean;
  onAdd: (user: User, after: () => void) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [lookup, setLookup] = useState<UserLookup | null>(null);
  const found = useFindUser(lookup);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseUserLookup(text);
    if ('error' in parsed) {
      setError(parsed.error);
      setLookup(null);
      return;
    }
    setError(undefined);
    // The same question again (someone may have registered since): ask the server again.
    if (lookup && JSON.stringify(lookup) === JSON.stringify(parsed.lookup)) void found.refetch();
    setLookup(parsed.lookup);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Find someone new" className="space-y-3">
      <Field label="Find by exact email or username" htmlFor="member-lookup" error={error}>
        <div className="flex gap-2">
          <Input
            id="member-lookup"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="name@example.com or username"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'member-lookup-error' : undefined}
          />
          <Button type="submit" variant="secondary" className="shrink-0">
            <Search aria-hidden="true" className="size-4" />
            Find
          </Button>
        </div>
      </Field>
      <div aria-live="polite">
        {lookup && <FoundUser query={found} members={members} addingId={addingId} isAdding={isAdding} onAdd={(user) => onAdd(user, () => setLookup(null))} />}
      </div>
    </form>
  );
}

function FoundUser({
  query,
  members,
  addingId,
  isAdding,
  onAdd,
}: {
  query: ReturnType<typeof useFindUser>;
  members: readonly Pick<ProjectMember, 'userId'>[];
  addingId: string | undefined;
  isAdding: boolean;
  onAdd: (user: User) => void;
}) {
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        <Spinner className="size-4" /> Looking up...
      </p>
    );
  }
  if (query.isError) return <p role="alert" className={pickerNoteClassName}>{describeError(query.error, 'Failed to find the user')}</p>;
  const user = query.data;
  if (!user) return <p role="status" className={pickerNoteClassName}>No user with that email or username</p>;
  if (members.some((member) => member.userId._id === user._id)) {
    return <p role="status" className={pickerNoteClassName}>{user.fullName} is already a member of this project</p>;
  }
  return (
    <ul aria-label="Found user" className={candidateListClassName}>
      <CandidateRow user={user} isAdding={isAdding && addingId === user._id} isDisabled={isAdding} onAdd={onAdd} />
    </ul>
  );
}
