import { describe, expect, it } from 'vitest';
import type { Notice } from './notifier.derive.js';
import { planRound } from './notifier.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 12, 0, seconds));
const notice = (userId: string, taskId: string | null, key: string, seconds: number): Notice => ({
  userId,
  kind: 'COMMENT',
  key,
  text: key,
  actorId: 'actor',
  at: at(seconds),
  projectId: taskId ? 'project' : null,
  featureId: taskId ? 'feature' : null,
  taskId,
});
const keysOf = (plan: ReturnType<typeof planRound>) =>
  plan.groups.map((group) => [group.userId, group.taskId, group.segments.map((segment) => segment.notices.map((item) => item.key))]);

describe('planRound: how a round’s notices become notifications', () => {
  it('gathers each person’s notices on a task, in order, into one while they are within the window', () => {
    const plan = planRound(
      [notice('ann', 't1', 'a', 0), notice('bob', 't1', 'a', 0), notice('ann', 't2', 'b', 1), notice('ann', 't1', 'c', 2), notice('bob', 't1', 'c', 2)],
      60_000,
    );
    expect(keysOf(plan)).toEqual([
      ['ann', 't1', [['a', 'c']]],
      ['bob', 't1', [['a', 'c']]],
      ['ann', 't2', [['b']]],
    ]);
    expect(plan.single).toEqual([]);
  });

  it('starts a new one when an event comes longer than the window after the newest, and lists a key once', () => {
    const plan = planRound([notice('ann', 't1', 'a', 0), notice('ann', 't1', 'a', 1), notice('ann', 't1', 'b', 5), notice('ann', 't1', 'c', 30)], 10_000);
    expect(keysOf(plan)).toEqual([['ann', 't1', [['a', 'b'], ['c']]]]);
    expect(planRound([notice('ann', 't1', 'a', 0), notice('ann', 't1', 'b', 0)], 0).groups[0]!.segments).toHaveLength(1);
    expect(planRound([notice('ann', 't1', 'a', 0), notice('ann', 't1', 'b', 1)], 0).groups[0]!.segments).toHaveLength(2);
  });

  it('leaves notices about no task (membership) each on its own', () => {
    const plan = planRound([notice('ann', null, 'm1', 0), notice('ann', null, 'm2', 1)], 60_000);
    expect(plan.groups).toEqual([]);
    expect(plan.single.map((item) => item.key)).toEqual(['m1', 'm2']);
  });
});
