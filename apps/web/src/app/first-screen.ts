import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { openedPage, openedSignedOutPage } from './router';

/** The longest the first render waits for the first screen's code and data. */
const FIRST_SCREEN_WAIT_MS = 4000;

/**
 * Issue 15 §4: the signed-in page a visitor opens renders once, complete, instead of a loader
 * that a query answer then replaces. Before the first render this waits for the session user, the
 * page's code, and the data its first screen shows (the page module's `prefetchFirstScreen`),
 * all requested at once (the server preloads them with the HTML). The app then renders it in a
 * transition (main.tsx), which React splits into short tasks: the page stays responsive while it
 * builds, and no long task blocks input (Lighthouse's total blocking time).
 *
 * Nothing here is required: a failed request leaves its query to the page (which shows its own
 * loading or error state), no session leaves the guard to send the visitor to /login, and after
 * FIRST_SCREEN_WAIT_MS the app renders whatever has arrived. index.html shows the app's loader
 * until then.
 */
export async function prepareFirstScreen(client: QueryClient): Promise<void> {
  const page = openedPage;
  if (!page && !openedSignedOutPage) return;
  const prepare = async () => {
    // A signed-out page (sign in, register ...) needs no session and no data: only its code, so
    // that it renders at once in place of the loader, or of its own HTML (lib/static-screen.ts).
    if (!page) {
      await openedSignedOutPage!.load();
      return;
    }
    const [user, module] = await Promise.all([
      client.fetchQuery(meQueryOptions()).catch(() => null),
      page.load().catch(() => undefined),
    ]);
    if (user && module?.prefetchFirstScreen) await module.prefetchFirstScreen(client, new URLSearchParams(window.location.search));
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
  });
  await Promise.race([prepare().catch(() => undefined), timeout]);
  clearTimeout(timer);
}
