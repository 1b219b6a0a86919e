import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { paths } from '@/config/paths';
import { useShortcuts } from '@/lib/keyboard/shortcuts';
import { isPaletteKey, paletteKeyLabel, setPaletteOpen, usePaletteOpen } from '../palette/palette-store';

// Neither is on the first screen: the palette (cmdk, the search client, zod) and the sheet load when first opened.
export const CommandPalette = lazyDialog(() => import('../palette/command-palette').then((module) => module.default));
const ShortcutSheet = lazyDialog(() => import('./shortcut-sheet').then((module) => module.ShortcutSheet));

/** The page's own search box (pages with a list have one), if it has any. */
function pageSearchField(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>('main input[type="search"]:not(:disabled)');
}

/**
 * The keyboard anywhere in the signed-in app (issue 18): Ctrl+K (Cmd+K on a Mac) opens the
 * command palette, even from a field or over a dialog; `?` shows every shortcut; `/` goes to
 * the page's search; `g` then `t` / `w` / `p` / `a` / `c` / `l` goes to Todos, Workspaces, Assigned
 * Projects, Assigned Tasks, Categories or the Calendar. Pages add their own keys (`c`, a list's `j` / `k`).
 */
export function KeyboardLayer() {
  const navigate = useNavigate();
  const isPaletteOpen = usePaletteOpen();
  const [isSheetOpen, setIsSheetOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteKey(event)) return;
      event.preventDefault();
      setPaletteOpen(!isPaletteOpen);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isPaletteOpen]);
  // Leaving the signed-in app (signing out) closes it.
  useEffect(() => () => setPaletteOpen(false), []);

  const goTo = (href: string) => () => void navigate(href);
  useShortcuts({
    '?': () => setIsSheetOpen(true),
    '/': () => {
      const field = pageSearchField();
      if (!field) return false;
      field.focus();
      field.select();
      return true;
    },
    'g t': goTo(paths.home.href()),
    'g w': goTo(paths.workspaces.href()),
    'g p': goTo(paths.projects.href()),
    'g a': goTo(paths.tasks.href()),
    'g c': goTo(paths.categories.href()),
    'g l': goTo(paths.calendar.href()),
  });

  return (
    <>
      <CommandPalette open={isPaletteOpen} onOpenChange={setPaletteOpen} onShowShortcuts={() => setIsSheetOpen(true)} />
      <ShortcutSheet open={isSheetOpen} onOpenChange={setIsSheetOpen} paletteKey={paletteKeyLabel()} />
    </>
  );
}
