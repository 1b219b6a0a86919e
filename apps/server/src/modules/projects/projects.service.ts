import type { CreateProjectData, MemberRole, UpdateProjectData } from '@tasklane/contract';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { findOwnedCategory } from '../categories/categories.repo.js';
import { deleteWithAttachmentFiles } from '../attachments/attachment-cleanup.js';
import type { Actor, ServiceContext } from '../context.js';
import { findUserById, type UserRow } from '../users/users.repo.js';
import { canManageWorkspace } from '../workspaces/workspaces.policy.js';
import { getVisibleWorkspace } from '../workspaces/workspaces.service.js';
import { abilitiesFor, canChangeRoles, canManageMemberWithRole, effectiveRole } from './projects.policy.js';
import { presentProject } from './projects.presenter.js';
import * as repo from './projects.repo.js';

const STALE_PROJECT = 'This project was changed by someone else. Reload to see the latest version.';
const LAST_ADMIN = 'A project needs at least one admin: make another member admin first';

type Access = { project: repo.ProjectRow; role: MemberRole };

/** The project and the caller's effective role; 404 for anyone who may not see it. */
async function getAccess(ctx: ServiceContext, user: UserRow, projectId: string): Promise<Access> {
  const project = await repo.findProject(ctx.db, projectId, user.id);
  const role = project ? effectiveRole(project.membershipRole, project.workspaceOwnerId === user.id) : null;
  if (!project || !role) throw notFound('Project not found');
  return { project, role };
}

async function presentOne(ctx: ServiceContext, access: Access) {
  const members = await repo.listMembers(ctx.db, [access.project.id]);
  return presentProject(access.project, access.role, members);
}

async function presentMany(ctx: ServiceContext, user: UserRow, rows: repo.ProjectRow[]) {
  const members = await repo.listMembers(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const role = effectiveRole(row.membershipRole, row.workspaceOwnerId === user.id) ?? 'VIEWER';
    return presentProject(
      row,
      role,
      members.filter((member) => member.projectId === row.id),
    );
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
  return presentOne(ctx, await getAccess(ctx, user, projectId));
}

export async function listWorkspaceProjects(ctx: ServiceContext, user: UserRow, workspaceId: string) {
  const { isOwner } = await getVisibleWorkspace(ctx, user, workspaceId);
  return presentMany(ctx, user, await repo.listWorkspaceProjects(ctx.db, workspaceId, user.id, isOwner));
}

export async function listMyProjects(ctx: ServiceContext, user: UserRow) {
  return presentMany(ctx, user, await repo.listMemberProjects(ctx.db, user.id));
}

export async function createProject(ctx: ServiceContext, user: Actor, data: CreateProjectData) {
  const access = await getVisibleWorkspace(ctx, user, data.workspaceId);
  if (!canManageWorkspace(access)) throw forbidden('Only the workspace owner can create projects in it');
  await checkCategory(ctx, user, data.category);
  const projectId = await repo.insertProjectWithAdmin(ctx.db, user, data);
  return getProject(ctx, user, projectId);
}

export async function updateProject(ctx: ServiceContext, user: Actor, projectId: string, data: UpdateProjectData) {
  const access = await getAccess(ctx, user, projectId);
  if (!abilitiesFor(access.role).canEdit) throw forbidden('Only admins and moderators can edit this project');
  // Re-sending the project's current category (perhaps another member's) is not a change.
  if (data.category !== access.project.categoryId) await checkCategory(ctx, user, data.category);
  if (data.version !== undefined && data.version !== access.project.version) throw conflict(STALE_PROJECT);
  if (!(await repo.updateProject(ctx.db, user, projectId, data, data.version))) {
    // Changed (or deleted) since it was read above.
    throw data.version === undefined ? notFound('Project not found') : conflict(STALE_PROJECT);
  }
  return getProject(ctx, user, projectId);
}

export async function deleteProject(ctx: ServiceContext, user: Actor, projectId: string) {
  const access = await getAccess(ctx, user, projectId);
  if (!abilitiesFor(access.role).canDelete) throw forbidden('Only admins can delete this project');
  await deleteWithAttachmentFiles(ctx, { projectId }, (tx) => repo.deleteProject(tx, user, projectId));
}

export async function listMembers(ctx: ServiceContext, user: UserRow, projectId: string) {
  await getAccess(ctx, user, projectId);
  return repo.listMembers(ctx.db, [projectId]);
}

async function findMember(ctx: ServiceContext, projectId: string, userId: string) {
  const members = await repo.listMembers(ctx.db, [projectId]);
  const member = members.find((candidate) => candidate.user.id === userId);
  if (!member) throw notFound('Member not found');
  return member;
}

export async function addMember(ctx: ServiceContext, user: Actor, projectId: string, userId: string, role: MemberRole) {
  const access = await getAccess(ctx, user, projectId);
  if (!abilitiesFor(access.role).canManageMembers) throw forbidden('Only admins and moderators can add members');
  if (!canManageMemberWithRole(access.role, role)) throw forbidden('Moderators can add only members and viewers');
  if (!(await findUserById(ctx.db, userId))) throw notFound('User not found');
  // The unique index decides, so two simultaneous adds make one membership.
  if (!(await repo.insertMember(ctx.db, user, projectId, userId, role))) throw conflict('User is already a member of this project');
  await repo.touchProject(ctx.db, projectId);
  return findMember(ctx, projectId, userId);
}

export async function removeMember(ctx: ServiceContext, user: Actor, projectId: string, userId: string) {
  const access = await getAccess(ctx, user, projectId);
  if (!abilitiesFor(access.role).canManageMembers) throw forbidden('Only admins and moderators can remove members');
  await repo.withProjectLock(ctx.db, projectId, async (tx) => {
    const targetRole = await repo.findMemberRole(tx, projectId, userId);
    if (!targetRole) throw notFound('Member not found');
    if (!canManageMemberWithRole(access.role, targetRole)) throw forbidden('Moderators can remove only members and viewers');
    if (targetRole === 'ADMIN' && (await repo.countAdmins(tx, projectId)) <= 1) throw conflict(LAST_ADMIN);
    await repo.deleteMember(tx, user, projectId, userId);
    await repo.touchProject(tx, projectId);
  });
}

export async function changeMemberRole(ctx: ServiceContext, user: Actor, projectId: string, userId: string, role: MemberRole) {
  const access = await getAccess(ctx, user, projectId);
  if (!canChangeRoles(access.role)) throw forbidden('Only admins can change roles');
  await repo.withProjectLock(ctx.db, projectId, async (tx) => {
    const currentRole = await repo.findMemberRole(tx, projectId, userId);
    if (!currentRole) throw notFound('Member not found');
    if (currentRole === 'ADMIN' && role !== 'ADMIN' && (await repo.countAdmins(tx, projectId)) <= 1) {
      throw conflict(LAST_ADMIN);
    }
    await repo.setMemberRole(tx, user, projectId, userId, role);
  });
  return findMember(ctx, projectId, userId);
}
