import { Secret, TOTP } from 'otpauth';

/**
 * TOTP as authenticator apps expect it (RFC 6238): SHA-1, six digits, a 30-second step. A code
 * of the step before or after the server's clock is accepted too (a phone a little off).
 */
export const TOTP_ISSUER = 'Tasklane';
const PERIOD_S = 30;
const DRIFT_STEPS = 1;

function totpFor(secret: string, label = ''): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** A fresh 160-bit secret (RFC 4226's recommended length), in base32 as apps take it. */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL a QR code carries: issuer Tasklane, the account's email as its label. */
export function otpauthUrlFor(secret: string, label: string): string {
  return totpFor(secret, label).toString();
}

/**
 * The 30-second step whose code `code` is (within one step of `now`), or undefined when it is
 * none of them. The caller refuses a step not after the last one used: each code is good once.
 */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD_S) + delta;
}
