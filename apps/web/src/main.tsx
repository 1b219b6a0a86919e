import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { dropSession } from '@/features/auth/api/session';
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
const root = createRoot(container);

// The first screen renders with its data, in a transition: React builds it in short tasks
// rather than one long one (app/first-screen.ts). Until then index.html shows the loader.
void prepareFirstScreen(queryClient).then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
