/**
 * The most common passwords, from zxcvbn-ts's maintained list (some 49,000 of them, most common
 * first), compared case-insensitively: "Password123" is as guessable as "password123". The list
 * is loaded and built on first use (about 3 MB of memory), so a server that never sets a password
 * never pays for it.
 */
let commonPasswords: Promise<Set<string>> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase())),
  );
  return (await commonPasswords).has(password.toLowerCase());
}
