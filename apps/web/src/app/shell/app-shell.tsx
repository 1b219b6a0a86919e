import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { useMe } from '@/features/auth/api/get-me';
import { KeyboardLayer } from '../keyboard/keyboard-layer';
import { Header } from './header';
import { useBrowserTimeZoneDefault } from './use-browser-time-zone-default';

/** The signed-in pages' frame: the header, and the page below it. */
export function ShellLayout({ children, after }: { children: ReactNode; after?: ReactNode }) {
  return (
    <div className="min-h-screen">
      <Header />
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">{children}</main>
      {after}
    </div>
  );
}

export function AppShell() {
  useBrowserTimeZoneDefault();
  const { user } = useMe();
  return (
    <ShellLayout after={user && <KeyboardLayer />}>
      <Suspense fallback={<FullPageLoader fill="area" />}>
        <Outlet />
      </Suspense>
    </ShellLayout>
  );
}
