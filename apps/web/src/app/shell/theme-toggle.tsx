import { Moon, Sun } from 'lucide-react';
import { useIsStaticScreen } from '@/lib/static-screen';
import { useTheme } from '../theme/use-theme';

const className =
  'rounded-lg p-2 text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

export function ThemeToggle() {
  return useIsStaticScreen() ? <StaticThemeToggle /> : <LiveThemeToggle />;
}

/**
 * In a page's HTML, before the app has loaded (lib/static-screen.ts): the theme is known only to
 * the stylesheet (public/theme-init.js set the root's class), so both icons are there and the
 * stylesheet shows the right one; the button waits for the app.
 */
function StaticThemeToggle() {
  return (
    <button type="button" disabled aria-label="Switch theme" className={className}>
      <Moon aria-hidden="true" className="size-5 dark:hidden" />
      <Sun aria-hidden="true" className="hidden size-5 dark:block" />
    </button>
  );
}

function LiveThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const isDark = theme === 'dark';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={isDark ? 'Switch to light theme' : 'Switch to dark theme'}
      title={isDark ? 'Switch to light theme' : 'Switch to dark theme'}
      className={className}
    >
      {isDark ? <Sun aria-hidden="true" className="size-5" /> : <Moon aria-hidden="true" className="size-5" />}
    </button>
  );
}
