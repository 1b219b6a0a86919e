import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { dropSession } from '@/features/auth/api/session';
import { createQueryClient } from '@/lib/query-client';
import { LiveEventsProvider } from './live/live-events-provider';
import { ThemeProvider } from './theme/theme-provider';

/** The app's providers; main.tsx passes the query client it filled for the first screen. */
export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  // Any 401 means the session ended: forgetting the user lets the route guard send the
  // visitor to /login, remembering the page to come back to.
  const [queryClient] = useState(() => given ?? createQueryClient({ onUnauthorized: dropSession }));
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <LiveEventsProvider>{children}</LiveEventsProvider>
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
