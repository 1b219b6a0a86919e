import type { ServiceContext } from '../context.js';
import * as repo from './users.repo.js';

export function listUsers(ctx: ServiceContext) {
  return repo.listUsers(ctx.db);
}
