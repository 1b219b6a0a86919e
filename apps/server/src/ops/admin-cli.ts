import { registrationModes, type RegistrationMode } from '@tasklane/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { recoveryCodes, users } from '../db/schema.js';
import { saveRegistrationMode } from '../modules/admin/instance-settings.repo.js';
import { createResetToken, resetLinkUrl } from '../modules/password-reset/reset-tokens.js';

/**
 * `npm run admin -- <command>`: what an instance's operator can do when nobody can sign in
 * (issue 16). Each command answers the lines to print and the exit code; the caller connects to
 * the database exactly as `npm start` and `npm run backup` do.
 */

export const adminUsage = `Usage:
  npm run admin -- reset-password <email>              print a single-use link (one hour) that sets a new password
  npm run admin -- make-admin <email>                  make the account an administrator (and active again)
  npm run admin -- disable-2fa <email>                 turn off two-factor sign-in (lost authenticator and recovery codes)
  npm run admin -- registration <open|invite|closed>   who may register on this instance
The database is the one the app uses: DATABASE_URL, or the embedded one in DATA_DIR (the app may
be running). Links start with PUBLIC_URL (else http://localhost:<PORT>).`;

export class AdminCommandError extends Error {}

export type AdminCommandResult = { lines: string[] };

/** The arguments as a command, or undefined when they are not one (then the usage is shown). */
export function parseAdminCommand(args: readonly string[]):
  | { name: 'reset-password' | 'make-admin' | 'disable-2fa'; email: string }
  | { name: 'registration'; mode: RegistrationMode }
  | undefined {
  const [name, value, ...rest] = args;
  if (rest.length > 0 || !value) return undefined;
  if (name === 'reset-password' || name === 'make-admin' || name === 'disable-2fa') return { name, email: value.trim().toLowerCase() };
  if (name === 'registration' && (registrationModes as readonly string[]).includes(value)) return { name, mode: value as RegistrationMode };
  return undefined;
}

async function findAccount(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, isAdmin: users.isAdmin, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw new AdminCommandError(`No account has the email ${email}.`);
  return row;
}

export async function runAdminCommand(db: Db, config: Pick<Config, 'publicUrl' | 'port'>, command: NonNullable<ReturnType<typeof parseAdminCommand>>): Promise<AdminCommandResult> {
  switch (command.name) {
    case 'reset-password': {
      const account = await findAccount(db, command.email);
      const origin = config.publicUrl ?? `http://localhost:${config.port}`;
      const url = resetLinkUrl(origin, await createResetToken(db, account.id));
      const lines = [`A password-reset link for ${account.fullName} <${account.email}>, good for one hour and one use:`, '', `  ${url}`, ''];
      if (!config.publicUrl) lines.push(`PUBLIC_URL is not set, so the link assumes the app at ${origin}: set PUBLIC_URL to the address people open.`);
      if (account.deactivatedAt) lines.push('This account is deactivated: it cannot sign in until it is reactivated (npm run admin -- make-admin, or the admin screen).');
      return { lines };
    }
    case 'make-admin': {
      const account = await findAccount(db, command.email);
      await db
        .update(users)
        .set({ isAdmin: true, deactivatedAt: null, updatedAt: sql`now()` })
        .where(eq(users.id, account.id));
      const what = account.isAdmin ? 'is already an administrator' : 'is now an administrator';
      return { lines: [`${account.fullName} <${account.email}> ${what}${account.deactivatedAt ? ', and active again' : ''}.`] };
    }
    case 'disable-2fa': {
      const account = await findAccount(db, command.email);
      const [changed] = await db
        .update(users)
        .set({ totpSecret: null, totpEnabledAt: null, totpPendingSecret: null, totpLastStep: null, updatedAt: sql`now()` })
        .where(and(eq(users.id, account.id), sql`${users.totpEnabledAt} is not null`))
        .returning({ id: users.id });
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, account.id));
      const what = changed ? 'no longer needs a code to sign in: two-factor sign-in is off (they can turn it on again in Settings)' : 'did not have two-factor sign-in on';
      return { lines: [`${account.fullName} <${account.email}> ${what}.`] };
    }
    case 'registration': {
      const mode = await saveRegistrationMode(db, command.mode);
      const meaning = { open: 'anyone may register', invite: 'registration needs an invite link', closed: 'registration is closed (invite links still work)' }[mode];
      return { lines: [`Registration is now ${mode}: ${meaning}.`] };
    }
  }
}
