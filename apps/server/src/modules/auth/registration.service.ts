import { registrationRefusals, type RegistrationStatus } from '@tasklane/contract';
import { forbidden } from '../../http/errors.js';
import type { ServiceContext } from '../context.js';
import { hashSessionToken } from './tokens.js';
import { findRegistrationGate, type RegistrationGate } from './registration.repo.js';

/** An invite token is 43 base64url characters; anything else cannot match and is not looked up. */
const isInviteToken = (token: string | undefined): token is string => token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token);

/** `isInviteRequired`: the invite is what lets the registration in, so losing it to another registration refuses it. */
export type RegistrationPass = { isFirstAccount: boolean; inviteId: string | undefined; isInviteRequired: boolean };

/**
 * Whether a registration may go ahead, and with which invite (used up with the account, in its
 * transaction). `open`: anyone, exactly as SPEC.md says; a valid invite sent along is used up,
 * one that is not is ignored. `invite` and `closed`: only with a pending invite (for this email,
 * when it names one); otherwise 403 saying why. An instance without any account lets its first
 * registration in whatever the setting, so it can never be left without an administrator.
 */
export async function admitRegistration(ctx: ServiceContext, email: string, inviteToken: string | undefined): Promise<RegistrationPass> {
  const token = isInviteToken(inviteToken) ? inviteToken : undefined;
  const gate = await findRegistrationGate(ctx.db, token ? hashSessionToken(token) : undefined);
  if (!gate.hasAccounts) return { isFirstAccount: true, inviteId: usableInvite(gate, email), isInviteRequired: false };
  if (gate.registration === 'open') return { isFirstAccount: false, inviteId: usableInvite(gate, email), isInviteRequired: false };
  if (inviteToken === undefined) throw forbidden(gate.registration === 'closed' ? registrationRefusals.closed : registrationRefusals.inviteNeeded);
  const invite = gate.invite;
  if (!invite) throw forbidden(registrationRefusals.inviteUnknown);
  if (invite.status === 'revoked') throw forbidden(registrationRefusals.inviteRevoked);
  if (invite.status === 'used') throw forbidden(registrationRefusals.inviteUsed);
  if (invite.status === 'expired') throw forbidden(registrationRefusals.inviteExpired);
  if (invite.email !== null && invite.email !== email) throw forbidden(registrationRefusals.inviteOtherEmail);
  return { isFirstAccount: false, inviteId: invite.id, isInviteRequired: true };
}

function usableInvite(gate: RegistrationGate, email: string): string | undefined {
  const invite = gate.invite;
  return invite && invite.status === 'pending' && (invite.email === null || invite.email === email) ? invite.id : undefined;
}

/** What the register page shows before anyone types: who may register, and what an invite is worth. */
export async function describeRegistration(ctx: ServiceContext, inviteToken: string | undefined): Promise<RegistrationStatus> {
  const token = isInviteToken(inviteToken) ? inviteToken : undefined;
  const gate = await findRegistrationGate(ctx.db, token ? hashSessionToken(token) : undefined);
  // Before the first account, anyone may register (it becomes the administrator).
  const registration = gate.hasAccounts ? gate.registration : 'open';
  if (inviteToken === undefined) return { registration };
  return { registration, invite: gate.invite ? { status: gate.invite.status, email: gate.invite.email } : { status: 'unknown', email: null } };
}
