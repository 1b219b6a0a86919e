import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { loadInstanceKey } from '../auth/app-secrets.repo.js';

/**
 * TOTP secrets must be readable by the server (it computes the codes), so they cannot be hashed.
 * They are stored sealed with AES-256-GCM under a key kept in app_secrets, like the device-cookie
 * key (generated once, shared by every instance, carried by backups): a leak of the users table
 * alone (an export, a log line, a copied row) does not give anyone a second factor. A thief of
 * the whole database has the key too; docs/decisions/023-two-factor-sign-in.md says so.
 */
const KEY_NAME = 'totp-secret-aes-256-gcm';
const VERSION = 'v1';

export function loadTotpKey(db: Db): Promise<Buffer> {
  return loadInstanceKey(db, KEY_NAME);
}

/** `v1.<iv>.<ciphertext and tag>`, base64url. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

/** The secret sealed by sealSecret; throws when it was not sealed with `key` (a bug or tampering, never a client's doing). */
export function openSecret(key: Buffer, stored: string): string {
  const [version, iv, sealed] = stored.split('.');
  if (version !== VERSION || !iv || !sealed) throw new Error('A stored TOTP secret is not in a known format');
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
}
