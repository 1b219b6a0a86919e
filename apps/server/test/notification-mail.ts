import { isNull } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { emailOutbox } from '../src/db/schema.js';
import type { Mailbox } from './mailbox.js';
import type { TestServer } from './test-server.js';

const WAIT_MS = 15_000;

const recipientsOf = (message: ParsedMail) => [message.to ?? []].flat().flatMap((to) => to.value.map((entry) => entry.address?.toLowerCase()));

/** The messages delivered so far to `address` whose subject or text mentions `needle`. */
export function mailsTo(mailbox: Mailbox, address: string, needle = ''): ParsedMail[] {
  return mailbox.messages.filter(
    (message) => recipientsOf(message).includes(address.toLowerCase()) && `${message.subject ?? ''}\n${message.text ?? ''}`.includes(needle),
  );
}

/** Waits (at most 15 s) for a message to `address` mentioning `needle`. */
export async function mailTo(mailbox: Mailbox, address: string, needle = ''): Promise<ParsedMail> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [found] = mailsTo(mailbox, address, needle);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no email to ${address} about "${needle}" within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until every message in the outbox was sent (each is marked right after the SMTP server took it). */
export async function outboxDrained(server: TestServer) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const unsent = await server.database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(isNull(emailOutbox.sentAt));
    if (unsent.length === 0) return;
    if (Date.now() > deadline) throw new Error('the outbox was not drained within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A message's header line, as sent (`List-Unsubscribe: <...>`), without its name. */
export function headerOf(message: ParsedMail, name: string): string | undefined {
  const line = message.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

/** The one-click unsubscribe URL of a message's List-Unsubscribe header. */
export function oneClickUrlOf(message: ParsedMail): URL {
  const value = headerOf(message, 'List-Unsubscribe') ?? '';
  const match = /^<([^>]+)>$/.exec(value);
  if (!match) throw new Error(`No List-Unsubscribe URL in: ${value}`);
  return new URL(match[1]!);
}
