import { emailSchema, usernameSchema } from '@tasklane/contract';

/** What the add-member picker asks the server to find: one user by exact email or by exact username. */
export type UserLookup = { email: string } | { username: string };

/**
 * The find field's text as a lookup: an email when it has an at sign, else a username, checked
 * with the contract's rules so an invalid value shows its message without a request.
 */
export function parseUserLookup(text: string): { lookup: UserLookup } | { error: string } {
  const value = text.trim();
  if (!value) return { error: 'Enter an email or a username' };
  if (value.includes('@')) {
    const email = emailSchema.safeParse(value);
    return email.success ? { lookup: { email: email.data } } : { error: email.error.issues[0]?.message ?? 'Invalid email address' };
  }
  const username = usernameSchema.safeParse(value);
  return username.success ? { lookup: { username: username.data } } : { error: username.error.issues[0]?.message ?? 'Invalid username' };
}

