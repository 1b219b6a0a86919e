import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { routerOptions } from '@/lib/router-options';
import { MemoryRouter, useLocation, useNavigate, useRoutes, type Location, type NavigateFunction, type NavigateOptions, type RouteObject, type To } from 'react-router';

/** A query client as the app's, without retries (a failure shows at once). */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Renders `ui` with a fresh query client. */
export function renderWithQueries(ui: ReactNode) {
  const client = testQueryClient();
  return { ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>), queryClient: client };
}

/** Runs `hook` in a component with a fresh query client, and the toasts on screen. */
export function renderHookWithQueries<Result>(hook: () => Result) {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <Toaster />
      {children}
    </QueryClientProvider>
  );
  return { ...renderHook(hook, { wrapper }), queryClient: client };
}

export interface RenderOptions {
  /** The URL the screen opens at ('/dashboard/todos?status=DONE'). */
  url?: string;
  /** The route pattern `ui` answers (so params and links resolve); every path by default. */
  path?: string;
  /** Also render the toasts (react-hot-toast's Toaster). */
  withToasts?: boolean;
  /** The navigation's state, as another screen's `navigate(url, { state })` leaves it. */
  state?: unknown;
}

/**
 * Renders `ui` as a screen of the app: a fresh query client, a router at `url` (another path
 * shows 'Elsewhere', so a navigation away is visible), and optionally the toasts.
 * `location()` is where the router is now (its pathname and search).
 */
export function renderScreen(ui: ReactNode, { url = '/', path = '*', withToasts = false, state }: RenderOptions = {}) {
  const client = testQueryClient();
  const routes: RouteObject[] = [{ path, element: ui }, ...(path === '*' ? [] : [{ path: '*', element: <Elsewhere /> }])];
  // The router as the app has it (app.tsx: a declarative router rendering the routes), watched
  // by a probe that keeps its location and navigate function for the test.
  const probe: { location?: Location; navigate?: NavigateFunction } = {};
  const result = render(
    <QueryClientProvider client={client}>
      {withToasts && <Toaster />}
      <MemoryRouter {...routerOptions} initialEntries={[state === undefined ? url : entryWithState(url, state)]}>
        <ScreenRoutes routes={routes} />
        <Probe into={probe} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const router = {
    /** Where the router is now. */
    get state() {
      return { location: probe.location! };
    },
    /** Navigates as a screen would. */
    navigate: ((to: To | number, options?: NavigateOptions) => (typeof to === 'number' ? probe.navigate!(to) : probe.navigate!(to, options))) as NavigateFunction,
  };
  const location = () => probe.location!;
  return { ...result, router, queryClient: client, location };
}

/** The screen's routes, rendered as the app renders its own (app/app.tsx). */
function ScreenRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Keeps the router's current location and navigate function in `into`. */
function Probe({ into }: { into: { location?: Location; navigate?: NavigateFunction } }) {
  into.location = useLocation();
  into.navigate = useNavigate();
  return null;
}

/** A history entry at `url` carrying `state`. */
function entryWithState(url: string, state: unknown) {
  const { pathname, search } = new URL(url, 'http://tasklane.test');
  return { pathname, search, state };
}

function Elsewhere() {
  return <p>Elsewhere</p>;
}
