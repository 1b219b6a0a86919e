import { StrictMode, startTransition } from 'react';
import { dropSession } from '@/features/auth/api/session';
import { nextTask } from '@/lib/next-task';
import { createQueryClient } from '@/lib/query-client';
import { adoptStaticScreen } from '@/lib/static-screen';
import { App } from './app/app';
import { prepareFirstScreen } from './app/first-screen';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// Any 401 means the session ended: forgetting the user lets the route guard send the visitor
// to /login, remembering the page to come back to.
const queryClient = createQueryClient({ onUnauthorized: dropSession });
// The sign-in page's HTML holds its form (lib/static-screen.ts): keep what is typed into it.
adoptStaticScreen(container);

/**
 * The app starts in short tasks rather than one long one (decision 017, sixth pass). A browser
 * runs a module script and everything it imports in one task: React DOM, React Router, TanStack
 * Query and the app's shell, run for the first time, were one task of 60 to 150 ms on this
 * machine, four times that on the slow phone Lighthouse emulates. React DOM, the largest, is
 * therefore imported apart (its file is preloaded with the page all the same:
 * first-screen-chunks.ts), and runs in a task of its own; asking for the first screen's data and
 * the first render each get one too.
 *
 * The first screen renders with its data, in a transition: React builds it in short tasks
 * (app/first-screen.ts). Until then index.html shows the loader, or the page's own first screen.
 */
async function start(root: HTMLElement): Promise<void> {
  const reactDom = import('react-dom/client');
  await nextTask();
  await prepareFirstScreen(queryClient);
  const { createRoot } = await reactDom;
  await nextTask();
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

void start(container);
