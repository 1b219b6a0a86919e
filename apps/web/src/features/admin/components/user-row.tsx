import type { AdminUser } from '@tasklane/contract';
import { formatShortDate } from '@tasklane/contract';
import { KeyRound, MoreHorizontal, ShieldCheck, ShieldOff, Trash2, UserCheck, UserX } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { DropdownMenu, type MenuItem } from '@/components/ui/dropdown-menu';
import { TableRow, Td } from '@/components/ui/table';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';

export type UserAction = 'makeAdmin' | 'removeAdmin' | 'deactivate' | 'reactivate' | 'turnOffTwoFactor' | 'resetLink' | 'delete';

/**
 * One account of the admin screen's table, and its actions. One's own account cannot be
 * deactivated or deleted here (that would sign the administrator out for good); the server
 * keeps the last administrator whatever the screen offers.
 */
export function UserRow({ user, isSelf, isBusy, onAction }: { user: AdminUser; isSelf: boolean; isBusy: boolean; onAction: (action: UserAction, user: AdminUser) => void }) {
  const act = (action: UserAction) => () => onAction(action, user);
  const items: MenuItem[] = [
    user.isAdmin
      ? { label: 'Remove administrator', icon: <ShieldOff aria-hidden="true" className="size-4" />, onSelect: act('removeAdmin') }
      : { label: 'Make administrator', icon: <ShieldCheck aria-hidden="true" className="size-4" />, onSelect: act('makeAdmin') },
    user.deactivated
      ? { label: 'Reactivate', icon: <UserCheck aria-hidden="true" className="size-4" />, onSelect: act('reactivate') }
      : { label: 'Deactivate', icon: <UserX aria-hidden="true" className="size-4" />, onSelect: act('deactivate'), disabled: isSelf },
    ...(user.twoFactorEnabled
      ? [{ label: 'Turn off two-factor sign-in', icon: <ShieldOff aria-hidden="true" className="size-4" />, onSelect: act('turnOffTwoFactor') }]
      : []),
    { label: 'Make password-reset link', icon: <KeyRound aria-hidden="true" className="size-4" />, onSelect: act('resetLink') },
    { label: 'Delete account', icon: <Trash2 aria-hidden="true" className="size-4" />, onSelect: act('delete'), tone: 'danger', disabled: isSelf },
  ];
  return (
    <TableRow className={user.deactivated ? 'opacity-70' : undefined}>
      <Td>
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="font-medium text-slate-900 dark:text-white">{user.fullName}</span>
          {isSelf && <Badge tone="slate">You</Badge>}
          {user.isAdmin && <Badge tone="indigo">Admin</Badge>}
          {user.deactivated && <Badge tone="red">Deactivated</Badge>}
        </div>
        <div className="text-xs text-slate-500 dark:text-slate-400">@{user.username}</div>
      </Td>
      <Td className="break-all">{user.email}</Td>
      <Td title={formatDateTime(user.createdAt)}>{formatShortDate(user.createdAt)}</Td>
      <Td title={user.lastSeenAt ? formatDateTime(user.lastSeenAt) : undefined}>{user.lastSeenAt ? formatRelativeTime(user.lastSeenAt) : 'Never'}</Td>
      <Td>{user.twoFactorEnabled ? <Badge tone="green">2FA on</Badge> : <Badge tone="gray">2FA off</Badge>}</Td>
      <Td className="text-right">
        <DropdownMenu
          items={items}
          trigger={
            <button
              type="button"
              disabled={isBusy}
              aria-label={`Actions for ${user.fullName}`}
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <MoreHorizontal aria-hidden="true" className="size-5" />
            </button>
          }
        />
      </Td>
    </TableRow>
  );
}
