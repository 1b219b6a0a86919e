import type { InviteStatus, RegistrationMode } from '@tasklane/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invites, users } from '../../db/schema.js';
import { registrationModeSql } from '../admin/instance-settings.repo.js';

const inviteStatusOf = sql`case
  when i.revoked_at is not null then 'revoked'
  when i.used_at is not null then 'used'
  when i.expires_at is not null and i.expires_at <= now() then 'expired'
  else 'pending' end`;

export type RegistrationGate = {
  registration: RegistrationMode;
  hasAccounts: boolean;
  invite: { id: string; email: string | null; status: InviteStatus } | undefined;
};

/**
 * What decides whether a registration may go ahead, in one statement: who may register, whether
 * the instance has any account yet, and the invite with this token hash (if one was sent).
 */
export async function findRegistrationGate(db: Db, inviteTokenHash: string | undefined): Promise<RegistrationGate> {
  const hash = inviteTokenHash ?? '';
  const [row] = await db
    .select({
      registration: registrationModeSql,
      hasAccounts: sql<boolean>`exists (select 1 from ${users})`,
      inviteId: sql<string | null>`(select i.id from ${invites} i where i.token_hash = ${hash})`,
      inviteEmail: sql<string | null>`(select i.email from ${invites} i where i.token_hash = ${hash})`,
      inviteStatus: sql<InviteStatus | null>`(select ${inviteStatusOf} from ${invites} i where i.token_hash = ${hash})`,
    })
    .from(sql`(select 1) as one`);
  return {
    registration: row!.registration,
    hasAccounts: row!.hasAccounts,
    invite: row!.inviteId && row!.inviteStatus ? { id: row!.inviteId, email: row!.inviteEmail, status: row!.inviteStatus } : undefined,
  };
}
