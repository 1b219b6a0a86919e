import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { useMe } from '@/features/auth/api/get-me';
import { KeyboardLayer } from '../keyboard/keyboard-layer';
import { Header } from './header';
import { useBrowserTimeZoneDefault } from './use-browser-time-zone-default';

export function AppShell() {
  useBrowserTimeZoneDefault();
  const { user } = useMe();
  return (
    <div className="min-h-screen">
      <Header />
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <Suspense fallback={<FullPageLoader fill="area" />}>
          <Outlet />
        </Suspense>
      </main>
      {user && <KeyboardLayer />}
    </div>
  );
}
