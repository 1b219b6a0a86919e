import { NavLink } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { useTodayCount } from '@/features/todos/api/get-today';
import { cn } from '@/lib/cn';
import { navItems } from './nav-items';

const linkBase =
  'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
const linkIdle = 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';
const linkActive = 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300';

/** How many items are on My day, by the dashboard's entry: shown as a pill, read as "(3 for today)". */
function TodayCount({ count }: { count: number }) {
  return (
    <>
      <span aria-hidden="true" className="rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-800 tabular-nums dark:bg-amber-500/20 dark:text-amber-300">
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">({count} for today)</span>
    </>
  );
}

/** The six entries (and Admin for an administrator); `layout` picks a row (wide screens) or a column (the narrow-screen menu). */
export function MainNav({ layout, id, onNavigate }: { layout: 'row' | 'column'; id?: string; onNavigate?: () => void }) {
  const { user } = useMe();
  const items = navItems.filter((item) => !item.isAdminOnly || user?.isAdmin === true);
  const todayCount = useTodayCount();
  return (
    <nav aria-label="Main" id={id}>
      <ul className={layout === 'row' ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
        {items.map(({ label, href, icon: Icon, end, showsTodayCount }) => (
          <li key={href}>
            <NavLink to={href} end={end} onClick={onNavigate} className={({ isActive }) => cn(linkBase, isActive ? linkActive : linkIdle)}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
              {showsTodayCount && todayCount > 0 && <TodayCount count={todayCount} />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
