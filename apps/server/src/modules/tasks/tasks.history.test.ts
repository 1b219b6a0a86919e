import { describe, expect, it } from 'vitest';
import { planTaskUpdate, type TaskSnapshot } from './tasks.history.js';

const ada = { id: 'u-ada', name: 'Ada Lovelace' };
const alan = { id: 'u-alan', name: 'Alan Turing' };

const before: TaskSnapshot = {
  title: 'Write docs',
  description: 'All of them',
  status: 'TODO',
  priority: 'MEDIUM',
  dueDate: '2025-03-01',
  estimatedHours: 4,
  actualHours: null,
  tags: ['docs'],
  blockedReason: null,
  assignee: ada,
  category: { id: 'c-1', name: 'Writing' },
  feature: { id: 'f-1', name: 'Launch' },
};

describe('planTaskUpdate', () => {
  it('plans nothing for a save that changes nothing', () => {
    expect(planTaskUpdate(before, {})).toEqual({ values: {}, history: [] });
    const same = planTaskUpdate(before, {
      title: before.title,
      description: before.description,
      status: 'TODO',
      priority: 'MEDIUM',
      dueDate: '2025-03-01',
      estimatedHours: 4,
      actualHours: null,
      tags: ['docs'],
      assignee: { ...ada },
      category: { id: 'c-1', name: 'Writing' },
      feature: { id: 'f-1', name: 'Launch' },
    });
    expect(same).toEqual({ values: {}, history: [] });
  });

  it('writes one entry per changed aspect, each with from and to', () => {
    const plan = planTaskUpdate(before, {
      status: 'IN_PROGRESS',
      priority: 'HIGH',
      dueDate: null,
      assignee: alan,
      estimatedHours: 6,
      actualHours: 2,
    });
    expect(plan.values).toEqual({
      status: 'IN_PROGRESS',
      priority: 'HIGH',
      dueDate: null,
      assigneeId: 'u-alan',
      estimatedHours: 6,
      actualHours: 2,
    });
    expect(plan.history).toEqual([
      { action: 'STATUS_CHANGED', details: { from: 'TODO', to: 'IN_PROGRESS' } },
      { action: 'PRIORITY_CHANGED', details: { from: 'MEDIUM', to: 'HIGH' } },
      { action: 'DUE_DATE_CHANGED', details: { from: '2025-03-01T00:00:00.000Z', to: null } },
      {
        action: 'ASSIGNEE_CHANGED',
        details: { from: { _id: 'u-ada', fullName: 'Ada Lovelace' }, to: { _id: 'u-alan', fullName: 'Alan Turing' } },
      },
      { action: 'ESTIMATED_HOURS_CHANGED', details: { from: 4, to: 6 } },
      { action: 'ACTUAL_HOURS_CHANGED', details: { from: null, to: 2 } },
    ]);
  });

  it('gathers the other fields into one UPDATED entry', () => {
    const plan = planTaskUpdate(before, {
      title: 'Write the docs',
      description: '',
      tags: ['docs', 'v1'],
      category: null,
      feature: { id: 'f-2', name: 'Polish' },
    });
    expect(plan.values).toEqual({
      title: 'Write the docs',
      description: '',
      tags: ['docs', 'v1'],
      categoryId: null,
      featureId: 'f-2',
    });
    expect(plan.history).toEqual([
      {
        action: 'UPDATED',
        details: {
          title: { from: 'Write docs', to: 'Write the docs' },
          description: { from: 'All of them', to: '' },
          tags: { from: ['docs'], to: ['docs', 'v1'] },
          categoryId: { from: { _id: 'c-1', name: 'Writing' }, to: null },
          featureId: { from: { _id: 'f-1', title: 'Launch' }, to: { _id: 'f-2', title: 'Polish' } },
        },
      },
    ]);
  });

  it('unassigning is an assignee change to nobody', () => {
    expect(planTaskUpdate(before, { assignee: null }).history).toEqual([
      { action: 'ASSIGNEE_CHANGED', details: { from: { _id: 'u-ada', fullName: 'Ada Lovelace' }, to: null } },
    ]);
  });

  describe('blocking', () => {
    const blocked: TaskSnapshot = { ...before, status: 'BLOCKED', blockedReason: 'Waiting for legal' };

    it('moving to BLOCKED writes BLOCKED with the reason, not STATUS_CHANGED', () => {
      const plan = planTaskUpdate(before, { status: 'BLOCKED', blockedReason: 'Waiting for legal' });
      expect(plan.values).toEqual({ status: 'BLOCKED', blockedReason: 'Waiting for legal' });
      expect(plan.history).toEqual([{ action: 'BLOCKED', details: { from: 'TODO', reason: 'Waiting for legal' } }]);
    });

    it('the reason is optional', () => {
      expect(planTaskUpdate(before, { status: 'BLOCKED' }).history).toEqual([
        { action: 'BLOCKED', details: { from: 'TODO', reason: null } },
      ]);
    });

    it('leaving BLOCKED writes UNBLOCKED with the old reason and clears it', () => {
      const plan = planTaskUpdate(blocked, { status: 'IN_PROGRESS' });
      expect(plan.values).toEqual({ status: 'IN_PROGRESS', blockedReason: null });
      expect(plan.history).toEqual([{ action: 'UNBLOCKED', details: { to: 'IN_PROGRESS', reason: 'Waiting for legal' } }]);
    });

    it('a new reason while blocked is an update; the same reason is nothing', () => {
      expect(planTaskUpdate(blocked, { blockedReason: 'Waiting for design' }).history).toEqual([
        { action: 'UPDATED', details: { blockedReason: { from: 'Waiting for legal', to: 'Waiting for design' } } },
      ]);
      expect(planTaskUpdate(blocked, { status: 'BLOCKED', blockedReason: 'Waiting for legal' })).toEqual({ values: {}, history: [] });
      expect(planTaskUpdate(blocked, { status: 'BLOCKED' })).toEqual({ values: {}, history: [] });
    });

    it('a reason sent for a task that is not blocked is not kept', () => {
      expect(planTaskUpdate(before, { blockedReason: 'Ignored' })).toEqual({ values: {}, history: [] });
      expect(planTaskUpdate(blocked, { status: 'TODO', blockedReason: 'Ignored' }).values).toEqual({
        status: 'TODO',
        blockedReason: null,
      });
    });
  });
});
