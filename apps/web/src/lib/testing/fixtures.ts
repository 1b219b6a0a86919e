import type { User } from '@tasklane/contract';

/** Component tests: a person as the API answers them. */
export const person = (id: string, fullName: string): User => ({
  _id: id,
  fullName,
  username: fullName.toLowerCase().replace(/\s+/g, '_'),
  email: `${fullName.toLowerCase().replace(/\s+/g, '.')}@example.com`,
  avatar: null,
  createdAt: '2026-01-05T00:00:00.000Z',
});

/** A person as references carry them (a comment's author, a task's assignee). */
export const personRef = (user: User) => ({ _id: user._id, fullName: user.fullName, email: user.email, username: user.username, avatar: user.avatar });
