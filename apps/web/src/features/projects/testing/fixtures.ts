import type { MemberRole, Project, User } from '@tasklane/contract';
import { personRef } from '@/lib/testing/fixtures';

// Component tests: projects and their members, as the API answers them.

const allAbilities = { canEdit: true, canDelete: true, canManageMembers: true, canManageFeatures: true, canEditTasks: true, canChangeKey: true, canManageWebhooks: true };
const noAbilities = { canEdit: false, canDelete: false, canManageMembers: false, canManageFeatures: false, canEditTasks: true, canChangeKey: false, canManageWebhooks: false };

export const memberOf = (user: User, role: MemberRole) => ({
  _id: `membership-${user._id}`,
  role,
  userId: personRef(user),
  joinedAt: '2026-01-05T00:00:00.000Z',
});

/** A project with these members, seen by a caller of `role`. */
export function projectWith(members: Array<[User, MemberRole]>, role: MemberRole = 'ADMIN'): Project {
  return {
    _id: 'project-1',
    name: 'Client Portal',
    key: 'CP',
    description: '',
    status: 'BACKLOG',
    priority: 'MEDIUM',
    logo: null,
    coverImage: null,
    category: null,
    workspaceId: { _id: 'workspace-1', name: 'Agency' },
    isActive: true,
    createdAt: '2026-01-05T00:00:00.000Z',
    updatedAt: '2026-01-05T00:00:00.000Z',
    members: members.map(([user, memberRole]) => memberOf(user, memberRole)),
    statistics: { totalMembers: members.length, completedTasks: 0, totalTasks: 0 },
    progress: 0,
    settings: { color: '#3B82F6', isPublic: false, allowMemberInvites: true, requireApproval: false },
    role,
    abilities: role === 'ADMIN' ? allAbilities : role === 'MODERATOR' ? { ...allAbilities, canChangeKey: false, canManageWebhooks: false } : noAbilities,
    version: 1,
  };
}
