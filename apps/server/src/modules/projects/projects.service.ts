import { projectKeyCandidates, wouldLeaveNoAdmin, type CreateProjectData, type MemberRole, type UpdateProjectData } from '@tasklane/contract';
import { isNotNullViolation, violatedUniqueConstraint } from '../../db/errors.js';
import { badRequest, conflict, forbidden, notFoundOrNotYours } from '../../http/errors.js';
import { findOwnedCategory } from '../categories/categories.repo.js';
import { deleteWithAttachmentFiles } from '../attachments/attachment-cleanup.js';
import type { Actor, ServiceContext } from '../context.js';
import type { UserRow } from '../users/users.repo.js';
import { canManageWorkspace } from '../workspaces/workspaces.policy.js';
import { getVisibleWorkspace } from '../workspaces/workspaces.service.js';
import { canManageMemberWithRole, effectiveRole, minimumRoleFor } from './projects.policy.js';
import { presentMember, presentProject } from './projects.presenter.js';
import * as members from './members.repo.js';
import { requireProjectRole, requireRole, requireVisible } from './project-access.js';
import * as repo from './projects.repo.js';

const STALE_PROJECT = 'This project was changed by someone else. Reload to see the latest version.';
const LAST_ADMIN = 'A project needs at least one admin: make another member admin first';
const LAST_ADMIN_LEAVING = 'You are the last admin of this project: make another member admin before leaving';
const KEY_ADMIN_ONLY = "Only admins can change the project's key";
/** Proposed keys tried again when another create took the chosen one first. */
const PROPOSED_KEY_ATTEMPTS = 8;

const keyTaken = (key: string) => {
  const message = `Key ${key} is already used by another project`;
  return conflict(message, [{ field: 'key', message }]);
};

/** Runs a write that sets `key`; a key another project holds is 409 on the field. */
async function writingKey<T>(key: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (key !== undefined && violatedUniqueConstraint(error) === repo.PROJECT_KEY_INDEX) throw keyTaken(key);
    throw error;
  }
}

/**
 * Inserts the project with the key the body names, or the first free key proposed from its name
 * (decision 028). Two creates may choose the same free key at once: the one that loses tries again.
 */
async function insertProject(ctx: ServiceContext, user: Actor, data: CreateProjectData): Promise<string> {
  if (data.key !== undefined) return writingKey(data.key, () => repo.insertProjectWithAdmin(ctx.db, user, data, []));
  const candidates = projectKeyCandidates(data.name);
  for (let attempt = 1; ; attempt++) {
    try {
      return await repo.insertProjectWithAdmin(ctx.db, user, data, candidates);
    } catch (error) {
      if (isNotNullViolation(error)) {
        const message = 'Every key proposed from this name is taken: choose a key';
        throw conflict(message, [{ field: 'key', message }]);
      }
      if (violatedUniqueConstraint(error) !== repo.PROJECT_KEY_INDEX || attempt >= PROPOSED_KEY_ATTEMPTS) throw error;
    }
  }
}

type Access = { project: repo.ProjectRow; role: MemberRole };

/** The project and the caller's effective role; 404 for anyone who may not see it. */
async function getAccess(ctx: ServiceContext, user: UserRow, projectId: string): Promise<Access> {
  const found = await repo.findProject(ctx.db, projectId, user.id);
  const { row: project, role } = requireVisible(user, found && { ...found, projectId: found.id }, 'Project');
  return { project, role };
}

function presentOne(access: Access) {
  return presentProject(access.project, access.role, access.project.members);
}

function presentMany(user: UserRow, rows: repo.ProjectRow[]) {
  return rows.map((row) => {
    const role = effectiveRole(row.membershipRole, row.workspaceOwnerId === user.id) ?? 'VIEWER';
    return presentProject(row, role, row.members);
  });
}

async function checkCategory(ctx: ServiceContext, user: UserRow, categoryId: string | null | undefined) {
  if (!categoryId) return;
  const category = await findOwnedCategory(ctx.db, user.id, categoryId);
  if (!category || category.type !== 'PROJECT') {
    throw badRequest('Category must be one of your project categories', [
      { field: 'category', message: 'Category must be one of your project categories' },
    ]);
  }
}

export async function getProject(ctx: ServiceContext, user: UserRow, projectId: string) {
  return presentOne(await getAccess(ctx, user, projectId));
}

export async function listWorkspaceProjects(ctx: ServiceContext, user: UserRow, workspaceId: string) {
  const { isOwner } = await getVisibleWorkspace(ctx, user, workspaceId);
  return presentMany(user, await repo.listWorkspaceProjects(ctx.db, workspaceId, user.id, isOwner));
}

