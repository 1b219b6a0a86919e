import type { User } from '@tasklane/contract';
import { UserPlus } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';

/** One person the picker offers: name, username and email, and an Add button. */
export function CandidateRow({
  user,
  isAdding,
  isDisabled,
  onAdd,
}: {
  user: User;
  isAdding: boolean;
  isDisabled: boolean;
  onAdd: (user: User) => void;
}) {
  return (
    <li className="flex items-center gap-3 px-3 py-2.5">
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
        disabled={isDisabled}
        onClick={() => onAdd(user)}
      >
        {!isAdding && <UserPlus aria-hidden="true" className="size-4" />}
        Add
      </Button>
    </li>
  );
}

export const candidateListClassName =
  'max-h-64 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800';

export const pickerNoteClassName =
  'rounded-lg border border-dashed border-slate-300 px-4 py-4 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400';
