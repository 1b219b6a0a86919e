import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export type Inbox = { smtpUrl: string; nextTo(address: string): Promise<ParsedMail>; close(): Promise<void> };

/** A real SMTP server in the test's process (smtp-server): what the app sends arrives here, parsed. */
export async function startInbox(): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          messages.push(parsed);
          for (const wake of waiters.splice(0)) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const isTo = (message: ParsedMail, address: string) =>
    [message.to ?? []].flat().some((to) => to.value.some((entry) => entry.address?.toLowerCase() === address.toLowerCase()));
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    async nextTo(address) {
      for (;;) {
        const index = messages.findIndex((message) => isTo(message, address));
        if (index >= 0) return messages.splice(index, 1)[0]!;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type AppServer = { baseURL: string; stop(): Promise<void> };

/**
 * Another Tasklane server, from the same production build as the shared one, with its own
 * embedded database and the environment given (SMTP_URL): for journeys that need a setting the
 * shared server does not have.
 */
export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-e2e-mail-'));
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: '',
      LOG_LEVEL: 'warn',
      COOKIE_SECURE: 'false',
      TRUST_PROXY: '',
      ALLOWED_ORIGINS: '',
      WEB_DIST: '',
      API_RATE_LIMIT_PER_IP: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited before it was ready: ${errors}`);
    }
    try {
      if ((await fetch(`${baseURL}/api/v1/health`)).ok) return { baseURL, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
