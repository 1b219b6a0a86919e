import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// Lower-case letters and digits: ten of them carry about 51 bits, too many to guess online
// (sign-in limits) and costly to search offline even with the hashes in hand.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Ten fresh codes as shown to the user: `xxxx-xxxx-xx`. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/**
 * What is stored of a code: SHA-256 over the account's id and the code as typed without dashes
 * and case (recoveryCodeSchema's normal form), so equal codes of two accounts never share a hash.
 */
export function hashRecoveryCode(userId: string, normalizedCode: string): string {
  return createHash('sha256').update(`${userId}:${normalizedCode}`).digest('hex');
}

/** The normal form recoveryCodeSchema gives a typed code. */
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]+/g, '').toLowerCase();
