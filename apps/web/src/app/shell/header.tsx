import { CheckSquare, LogIn, Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { useIsStaticScreen } from '@/lib/static-screen';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { LiveStatusIndicator } from '../live/live-status-indicator';
import { PaletteButton } from '../palette/palette-button';
import { MainNav } from './main-nav';
import { SignOutButton } from './sign-out-button';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

export const GREETING_FALLBACK_NAME = 'there';

const iconButton =
  'rounded-lg p-2 text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

export function Header() {
  const { user } = useMe();
  // In the dashboard's HTML (app/static-screens/render.tsx) nobody is known yet: the greeting
  // and the account's buttons are left out, and the menu button waits for the app.
  const isStatic = useIsStaticScreen();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const name = user?.fullName.trim() || GREETING_FALLBACK_NAME;

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      {/* Narrow screens: the greeting wraps onto its own line so the full name is never cut short. */}
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center gap-x-3 px-4 py-2 sm:flex-nowrap sm:px-6 lg:px-8">
        <button
          ref={menuButton}
          type="button"
          className={`${iconButton} lg:hidden`}
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isMenuOpen}
          aria-controls="mobile-nav"
          disabled={isStatic}
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          {isMenuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
        </button>
        <Link
          to={paths.list.href()}
          className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-white"
        >
          <CheckSquare aria-hidden="true" className="size-6 text-indigo-600 dark:text-indigo-400" />
          Tasklane
        </Link>
        <p
          className="order-last w-full min-w-0 truncate pb-1 text-sm text-slate-600 sm:order-none sm:ml-auto sm:w-auto sm:pb-0 dark:text-slate-300"
          data-testid={isStatic ? undefined : 'greeting'}
          title={isStatic ? undefined : `Hello, ${name}`}
        >
          {!isStatic && (
            <>
              Hello, <span className="font-semibold text-slate-900 dark:text-white">{name}</span>
            </>
          )}
        </p>
        <div className="ml-auto flex items-center gap-1 sm:ml-0">
          {user && <PaletteButton />}
          {user && <LiveStatusIndicator />}
          {user && <NotificationBell />}
          <ThemeToggle />
          {user ? (
            <>
              <UserMenu user={user} />
              <SignOutButton />
            </>
          ) : isStatic ? null : (
            <Link
              to={paths.login.href()}
              aria-label="Sign in"
              className={`${iconButton} flex items-center gap-2 text-sm font-semibold`}
            >
              <LogIn aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">Sign in</span>
            </Link>
          )}
        </div>
      </div>
      <div className="mx-auto hidden max-w-7xl px-4 pb-2 sm:px-6 lg:block lg:px-8">
        <MainNav layout="row" />
      </div>
      {isMenuOpen && (
        <div className="border-t border-slate-200 px-4 py-3 lg:hidden dark:border-slate-800">
          <MainNav layout="column" id="mobile-nav" onNavigate={() => setIsMenuOpen(false)} />
        </div>
      )}
    </header>
  );
}
