import { describe, expect, it } from 'vitest';
import { assignableRoles, canChangeRoles, canManageMemberWithRole, countAdmins, hasRoleAtLeast, wouldLeaveNoAdmin } from './member-roles.js';

describe('member role rules', () => {
  it('lets an admin manage every role', () => {
    for (const target of ['ADMIN', 'MODERATOR', 'MEMBER', 'VIEWER'] as const) {
      expect(canManageMemberWithRole('ADMIN', target)).toBe(true);
    }
  });

  it('lets a moderator manage only members and viewers', () => {
    expect(canManageMemberWithRole('MODERATOR', 'ADMIN')).toBe(false);
    expect(canManageMemberWithRole('MODERATOR', 'MODERATOR')).toBe(false);
    expect(canManageMemberWithRole('MODERATOR', 'MEMBER')).toBe(true);
    expect(canManageMemberWithRole('MODERATOR', 'VIEWER')).toBe(true);
  });

  it('lets members and viewers manage nobody', () => {
    for (const actor of ['MEMBER', 'VIEWER'] as const) {
      for (const target of ['ADMIN', 'MODERATOR', 'MEMBER', 'VIEWER'] as const) {
        expect(canManageMemberWithRole(actor, target)).toBe(false);
      }
    }
  });

  it('lets only admins change roles', () => {
    expect(canChangeRoles('ADMIN')).toBe(true);
    expect(canChangeRoles('MODERATOR')).toBe(false);
    expect(canChangeRoles('MEMBER')).toBe(false);
    expect(canChangeRoles('VIEWER')).toBe(false);
  });

  it('offers each role the roles it may give', () => {
    expect(assignableRoles('ADMIN')).toEqual(['ADMIN', 'MODERATOR', 'MEMBER', 'VIEWER']);
    expect(assignableRoles('MODERATOR')).toEqual(['MEMBER', 'VIEWER']);
    expect(assignableRoles('MEMBER')).toEqual([]);
    expect(assignableRoles('VIEWER')).toEqual([]);
  });
});

describe('role order', () => {
  it('ranks VIEWER < MEMBER < MODERATOR < ADMIN', () => {
    expect(hasRoleAtLeast('ADMIN', 'MODERATOR')).toBe(true);
    expect(hasRoleAtLeast('MODERATOR', 'MODERATOR')).toBe(true);
    expect(hasRoleAtLeast('MEMBER', 'MODERATOR')).toBe(false);
    expect(hasRoleAtLeast('VIEWER', 'VIEWER')).toBe(true);
    expect(hasRoleAtLeast('VIEWER', 'MEMBER')).toBe(false);
  });
});

describe('the last-admin rule', () => {
  it('refuses removing or demoting the only admin', () => {
    expect(wouldLeaveNoAdmin('ADMIN', null, 1)).toBe(true);
    expect(wouldLeaveNoAdmin('ADMIN', 'MODERATOR', 1)).toBe(true);
  });

  it('allows it when another admin stays, or when the admin stays admin', () => {
    expect(wouldLeaveNoAdmin('ADMIN', null, 2)).toBe(false);
    expect(wouldLeaveNoAdmin('ADMIN', 'ADMIN', 1)).toBe(false);
  });

  it('never concerns a member who is not an admin', () => {
    expect(wouldLeaveNoAdmin('MODERATOR', null, 1)).toBe(false);
    expect(wouldLeaveNoAdmin('VIEWER', 'MEMBER', 0)).toBe(false);
  });

  it('counts the admins of a member list', () => {
    expect(countAdmins([{ role: 'ADMIN' }, { role: 'MEMBER' }, { role: 'ADMIN' }])).toBe(2);
  });
});
