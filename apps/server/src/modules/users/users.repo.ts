import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

export const publicUserColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  avatar: users.avatar,
  createdAt: users.createdAt,
};

export type UserRow = { id: string; username: string; fullName: string; email: string; avatar: string | null; createdAt: Date };

export async function findUserCredentialsByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ ...publicUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findEmailOrUsernameTaken(db: Db, email: string, username: string) {
  const rows = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(sql`${users.email} = ${email} or lower(${users.username}) = lower(${username})`)
    .limit(2);
  return {
    isEmailTaken: rows.some((row) => row.email === email),
    isUsernameTaken: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
  };
}

export async function insertUser(
  db: Db,
  values: { username: string; fullName: string; email: string; passwordHash: string },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning(publicUserColumns);
  return row!;
}

export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.select(publicUserColumns).from(users).orderBy(asc(users.fullName), asc(users.id));
}
