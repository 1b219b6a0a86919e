import { useSyncExternalStore } from 'react';

/**
 * Whether the command palette is open: Ctrl+K (Cmd+K on a Mac) and the header's Search button
 * open it, and the palette closes itself. A tiny store of its own, so the header and the
 * keyboard layer need not share a provider, and the palette's code loads only once it opens.
 */
let isOpen = false;
const listeners = new Set<() => void>();

export function setPaletteOpen(open: boolean) {
  if (open === isOpen) return;
  isOpen = open;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function usePaletteOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isOpen,
    () => false,
  );
}

/** True on a Mac (and an iPad with a keyboard), where the palette's key is Cmd+K. */
export function isApplePlatform(nav: Pick<Navigator, 'userAgent' | 'platform'> | undefined = globalThis.navigator): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(nav?.platform || nav?.userAgent || '');
}

/** Ctrl+K, or Cmd+K on a Mac (with no other modifier). */
export function isPaletteKey(event: KeyboardEvent, isApple = isApplePlatform()): boolean {
  if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return false;
  return isApple ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
}

/** How the palette's key is written on this platform. */
export const paletteKeyLabel = (isApple = isApplePlatform()) => (isApple ? '⌘K' : 'Ctrl+K');
