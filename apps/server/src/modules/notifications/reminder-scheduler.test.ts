import { describe, expect, it } from 'vitest';
import { candidateWindow, reminderKindAt } from './reminder-scheduler.js';

describe('reminderKindAt', () => {
  const kindAt = (iso: string, zone: string | null = null, isDueSoonSent = false) => reminderKindAt('2030-01-15', zone, new Date(iso), isDueSoonSent);

  it('DUE_SOON from 24 hours before the end of the due day, OVERDUE from its end, nothing a week after', () => {
    expect(kindAt('2030-01-14T23:59:59Z')).toBeNull();
    expect(kindAt('2030-01-15T00:00:00Z')).toBe('DUE_SOON');
    expect(kindAt('2030-01-15T23:59:59Z')).toBe('DUE_SOON');
    expect(kindAt('2030-01-15T12:00:00Z', null, true)).toBeNull();
    expect(kindAt('2030-01-16T00:00:00Z')).toBe('OVERDUE');
    expect(kindAt('2030-01-16T00:00:00Z', null, true)).toBe('OVERDUE');
    expect(kindAt('2030-01-22T23:59:59Z')).toBe('OVERDUE');
    expect(kindAt('2030-01-23T00:00:00Z')).toBeNull();
  });

  it("in the person's zone", () => {
    expect(kindAt('2030-01-14T10:59:59Z', 'Pacific/Auckland')).toBeNull();
    expect(kindAt('2030-01-14T11:00:00Z', 'Pacific/Auckland')).toBe('DUE_SOON');
    expect(kindAt('2030-01-15T11:00:00Z', 'Pacific/Auckland')).toBe('OVERDUE');
    expect(kindAt('2030-01-16T09:00:00Z', 'Pacific/Honolulu')).toBe('DUE_SOON');
    expect(kindAt('2030-01-16T10:00:00Z', 'Pacific/Honolulu')).toBe('OVERDUE');
  });

  it('a stored zone this runtime does not know counts as UTC', () => {
    expect(kindAt('2030-01-15T00:00:00Z', 'Atlantis/Capital')).toBe('DUE_SOON');
    expect(kindAt('2030-01-16T00:00:00Z', 'Atlantis/Capital')).toBe('OVERDUE');
  });
});

describe('candidateWindow', () => {
  it('covers every day that is due soon or overdue within the week somewhere on Earth', () => {
    const now = new Date('2030-01-15T12:00:00Z');
    const window = candidateWindow(now);
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Auckland', 'UTC', 'America/New_York', 'Pacific/Pago_Pago', 'Etc/GMT+12']) {
      for (let offset = -12; offset <= 4; offset++) {
        const day = new Date(Date.UTC(2030, 0, 15 + offset)).toISOString().slice(0, 10);
        const kind = reminderKindAt(day, zone, now, false);
        if (kind) {
          expect(day >= window.fromDate && day <= window.toDate, `${zone} ${day}`).toBe(true);
          if (kind === 'OVERDUE') expect(day <= window.overdueToDate, `${zone} ${day}`).toBe(true);
        }
      }
    }
  });
});
