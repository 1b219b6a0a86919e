import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import LoginPage from '@/features/auth/pages/login-page';
import { TodosPageTop } from '@/features/todos/pages/todos-page';
import { ShellLayout } from '../shell/app-shell';
import { StaticScreenContext } from '@/lib/static-screen';

/**
 * The pages whose HTML holds their first screen, by path: written at build time
 * (apps/web/static-screens.ts, into dist/static-screens.json) and put into #root by the server
 * (apps/server/src/http/first-screen.ts) in place of the loader. Only pages that show the same
 * thing to every visitor: the sign-in form, in its first state, and the signed-in dashboard's
 * frame and heading, which the server sends only with a session cookie
 * (apps/server/src/http/first-screen.ts).
 */
export function renderStaticScreens(): Record<string, string> {
  const render = (path: string, page: React.ReactNode) =>
    renderToStaticMarkup(
      <StaticScreenContext.Provider value>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
        </QueryClientProvider>
      </StaticScreenContext.Provider>,
    );
  return {
    '/login': render('/login', <LoginPage />),
    // The dashboard's frame for a visitor with a session: the header without who is signed in,
    // the page's heading, My day loading, quick add disabled, and the loader where the person's
    // own todos will be.
    '/': render(
      '/',
      <ShellLayout>
        <TodosPageTop />
        <FullPageLoader fill="area" />
      </ShellLayout>,
    ),
  };
}
