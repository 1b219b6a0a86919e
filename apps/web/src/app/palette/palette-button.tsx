import { Search } from 'lucide-react';
import { CommandPalette } from '../keyboard/keyboard-layer';
import { paletteKeyLabel, setPaletteOpen } from './palette-store';

/** The header's way into the command palette, for the mouse and as a hint of its key. */
export function PaletteButton() {
  const key = paletteKeyLabel();
  return (
    <button
      type="button"
      aria-label="Search and commands"
      aria-keyshortcuts={key === '⌘K' ? 'Meta+K' : 'Control+K'}
      title={`Search and commands (${key})`}
      onClick={() => setPaletteOpen(true)}
      onPointerEnter={() => void CommandPalette.preload()}
      className="flex items-center gap-2 rounded-lg p-2 text-sm text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:border sm:border-slate-200 sm:px-3 sm:py-1.5 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white sm:dark:border-slate-700"
    >
      <Search aria-hidden="true" className="size-5 sm:size-4" />
      <span className="hidden md:inline">Search</span>
      {/* The shortcut is drawn by CSS (content: attr()), not written as text: the button's visible
          text then stays "Search", part of its name (WCAG 2.5.3, label in name). */}
      <kbd
        aria-hidden="true"
        data-key={key}
        className="hidden rounded border border-slate-300 px-1 font-sans text-xs text-slate-500 after:content-[attr(data-key)] md:inline dark:border-slate-600 dark:text-slate-400"
      />
    </button>
  );
}
