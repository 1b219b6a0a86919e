import type { Workspace } from '@tasklane/contract';
import type { WorkspaceRow } from './workspaces.repo.js';

export function presentWorkspace(row: WorkspaceRow, userId: string): Workspace {
  return {
    _id: row.id,
    name: row.name,
    ownerId: row.ownerId,
    isOwner: row.ownerId === userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
