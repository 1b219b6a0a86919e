import { formatShortDate } from '@tasklane/contract';

/** A workspace's name, or 'Workspace {position}' (1-based, in list order) when it has none. */
export function workspaceDisplayName(name: string | null | undefined, index: number): string {
  return name?.trim() || `Workspace ${index + 1}`;
}

/** 'Created Jan 5, 2025', or 'Unknown' when the date is missing or unreadable (SPEC 2). */
export function workspaceCreatedLabel(createdAt: string | null | undefined): string {
  const date = formatShortDate(createdAt);
  return date ? `Created ${date}` : 'Unknown';
}

/** A workspace name may be saved only when something is left after trimming (SPEC 5). */
export function isBlankName(name: string): boolean {
  return name.trim() === '';
}
