import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves after the current task, its microtasks included', async () => {
    const order: string[] = [];
    const done = nextTask().then(() => order.push('next task'));
    queueMicrotask(() => order.push('microtask'));
    void Promise.resolve().then(() => Promise.resolve()).then(() => order.push('chained microtask'));
    await done;
    expect(order).toEqual(['microtask', 'chained microtask', 'next task']);
  });

  it('resolves each time it is called', async () => {
    let steps = 0;
    for (let i = 0; i < 3; i++) {
      await nextTask();
      steps++;
    }
    expect(steps).toBe(3);
  });
});
