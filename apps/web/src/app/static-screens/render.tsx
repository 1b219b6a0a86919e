import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import LoginPage from '@/features/auth/pages/login-page';
import { StaticScreenContext } from '@/lib/static-screen';

/**
 * The pages whose HTML holds their first screen, by path: written at build time
 * (apps/web/static-screens.ts, into dist/static-screens.json) and put into #root by the server
 * (apps/server/src/http/first-screen.ts) in place of the loader. Only pages that show the same
 * thing to every visitor: the sign-in form, in its first state.
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
  return { '/login': render('/login', <LoginPage />) };
}
