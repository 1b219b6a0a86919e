import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** The SMTP password the test mailbox accepts (the log audit checks it never reaches a log line). */
export const MAILBOX_PASSWORD = 'smtp-Secret-9f3k';

export type Mailbox = {
  /** SMTP_URL for the app: smtp://tester:<password>@127.0.0.1:<port>. */
  smtpUrl: string;
  /** Every message delivered so far, parsed. */
  messages: ParsedMail[];
  /** Delivery attempts (refused ones included). */
  attempts: () => number;
  /** Resolves with the first delivered message to `address` not yet taken by an earlier call. */
  nextTo(address: string): Promise<ParsedMail>;
  /** Refuses the next `count` messages with a temporary SMTP error (451). */
  refuseNext(count: number): void;
  close(): Promise<void>;
};

/**
 * A real SMTP server in this process (smtp-server) on a free loopback port, that parses what it
 * receives (mailparser): the app talks SMTP to it exactly as to a mail provider.
 */
export async function startMailbox(): Promise<Mailbox> {
  const messages: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const waiters: Array<() => void> = [];
  let refusals = 0;
  let attempts = 0;
  const server = new SMTPServer({
    // Plain SMTP on loopback, with a password as most providers ask.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'tester' && auth.password === MAILBOX_PASSWORD) callback(null, { user: 'tester' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts += 1;
        if (refusals > 0) {
          refusals -= 1;
          callback(Object.assign(new Error('Mailbox temporarily unavailable, try again later'), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            messages.push(parsed);
            for (const wake of waiters.splice(0)) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const recipientsOf = (message: ParsedMail) =>
    [message.to ?? []].flat().flatMap((to) => to.value.map((entry) => entry.address?.toLowerCase()));

  return {
    smtpUrl: `smtp://tester:${MAILBOX_PASSWORD}@127.0.0.1:${port}`,
    messages,
    attempts: () => attempts,
    async nextTo(address) {
      for (;;) {
        const found = messages.find((message) => !taken.has(message) && recipientsOf(message).includes(address.toLowerCase()));
        if (found) {
          taken.add(found);
          return found;
        }
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    refuseNext(count) {
      refusals += count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link in a delivered message's text. */
export function resetLinkIn(message: ParsedMail): URL {
  const match = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(message.text ?? '');
  if (!match) throw new Error(`No reset link in: ${message.text}`);
  return new URL(match[0]);
}
