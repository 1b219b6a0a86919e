import { computeProgress, type Project, type ProjectMember } from '@tasklane/contract';
import { abilitiesFor } from './projects.policy.js';
import type { MemberRow, ProjectRow } from './projects.repo.js';
import type { MemberRole } from '@tasklane/contract';

export function presentMember(row: MemberRow): ProjectMember {
  return {
    _id: row.id,
    role: row.role,
    userId: {
      _id: row.user.id,
      fullName: row.user.fullName,
      email: row.user.email,
      username: row.user.username,
      avatar: row.user.avatar,
    },
    joinedAt: row.createdAt.toISOString(),
  };
}

export function presentProject(row: ProjectRow, role: MemberRole, members: MemberRow[]): Project {
  return {
    _id: row.id,
    name: row.name,
    key: row.key,
    description: row.description,
    status: row.status,
    priority: row.priority,
    logo: row.logo,
    coverImage: row.coverImage,
    category: row.categoryId ? { _id: row.categoryId } : null,
    workspaceId: { _id: row.workspaceId, name: row.workspaceName },
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    members: members.map(presentMember),
    statistics: { totalMembers: members.length, completedTasks: row.completedTasks, totalTasks: row.totalTasks },
    progress: computeProgress(row.completedTasks, row.totalTasks),
    settings: {
      color: row.color,
      isPublic: row.isPublic,
      allowMemberInvites: row.allowMemberInvites,
      requireApproval: row.requireApproval,
    },
    role,
    abilities: abilitiesFor(role),
    version: row.version,
  };
}
