import { describe, expect, it } from 'vitest';
import { assignableRoles, canChangeRoles, canManageMemberWithRole } from './member-roles.js';

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
