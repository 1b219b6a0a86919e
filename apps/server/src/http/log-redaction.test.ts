import { describe, expect, it } from 'vitest';
import { redactLinkTokens } from './log-redaction.js';

describe('redactLinkTokens', () => {
  it('hides invite and reset tokens in a logged URL, and nothing else', () => {
    const token = 'a'.repeat(43);
    expect(redactLinkTokens(`/register?invite=${token}`)).toBe('/register?invite=[redacted]');
    expect(redactLinkTokens(`/reset-password?x=1&token=${token}&y=2`)).toBe('/reset-password?x=1&token=[redacted]&y=2');
    expect(redactLinkTokens(`/api/v1/auth/registration?invite=${token}`)).not.toContain(token);
    expect(redactLinkTokens('/api/v1/tasks?search=invite')).toBe('/api/v1/tasks?search=invite');
    expect(redactLinkTokens(`/api/v1/calendar/${token}.ics`)).toBe('/api/v1/calendar/[redacted]');
    expect(redactLinkTokens('/api/v1/users/me/calendar-feed')).toBe('/api/v1/users/me/calendar-feed');
  });
});
