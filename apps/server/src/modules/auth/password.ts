import { hash, verify, type Options } from '@node-rs/argon2';

// argon2id with OWASP's minimum parameters: 19 MiB, two passes, one lane.
// The enum is a const enum in the binding's types, so its value is written out here.
const ARGON2ID = 2 as Options['algorithm'];
const options: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the email is unknown keeps both failures equally slow,
// so response times do not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('tasklane-dummy-password');
  await verifyPassword(await dummyHash, password);
}
