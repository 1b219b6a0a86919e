import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { loadInstanceKey } from '../auth/app-secrets.repo.js';
import { openSecret, sealSecret } from '../two-factor/secret-box.js';

/**
 * A webhook's signing secret must be readable to sign with, so it is sealed, not hashed: with
 * its own AES-256-GCM key in app_secrets, as TOTP secrets are (decision 023). A copied webhooks
 * table alone signs nothing.
 */
const KEY_NAME = 'webhook-secret-aes-256-gcm';

/** A new secret: `whsec_` and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** Reads (or makes) the sealing key ahead of the first request that needs it (the sender does at start). */
export async function loadWebhookKey(db: Db): Promise<void> {
  await loadInstanceKey(db, KEY_NAME);
}

export async function sealWebhookSecret(db: Db, secret: string): Promise<string> {
  return sealSecret(await loadInstanceKey(db, KEY_NAME), secret);
}

export async function openWebhookSecret(db: Db, sealed: string): Promise<string> {
  return openSecret(await loadInstanceKey(db, KEY_NAME), sealed);
}