export async function listMyProjects(ctx: ServiceContext, user: UserRow) {
  return presentMany(user, await repo.listMemberProjects(ctx.db, user.id));
}

export async function createProject(ctx: ServiceContext, user: Actor, data: CreateProjectData) {
  const access = await getVisibleWorkspace(ctx, user, data.workspaceId);
  if (!canManageWorkspace(access)) throw forbidden('Only the workspace owner can create projects in it');
  await checkCategory(ctx, user, data.category);
  const projectId = await insertProject(ctx, user, data);
  return getProject(ctx, user, projectId);
}

export async function updateProject(ctx: ServiceContext, user: Actor, projectId: string, data: UpdateProjectData) {
  const access = await getAccess(ctx, user, projectId);
  requireRole(access.role, minimumRoleFor.canEdit, 'Only admins and moderators can edit this project');
  // Re-sending the project's current category (perhaps another member's) is not a change.
  if (data.category !== access.project.categoryId) await checkCategory(ctx, user, data.category);
  // Sending the current key back (as a client does with what it read) is not a change.
  const key = data.key === access.project.key ? undefined : data.key;
  if (key !== undefined) requireRole(access.role, minimumRoleFor.canChangeKey, KEY_ADMIN_ONLY);
  if (data.version !== undefined && data.version !== access.project.version) throw conflict(STALE_PROJECT);
  if (!(await writingKey(key, () => repo.updateProject(ctx.db, user, projectId, { ...data, key }, data.version)))) {
    // Changed (or deleted) since it was read above.
    throw data.version === undefined ? notFoundOrNotYours('Project') : conflict(STALE_PROJECT);
  }
  return getProject(ctx, user, projectId);
}

export async function deleteProject(ctx: ServiceContext, user: Actor, projectId: string) {
  const access = await getAccess(ctx, user, projectId);
  requireRole(access.role, minimumRoleFor.canDelete, 'Only admins can delete this project');
  await deleteWithAttachmentFiles(ctx, { projectId }, (tx) => repo.deleteProject(tx, user, projectId));
}

export async function listMembers(ctx: ServiceContext, user: UserRow, projectId: string) {
  return (await getAccess(ctx, user, projectId)).project.members.map(presentMember);
}

export async function addMember(ctx: ServiceContext, user: Actor, projectId: string, userId: string, role: MemberRole) {
  const { role: callerRole } = await requireProjectRole(ctx, user, projectId, minimumRoleFor.canManageMembers, 'Only admins and moderators can add members');
  if (!canManageMemberWithRole(callerRole, role)) throw forbidden('Moderators can add only members and viewers');
  const added = await members.insertMember(ctx.db, user, projectId, userId, role);
  if (added.outcome === 'no-such-user') throw notFoundOrNotYours('User');
  if (added.outcome === 'already-member') throw conflict('User is already a member of this project');
  return presentMember(added.member);
}

/** Removes a member; a member of any role may also remove themself (leave), unless the last ADMIN. */
export async function removeMember(ctx: ServiceContext, user: Actor, projectId: string, userId: string) {
  const { role: callerRole } = await requireProjectRole(ctx, user, projectId);
  const isLeaving = userId === user.id;
  if (!isLeaving) requireRole(callerRole, minimumRoleFor.canManageMembers, 'Only admins and moderators can remove members');
  await members.withProjectLock(ctx.db, projectId, async (tx) => {
    const target = await members.findMemberRoleAndAdmins(tx, projectId, userId);
    if (!target.role) throw notFoundOrNotYours('Member');
    if (!isLeaving && !canManageMemberWithRole(callerRole, target.role)) throw forbidden('Moderators can remove only members and viewers');
    if (wouldLeaveNoAdmin(target.role, null, target.admins)) throw conflict(isLeaving ? LAST_ADMIN_LEAVING : LAST_ADMIN);
    await members.deleteMember(tx, user, projectId, userId);
  });
}

export async function changeMemberRole(ctx: ServiceContext, user: Actor, projectId: string, userId: string, role: MemberRole) {
  // Only admins change roles (canChangeRoles, the rule the web app offers).
  await requireProjectRole(ctx, user, projectId, 'ADMIN', 'Only admins can change roles');
  return members.withProjectLock(ctx.db, projectId, async (tx) => {
    const target = await members.findMemberRoleAndAdmins(tx, projectId, userId);
    if (!target.role) throw notFoundOrNotYours('Member');
    if (wouldLeaveNoAdmin(target.role, role, target.admins)) throw conflict(LAST_ADMIN);
    const member = await members.setMemberRole(tx, user, projectId, userId, role);
    if (!member) throw notFoundOrNotYours('Member');
    return presentMember(member);
  });
}
