import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './tasks.presenter.js';

describe('isoTimestamp', () => {
  // What PostgreSQL writes for a timestamptz in JSON: microseconds with trailing zeros dropped,
  // no fraction at all on a whole second, and the session's offset.
  const written = [
    '2026-01-05T21:28:25.596123+00:00',
    '2026-01-05T21:28:25.596+00:00',
    '2026-01-05T21:28:25.5+00:00',
    '2026-01-05T21:28:25.59+00:00',
    '2026-01-05T21:28:25.999999+00:00',
    '2026-01-05T21:28:25.000001+00:00',
    '2026-01-05T21:28:25+00:00',
    '1999-12-31T23:59:59.9995+00:00',
    // Other forms: a session in another time zone, the app's own ISO strings.
    '2026-01-05T22:28:25.596123+01:00',
    '2026-01-05T16:28:25.5-05:00',
    '2026-01-05T21:28:25.596Z',
  ];

  it.each(written)('writes %s as a Date would', (text) => {
    expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
  });
});
