import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { routerOptions } from '@/lib/router-options';
import { AppProviders } from './providers';
import { appRoutes } from './router';

function AppRoutes() {
  return useRoutes(appRoutes);
}

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter {...routerOptions}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
