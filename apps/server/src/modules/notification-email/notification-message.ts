import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@tasklane/contract';
import type { OutgoingEmail } from '../email/email-outbox.repo.js';
import { notificationUrl } from '../notifications/notifications.presenter.js';
import type { MailableNotification } from './notification-mailer.repo.js';

/** Where a message's links point: PUBLIC_URL, else this server on localhost (as no request is at hand). */
export type MessageLinks = {
  origin: string;
  /** The unsubscribe token for the message's kinds. */
  token: string;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

const MAX_SUBJECT_LENGTH = 150;
const clip = (text: string, length: number) => (text.length <= length ? text : `${text.slice(0, length - 1)}…`);
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The absolute address of the notification's page (the inbox's link, made absolute). */
export function pageUrlOf(origin: string, notification: MailableNotification): string {
  const url = notificationUrl({
    task: notification.taskId ? { id: notification.taskId, title: notification.taskTitle ?? '' } : null,
    project: notification.projectId ? { id: notification.projectId, name: notification.projectName ?? '' } : null,
    feature: notification.featureId ? { id: notification.featureId, title: notification.featureTitle ?? '' } : null,
    todo: notification.todoId ? { id: notification.todoId, title: notification.todoTitle ?? '' } : null,
  });
  return `${origin}${url}`;
}

/** The one-click address (List-Unsubscribe) and the web page the footer links to (it asks first). */
export function unsubscribeUrls(links: MessageLinks) {
  const token = encodeURIComponent(links.token);
  return { oneClick: `${links.origin}/api/v1/notifications/unsubscribe?token=${token}`, page: `${links.origin}/unsubscribe?token=${token}` };
}

/** The kinds of these notifications, each once (a digest's unsubscribe link names them all). */
export function kindsOf(notifications: MailableNotification[]): NotificationKind[] {
  return [...new Set(notifications.map((notification) => notification.kind))];
}

function headersOf(links: MessageLinks): Record<string, string> {
  return {
    // RFC 8058: a mail provider's "Unsubscribe" button POSTs List-Unsubscribe=One-Click here.
    'List-Unsubscribe': `<${unsubscribeUrls(links).oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    // Keeps auto-responders (out-of-office replies) from answering it.
    'Auto-Submitted': 'auto-generated',
  };
}

function footer(kinds: NotificationKind[], links: MessageLinks) {
  const names = kinds.map((kind) => `“${NOTIFICATION_KIND_LABELS[kind]}”`).join(', ');
  const why = `You get this email because you chose email for ${names} in your Tasklane settings.`;
  const urls = unsubscribeUrls(links);
  const settings = `${links.origin}/settings`;
  return {
    text: ['--', why, `Stop these emails: ${urls.page}`, `All your notification settings: ${settings}`].join('\n'),
    html: `<hr style="border: none; border-top: 1px solid #e2e8f0; margin: 24px 0 12px;">
<p style="font-size: 13px; color: #475569;">${escapeHtml(why)}<br>
<a href="${escapeHtml(urls.page)}">Stop these emails</a> · <a href="${escapeHtml(settings)}">All your notification settings</a></p>`,
  };
}

const STYLE = "font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; color: #0f172a; line-height: 1.5;";
const BUTTON = 'display: inline-block; background: #4f46e5; color: #ffffff; padding: 10px 18px; border-radius: 8px; text-decoration: none; font-weight: 600;';

/** What the notification is about, for a link's words: its task, a todo's reminder its todo (the dashboard opens it), else its project, else Tasklane. */
function openLabel(notification: MailableNotification) {
  if (notification.taskId) return 'Open the task';
  if (notification.todoId) return 'Open the todo';
  if (notification.projectId) return 'Open the project';
  return 'Open Tasklane';
}

/**
 * One notification at once: the subject is its newest event (naming the task and what
 * happened), the body lists its events, newest first, and links to its page.
 */
export function immediateEmail(notification: MailableNotification, links: MessageLinks): OutgoingEmail {
  const lines = notification.items.map((item) => oneLine(item.text));
  const newest = lines[0] ?? NOTIFICATION_KIND_LABELS[notification.kind];
  const subject = clip(lines.length > 1 ? `${newest} (and ${lines.length - 1} more)` : newest, MAX_SUBJECT_LENGTH);
  const url = pageUrlOf(links.origin, notification);
  const end = footer([notification.kind], links);
  const text = [`Hello ${notification.fullName},`, '', ...lines, '', `${openLabel(notification)}: ${url}`, '', end.text].join('\n');
  const html = `<!doctype html>
<html><body style="${STYLE}">
<p>Hello ${escapeHtml(notification.fullName)},</p>
${lines.length === 1 ? `<p>${escapeHtml(lines[0]!)}</p>` : `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`}
<p><a href="${escapeHtml(url)}" style="${BUTTON}">${openLabel(notification)}</a></p>
<p style="font-size: 13px; color: #475569;">Or copy this address into your browser:<br>${escapeHtml(url)}</p>
${end.html}
</body></html>`;
  return { to: notification.email, subject, text, html, headers: headersOf(links) };
}

/** One person's hourly digest: each waiting notification (newest first), its events and its link. */
export function digestEmail(notifications: MailableNotification[], links: MessageLinks): OutgoingEmail {
  const [first] = notifications;
  if (!first) throw new Error('A digest needs at least one notification');
  const count = notifications.length;
  const subject = `Tasklane digest: ${count} new ${count === 1 ? 'notification' : 'notifications'}`;
  const entries = notifications.map((notification) => ({
    lines: notification.items.map((item) => oneLine(item.text)),
    url: pageUrlOf(links.origin, notification),
  }));
  const end = footer(kindsOf(notifications), links);
  const text = [
    `Hello ${first.fullName},`,
    '',
    `Here is what happened since your last digest:`,
    '',
    ...entries.flatMap((entry) => [...entry.lines.map((line) => `- ${line}`), `  ${entry.url}`, '']),
    end.text,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="${STYLE}">
<p>Hello ${escapeHtml(first.fullName)},</p>
<p>Here is what happened since your last digest:</p>
<ul>
${entries
  .map(
    (entry) =>
      `<li style="margin-bottom: 12px;">${entry.lines.map(escapeHtml).join('<br>')}<br><a href="${escapeHtml(entry.url)}">${escapeHtml(entry.url)}</a></li>`,
  )
  .join('\n')}
</ul>
${end.html}
</body></html>`;
  return { to: first.email, subject, text, html, headers: headersOf(links) };
}
