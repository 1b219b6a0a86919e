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

/**
 * The secrets in a request body (any field named like a password or a token (reset, invite), at any depth), and the
 * second factors of a sign-in: a recovery code (as typed and in its normal form), and a
 * six-digit code, registered as the JSON string it would be in a logged body (`"123456"`),
 * since six bare digits would match timestamps and ids by chance.
 */
export function secretsInBody(body: unknown, into: Set<string>) {
  if (!body || typeof body !== 'object') return;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string' && /password|token/i.test(key)) into.add(value);
    else if (typeof value === 'string' && key === 'recoveryCode') addRecoveryCode(value, into);
    else if (typeof value === 'string' && key === 'code' && /^\d{6}$/.test(value.trim())) into.add(JSON.stringify(value.trim()));
    else secretsInBody(value, into);
  }
}

function addRecoveryCode(code: string, into: Set<string>) {
  into.add(code);
  into.add(code.replace(/[\s-]+/g, '').toLowerCase());
}

/**
 * The secrets in an answer: a TOTP secret (and its otpauth URL) and recovery codes (issue 16),
 * and a new API token's secret (decision 038).
 */
export function secretsInAnswer(body: unknown, into: Set<string>) {
  const data = (body as { data?: unknown } | undefined)?.data;
  if (!data || typeof data !== 'object') return;
  const { secret, otpauthUrl, recoveryCodes, token } = data as { secret?: unknown; otpauthUrl?: unknown; recoveryCodes?: unknown; token?: unknown };
  if (typeof secret === 'string') into.add(secret);
  if (typeof token === 'string') into.add(token);
  if (typeof otpauthUrl === 'string') into.add(otpauthUrl);
  if (Array.isArray(recoveryCodes)) for (const code of recoveryCodes) if (typeof code === 'string') addRecoveryCode(code, into);
}

/** The session token, device cookie and sign-in challenge a response issued, if any. */
export function secretInSetCookie(header: string | null, into: Set<string>) {
  for (const pattern of [/tasklane_session=([^;]+)/, /tasklane_device=([^;]+)/, /tasklane_login_challenge=([^;]+)/]) {
    const match = pattern.exec(header ?? '');
    if (match?.[1]) into.add(decodeURIComponent(match[1]));
  }
}

/** The credential a request sent in its Authorization header (an API token, decision 038; any other scheme's value too). */
export function secretInAuthorization(headers: Record<string, string>, into: Set<string>) {
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'authorization') continue;
    const credential = value.trim().split(/\s+/).slice(1).join(' ');
    if (credential) into.add(credential);
  }
}

/** The tokens of links in an answer or an email (invite and password-reset links: `invite=`, `token=`). */
export function secretsInLinks(text: string, into: Set<string>) {
  for (const match of text.matchAll(/[?&](?:invite|token)=([A-Za-z0-9_%-]{16,})/g)) into.add(decodeURIComponent(match[1]!));
  // A calendar feed's URL (decision 037): its token is in the path.
  for (const match of text.matchAll(/\/api\/v1\/calendar\/([A-Za-z0-9_-]{43})\.ics/g)) into.add(match[1]!);
}
