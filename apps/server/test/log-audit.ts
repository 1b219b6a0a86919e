import fs from 'node:fs';
import path from 'node:path';

/**
 * The whole-run log audit (issue 7): every test server writes the log lines it produced, and
 * the secrets that passed through it (passwords sent, session tokens issued), into one folder
 * per run; when the run ends, the global teardown checks that no secret appears in any line.
 */
export type LogAuditFiles = { dir: string };

let sequence = 0;

export function writeAuditFiles(dir: string, logs: readonly string[], secrets: ReadonlySet<string>) {
  sequence += 1;
  const stem = path.join(dir, `${process.pid}-${sequence}-${Date.now()}`);
  fs.writeFileSync(`${stem}.log`, logs.join('\n'));
  fs.writeFileSync(`${stem}.secrets.json`, JSON.stringify([...secrets]));
}

/** Every secret found in a log line, with the line's file; empty when the run is clean. */
export function findLeakedSecrets(dir: string): { files: number; lines: number; secrets: number; leaks: string[] } {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const secrets = new Set<string>();
  for (const name of names.filter((file) => file.endsWith('.secrets.json'))) {
    for (const secret of JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as string[]) {
      // Short or repetitive values (a test's deliberately invalid 'short' password, the fuzzer's
      // over-long 'yyyy...') would match unrelated text by chance; real passwords and tokens do not.
      if (secret.length >= 8 && new Set(secret).size >= 4) secrets.add(secret);
    }
  }
  const leaks: string[] = [];
  let lines = 0;
  const logFiles = names.filter((file) => file.endsWith('.log'));
  for (const name of logFiles) {
    for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      if (!line) continue;
      lines += 1;
      for (const secret of secrets) {
        if (line.includes(secret)) leaks.push(`${name}: a secret (${secret.slice(0, 3)}...) in: ${line.slice(0, 300)}`);
      }
    }
  }
  return { files: logFiles.length, lines, secrets: secrets.size, leaks };
}

/** The secrets in a request body (any field named like a password or a token, such as inviteToken, at any depth). */
export function secretsInBody(body: unknown, into: Set<string>) {
  if (!body || typeof body !== 'object') return;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string' && /password|token/i.test(key)) into.add(value);
    else secretsInBody(value, into);
  }
}

/** The session token and device cookie a response issued, if any. */
export function secretInSetCookie(header: string | null, into: Set<string>) {
  for (const pattern of [/tasklane_session=([^;]+)/, /tasklane_device=([^;]+)/]) {
    const match = pattern.exec(header ?? '');
    if (match?.[1]) into.add(decodeURIComponent(match[1]));
  }
}

/** The tokens of the links a response handed out (invite and password-reset links: `invite=`, `token=`). */
export function secretsInLinks(text: string, into: Set<string>) {
  for (const match of text.matchAll(/[?&](?:invite|token)=([A-Za-z0-9_-]{43})/g)) into.add(match[1]!);
}
