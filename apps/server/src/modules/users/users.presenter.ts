import type { User } from '@tasklane/contract';
import type { UserRow } from './users.repo.js';

export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    avatar: row.avatar,
    createdAt: row.createdAt.toISOString(),
  };
}
