import type { SearchResult } from '@tasklane/contract';
import { Keyboard, LogOut, Moon, Plus, Settings, Sun, Bell } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import type { PageRequest } from '@/lib/keyboard/use-create-shortcut';
import { navItems } from '../shell/nav-items';
import { useTheme } from '../theme/use-theme';

export interface PaletteCommand {
  id: string;
  label: string;
  /** Words it is also found by ('dark', 'logout'). */
  keywords?: string;
  /** A second line (where it leads). */
  hint?: string;
  icon?: ReactNode;
  run: () => void;
}

/** How many "Create task in <feature>" commands the palette offers at most. */
const FEATURE_COMMAND_LIMIT = 5;

const CREATE_TASK_PREFIX = /^\s*create\s+(?:a\s+)?task\s*(?:in\s*)?/i;

/** What "create task in <name>" asks features for ("" while only the command is typed), or undefined for other text. */
export function featureCommandQuery(text: string): string | undefined {
  return CREATE_TASK_PREFIX.test(text) ? text.replace(CREATE_TASK_PREFIX, '').trim() : undefined;
}

/**
 * The commands whose label or keywords contain every word typed (all of them before anything is
 * typed); "Create task in <feature>" commands always stay, they come from the search itself.
 */
export function filterCommands(commands: readonly PaletteCommand[], typed: string): PaletteCommand[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return commands.filter((command) => !command.id.startsWith('create-task:'));
  return commands.filter((command) => {
    if (command.id.startsWith('create-task:')) return true;
    const haystack = `${command.label} ${command.keywords ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * Every command the palette offers: create a todo or a task (in the features the search found),
 * go to each page of the header, switch the theme, show the shortcuts, sign out.
 */
export function usePaletteCommands({
  features,
  close,
  onShowShortcuts,
}: {
  features: readonly SearchResult[];
  close: () => void;
  onShowShortcuts: () => void;
}): PaletteCommand[] {
  const navigate = useNavigate();
  const { user } = useMe();
  const { theme, toggleTheme } = useTheme();
  const { signOut } = useSignOut();
  const then = (action: () => void) => () => {
    close();
    action();
  };
  const create: PageRequest = { create: true };
  const otherTheme = theme === 'dark' ? 'light' : 'dark';

  const featureCommands = features.slice(0, FEATURE_COMMAND_LIMIT).map((feature) => ({
    id: `create-task:${feature._id}`,
    label: `Create task in ${feature.title}`,
    hint: feature.project?.name,
    icon: <Plus />,
    run: then(() => void navigate(feature.project ? paths.featureTasks.href(feature.project._id, feature._id) : feature.url, { state: create })),
  }));

  const pages = [
    ...navItems.filter((item) => !item.isAdminOnly || user?.isAdmin === true).map((item) => ({ label: item.label, href: item.href, icon: <item.icon /> })),
    { label: 'Inbox', href: paths.inbox.href(), icon: <Bell /> },
    { label: 'Settings', href: paths.settings.href(), icon: <Settings /> },
  ];

  return [
    { id: 'create-todo', label: 'Create todo', keywords: 'new add todo', icon: <Plus />, run: then(() => void navigate(paths.home.href(), { state: create })) },
    ...featureCommands,
    ...pages.map((page) => ({
      id: `go:${page.href}`,
      label: `Go to ${page.label.toLowerCase()}`,
      keywords: 'open page navigate',
      icon: page.icon,
      run: then(() => void navigate(page.href)),
    })),
    {
      id: 'switch-theme',
      label: 'Switch theme',
      keywords: `${otherTheme} dark light mode appearance`,
      hint: `To the ${otherTheme} theme`,
      icon: theme === 'dark' ? <Sun /> : <Moon />,
      run: then(toggleTheme),
    },
    { id: 'shortcuts', label: 'Keyboard shortcuts', keywords: 'keys help ?', icon: <Keyboard />, run: then(onShowShortcuts) },
    {
      id: 'sign-out',
      label: 'Sign out',
      keywords: 'log out logout leave',
      icon: <LogOut />,
      run: then(signOut),
    },
  ];
}
