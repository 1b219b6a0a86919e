import type { OutgoingEmail } from '../email/email-outbox.repo.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** The forgot-password email: the link, in plain text and HTML, and what to do if it was not you. */
export function resetPasswordEmail(user: { email: string; fullName: string }, url: string): OutgoingEmail {
  const subject = 'Reset your Tasklane password';
  const text = [
    `Hello ${user.fullName},`,
    '',
    `Someone asked to reset the password of the Tasklane account for ${user.email}.`,
    'To choose a new password, open this link (it works once, for one hour):',
    '',
    url,
    '',
    'Once you set a new password, every device signed in to your account is signed out.',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; color: #0f172a; line-height: 1.5;">
<p>Hello ${escapeHtml(user.fullName)},</p>
<p>Someone asked to reset the password of the Tasklane account for ${escapeHtml(user.email)}.
To choose a new password, open this link (it works once, for one hour):</p>
<p><a href="${escapeHtml(url)}" style="display: inline-block; background: #4f46e5; color: #ffffff; padding: 10px 18px; border-radius: 8px; text-decoration: none; font-weight: 600;">Reset your password</a></p>
<p style="font-size: 13px; color: #475569;">Or copy this address into your browser:<br>${escapeHtml(url)}</p>
<p style="font-size: 13px; color: #475569;">Once you set a new password, every device signed in to your account is signed out.
If you did not ask for this, ignore this email: your password stays as it is.</p>
</body></html>`;
  // Auto-Submitted keeps auto-responders (out-of-office replies) from answering it.
  return { to: user.email, subject, text, html, headers: { 'Auto-Submitted': 'auto-generated' } };
}
