import { Briefcase, CalendarDays, ClipboardList, FolderKanban, ListTodo, ShieldCheck, Tags, type LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Only an exact match marks the entry current (the home page would match everything). */
  end?: boolean;
  /** Shown to administrators of the instance only (the server refuses everyone else anyway). */
  isAdminOnly?: boolean;
  /** Carries the number of items on My day (the dashboard's Today view, decision 037). */
  showsTodayCount?: boolean;
}

export const navItems: NavItem[] = [
  { label: 'Todos', href: paths.home.href(), icon: ListTodo, end: true, showsTodayCount: true },
  { label: 'Workspaces', href: paths.workspaces.href(), icon: Briefcase },
  { label: 'Assigned Projects', href: paths.projects.href(), icon: FolderKanban },
  { label: 'Assigned Tasks', href: paths.tasks.href(), icon: ClipboardList },
  { label: 'Categories', href: paths.categories.href(), icon: Tags },
  { label: 'Calendar', href: paths.calendar.href(), icon: CalendarDays },
  { label: 'Admin', href: paths.admin.href(), icon: ShieldCheck, isAdminOnly: true },
];
