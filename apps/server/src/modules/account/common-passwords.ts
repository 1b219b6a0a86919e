import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords, from zxcvbn-ts's maintained list (some 49,000 of them, most common
 * first), compared case-insensitively: "Password123" is as guessable as "password123". Built on
 * first use, so a server that never sets a password never pays for it.
 */
let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}
