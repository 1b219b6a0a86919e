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

  it('hides an API token (tl_...) wherever a URL carries one (decision 038)', () => {
    const token = `tl_${'Ab9_-'.repeat(8)}Ab9`;
    expect(redactLinkTokens(`/api/v1/todos?access=${token}&page=2`)).toBe('/api/v1/todos?access=tl_[redacted]&page=2');
    expect(redactLinkTokens(`/api/v1/${token}/x`)).toBe('/api/v1/tl_[redacted]/x');
    expect(redactLinkTokens('/api/v1/users/me/tokens')).toBe('/api/v1/users/me/tokens');
  });
});
