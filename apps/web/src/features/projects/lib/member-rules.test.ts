import type { MemberRole, ProjectAbilities, User } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { canEditRoles, canLeaveProject, canRemoveMember, countAdmins, rolesForMember, rolesForNewMember, usersToAdd } from './member-rules';

const abilities: Record<MemberRole, ProjectAbilities> = {
  ADMIN: { canEdit: true, canDelete: true, canManageMembers: true, canManageFeatures: true, canEditTasks: true, canChangeKey: true, canManageWebhooks: true },
  MODERATOR: { canEdit: true, canDelete: false, canManageMembers: true, canManageFeatures: true, canEditTasks: true, canChangeKey: false, canManageWebhooks: false },
  MEMBER: { canEdit: false, canDelete: false, canManageMembers: false, canManageFeatures: false, canEditTasks: true, canChangeKey: false, canManageWebhooks: false },
  VIEWER: { canEdit: false, canDelete: false, canManageMembers: false, canManageFeatures: false, canEditTasks: false, canChangeKey: false, canManageWebhooks: false },
};

const person = (id: string, fullName = `Person ${id}`): User => ({
  _id: id,
  fullName,
  username: `user${id}`,
  email: `user${id}@example.com`,
  avatar: null,
  createdAt: '2025-01-05T00:00:00.000Z',
});
const member = (id: string, role: MemberRole) => ({ _id: `m${id}`, role, userId: person(id), joinedAt: '2025-01-05T00:00:00.000Z' });
const as = (role: MemberRole, members: ReturnType<typeof member>[]) => ({ role, abilities: abilities[role], members });

describe('who may remove a member', () => {
  const members = [member('1', 'ADMIN'), member('2', 'MODERATOR'), member('3', 'MEMBER'), member('4', 'VIEWER')];

  it('an admin may remove anyone but the last admin', () => {
    const project = as('ADMIN', members);
    expect(members.map((m) => canRemoveMember(project, m))).toEqual([false, true, true, true]);
  });

  it('an admin may remove an admin while another admin remains', () => {
    const project = as('ADMIN', [member('1', 'ADMIN'), member('2', 'ADMIN')]);
    expect(canRemoveMember(project, project.members[0]!)).toBe(true);
    expect(countAdmins(project.members)).toBe(2);
  });

  it('a moderator may remove only members and viewers', () => {
    const project = as('MODERATOR', members);
    expect(members.map((m) => canRemoveMember(project, m))).toEqual([false, false, true, true]);
  });

  it('members and viewers may remove nobody', () => {
    for (const role of ['MEMBER', 'VIEWER'] as const) {
      const project = as(role, members);
      expect(members.map((m) => canRemoveMember(project, m))).toEqual([false, false, false, false]);
    }
  });
});

describe('roles on offer', () => {
  it('for a new member: every role for an admin, MEMBER and VIEWER for a moderator, none below', () => {
    expect(rolesForNewMember(as('ADMIN', []))).toEqual(['ADMIN', 'MODERATOR', 'MEMBER', 'VIEWER']);
    expect(rolesForNewMember(as('MODERATOR', []))).toEqual(['MEMBER', 'VIEWER']);
    expect(rolesForNewMember(as('MEMBER', []))).toEqual([]);
    expect(rolesForNewMember(as('VIEWER', []))).toEqual([]);
  });

  it('for an existing member: only admins change roles, and the last admin stays admin', () => {
    const members = [member('1', 'ADMIN'), member('2', 'MEMBER')];
    const admin = as('ADMIN', members);
    expect(canEditRoles(admin)).toBe(true);
    expect(rolesForMember(admin, members[0]!)).toEqual(['ADMIN']);
    expect(rolesForMember(admin, members[1]!)).toEqual(['ADMIN', 'MODERATOR', 'MEMBER', 'VIEWER']);

    const twoAdmins = as('ADMIN', [member('1', 'ADMIN'), member('2', 'ADMIN')]);
    expect(rolesForMember(twoAdmins, twoAdmins.members[0]!)).toHaveLength(4);

    const moderator = as('MODERATOR', members);
    expect(canEditRoles(moderator)).toBe(false);
    expect(rolesForMember(moderator, members[1]!)).toEqual(['MEMBER']);
  });
});

describe('usersToAdd', () => {
  const users = [person('1', 'Ada Lovelace'), person('2', 'Grace Hopper'), person('3', 'Alan Turing')];

  it('leaves out users already in the project', () => {
    expect(usersToAdd(users, [member('2', 'ADMIN')]).map((u) => u.fullName)).toEqual(['Ada Lovelace', 'Alan Turing']);
  });

  it('matches the search against name, username and email', () => {
    expect(usersToAdd(users, [], 'al').map((u) => u.fullName)).toEqual(['Alan Turing']);
    expect(usersToAdd(users, [], 'a').map((u) => u.fullName)).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
    expect(usersToAdd(users, [], 'user3').map((u) => u.fullName)).toEqual(['Alan Turing']);
    expect(usersToAdd(users, [member('3', 'MEMBER')], 'TURING')).toEqual([]);
  });
});

describe('who may leave', () => {
  it('any member but the last admin; nobody who is not a member', () => {
    const members = [member('1', 'ADMIN'), member('2', 'MODERATOR'), member('3', 'MEMBER'), member('4', 'VIEWER')];
    expect(['1', '2', '3', '4', '5'].map((id) => canLeaveProject({ members }, id))).toEqual([false, true, true, true, false]);
    expect(canLeaveProject({ members: [...members, member('5', 'ADMIN')] }, '1')).toBe(true);
    expect(canLeaveProject({ members }, undefined)).toBe(false);
  });
});
