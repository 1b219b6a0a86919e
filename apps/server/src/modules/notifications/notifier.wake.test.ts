import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFIER_SETTINGS, wakeDelay } from './notifier.js';

const settings = { wakeDelayMs: 100, busyIntervalMs: 500 };

describe('when the notifier runs its next round', () => {
  it('answers the first event after a quiet spell after the wake delay', () => {
    expect(wakeDelay('event', 10_000, 0, settings)).toBe(100);
    expect(wakeDelay('event', 10_000, 9_000, settings)).toBe(100);
  });

  it('while events keep coming, starts a round at most once per busy interval', () => {
    // The last round started 150 ms ago: the next one 350 ms from now, not 100.
    expect(wakeDelay('event', 10_150, 10_000, settings)).toBe(350);
    // Heard while a round ran: at once if that round outlasted the interval, else when it ends.
    expect(wakeDelay('during a round', 10_700, 10_000, settings)).toBeLessThanOrEqual(0);
    expect(wakeDelay('during a round', 10_200, 10_000, settings)).toBe(300);
  });

  it('keeps notifications prompt by default: at most half a second under load', () => {
    expect(DEFAULT_NOTIFIER_SETTINGS.wakeDelayMs).toBeLessThanOrEqual(DEFAULT_NOTIFIER_SETTINGS.busyIntervalMs);
    expect(DEFAULT_NOTIFIER_SETTINGS.busyIntervalMs).toBeLessThanOrEqual(500);
  });
});
