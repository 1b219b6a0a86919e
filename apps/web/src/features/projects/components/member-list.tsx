import type { MemberRole, Project, ProjectMember } from '@tasklane/contract';
import { UserMinus } from 'lucide-react';
import toast from 'react-hot-toast';
import { RoleBadge } from '@/components/domain/enum-badges';
import { Avatar } from '@/components/ui/avatar';
import { IconButton } from '@/components/ui/icon-button';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/errors';
import { formatEnum } from '@/lib/format';
import { useUpdateMemberRole } from '../api/update-member-role';
import { canRemoveMember, rolesForMember } from '../lib/member-rules';

/** Every member with their role (a picker for admins, never offering to demote the last admin) and a remove button where allowed. */
export function MemberList({ project, onRemove }: { project: Project; onRemove: (member: ProjectMember) => void }) {
  const roleMutation = useUpdateMemberRole();

  const changeRole = (member: ProjectMember, role: MemberRole) =>
    roleMutation.mutate(
      { project, userId: member.userId._id, role },
      {
        onSuccess: (response) => void toast.success(response.message || 'Member role updated successfully!'),
        onError: (error) => void toast.error(errorMessage(error, 'Failed to update member role')),
      },
    );

  return (
    <section aria-labelledby="members-heading" className="space-y-3">
      <h3 id="members-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
        Members ({project.members.length})
      </h3>
      <ul aria-label="Members" className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {project.members.map((member) => {
          const name = member.userId.fullName;
          const roles = rolesForMember(project, member);
          const isChanging = roleMutation.isPending && roleMutation.variables.userId === member.userId._id;
          return (
            <li key={member._id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5 sm:flex-nowrap">
              <Avatar person={member.userId} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{name}</p>
                <p className="truncate text-xs text-slate-500 dark:text-slate-400">{member.userId.email}</p>
              </div>
              <div className="flex items-center gap-1">
                {roles.length > 1 ? (
                  <Select
                    aria-label={`Role of ${name}`}
                    className="w-32 py-1.5 sm:w-36"
                    value={member.role}
                    disabled={isChanging}
                    onChange={(event) => changeRole(member, event.target.value as MemberRole)}
                    options={roles.map((value) => ({ value, label: formatEnum(value) }))}
                  />
                ) : (
                  <RoleBadge role={member.role} />
                )}
                {canRemoveMember(project, member) ? (
                  <IconButton
                    label={`Remove ${name}`}
                    tooltip="Remove from project"
                    tone="danger"
                    icon={<UserMinus aria-hidden="true" className="size-4" />}
                    onClick={() => onRemove(member)}
                  />
                ) : (
                  <span className="size-8" aria-hidden="true" />
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
