import { defaultUserPreferences, type ListUsersData, type Me, type MeResponse } from '@tasklane/contract';
import { presentCurrentApiToken } from '../api-tokens/api-tokens.presenter.js';
import type { ResolvedApiToken } from '../api-tokens/api-tokens.service.js';
import type { Actor, ServiceContext } from '../context.js';
import { presentUser } from './users.presenter.js';
import * as repo from './users.repo.js';

/**
 * The user directory is private: without a lookup, only the people who share a workspace or
 * project with the caller. A lookup by exact email or username answers that one user or none,
 * whoever they are, so a new colleague can be added without listing the instance.
 */
export async function listUsers(ctx: ServiceContext, callerId: string, query: ListUsersData = {}) {
  if (query.email !== undefined) return found(await repo.findUserByEmailOrUsername(ctx.db, { email: query.email })).map(presentUser);
  if (query.username !== undefined) return found(await repo.findUserByEmailOrUsername(ctx.db, { username: query.username })).map(presentUser);
  return (await repo.listSharedUsers(ctx.db, callerId)).map(presentUser);
}

/**
 * GET /users/me for a request made with an API token: the signed-in user, and which token it
 * is (decision 038). A browser's session answers describeCurrentUser alone.
 */
export function describeCurrentCaller(user: Actor, apiToken: ResolvedApiToken['token'] | null): MeResponse['data'] {
  const me = describeCurrentUser(user);
  return apiToken ? { ...me, token: presentCurrentApiToken(apiToken) } : me;
}

/** The signed-in user, as the API shows them. */
export function describeCurrentUser(user: Actor): Me {
  return {
    ...presentUser(user),
    isAdmin: user.isAdmin,
    twoFactorEnabled: user.twoFactorEnabled,
    timeZone: user.timeZone,
    preferences: { ...defaultUserPreferences, ...user.preferences },
  };
}

function found(user: repo.UserRow | undefined): repo.UserRow[] {
  return user ? [user] : [];
}
