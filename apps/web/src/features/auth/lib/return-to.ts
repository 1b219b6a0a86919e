import { paths } from '@/config/paths';

/** What the route guard puts in the router state of its redirect to /login. */
export interface ReturnToState {
  from: string;
}

export function returnToState(location: { pathname: string; search: string; hash: string }): ReturnToState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** Where to go after signing in: the page first asked for, else the home page. */
export function readReturnTo(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return paths.home.href();
  const { from } = state;
  // Only same-app paths: never another origin ('//host') and never back to the login page.
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return paths.home.href();
  if (from === paths.login.href() || from.startsWith(`${paths.login.href()}?`)) return paths.home.href();
  return from;
}
