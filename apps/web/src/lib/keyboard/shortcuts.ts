import { useEffect, useRef } from 'react';

/**
 * The app's one keyboard layer (issue 18): single keys (`c`, `?`, `j`) and two-key sequences
 * (`g t`) bound by whatever is on screen. One document listener dispatches them; the newest
 * binding of a key wins (a page's `c` over nothing, a list's `Enter` over the page's), and a
 * handler that returns `false` passes the key on to the older ones (and to the browser).
 *
 * A shortcut never fires while the person types in a field (input, textarea, select,
 * contenteditable), inside a menu or listbox that handles its own keys, with Ctrl, Alt or Meta
 * held (Shift only for keys it produces, such as `?`), nor while a dialog is open: Escape
 * belongs to the dialog, and Ctrl+K (the palette) has its own listener.
 */
export type ShortcutHandler = (event: KeyboardEvent) => boolean | void;
export type ShortcutBindings = Readonly<Record<string, ShortcutHandler | undefined>>;

/** How long the second key of a sequence (`g` then `t`) may wait. */
export const SEQUENCE_TIMEOUT_MS = 1500;

const layers: Array<{ current: ShortcutBindings }> = [];
let pending: { prefix: string; timer: ReturnType<typeof setTimeout> } | undefined;

const TEXT_INPUT_TYPES = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** True when keys typed at `target` are text for a field, not commands. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[contenteditable=""], [contenteditable="true"]')) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !TEXT_INPUT_TYPES.has(target.type);
  return target.closest('[role="menu"], [role="listbox"], [role="combobox"], [role="textbox"]') !== null;
}

/** True while a dialog (modal or not: a form, a confirmation, the palette, a panel) is open. */
export function isDialogOpen(doc: Document = document): boolean {
  return doc.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/** The key as bindings name it ('c', '?', 'Enter'), or undefined for a chord or a lone modifier. */
function keyName(event: KeyboardEvent): string | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  const { key } = event;
  if (key === 'Shift' || key === 'Dead' || key === 'Unidentified') return undefined;
  // Shift may only be the way a character is typed (`?`); Shift+Enter is not Enter.
  if (event.shiftKey && key.length > 1) return undefined;
  return key;
}

function clearPending() {
  if (pending) clearTimeout(pending.timer);
  pending = undefined;
}

/** Runs the newest handler bound to `name` that accepts it; true when one did. */
function dispatch(name: string, event: KeyboardEvent): boolean {
  for (let index = layers.length - 1; index >= 0; index -= 1) {
    const handler = layers[index]?.current[name];
    if (handler && handler(event) !== false) return true;
  }
  return false;
}

const isPrefix = (key: string) => layers.some((layer) => Object.keys(layer.current).some((name) => name.startsWith(`${key} `)));

/** The document's keydown listener (exported for tests that dispatch by hand). */
export function handleShortcutKey(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.isComposing) return;
  const key = keyName(event);
  if (key === undefined) return;
  if (isTypingTarget(event.target) || isDialogOpen(event.target instanceof Node ? (event.target.ownerDocument ?? document) : document)) {
    clearPending();
    return;
  }
  if (pending) {
    const sequence = `${pending.prefix} ${key}`;
    clearPending();
    if (dispatch(sequence, event)) event.preventDefault();
    return;
  }
  if (dispatch(key, event)) {
    event.preventDefault();
    return;
  }
  if (isPrefix(key)) {
    event.preventDefault();
    pending = { prefix: key, timer: setTimeout(clearPending, SEQUENCE_TIMEOUT_MS) };
  }
}

function addLayer(layer: { current: ShortcutBindings }) {
  if (layers.length === 0) document.addEventListener('keydown', handleShortcutKey);
  layers.push(layer);
  return () => {
    const index = layers.indexOf(layer);
    if (index >= 0) layers.splice(index, 1);
    if (layers.length === 0) {
      document.removeEventListener('keydown', handleShortcutKey);
      clearPending();
    }
  };
}

/**
 * Binds keys while the component is mounted (and `enabled`): `{ c: openCreate, 'g t': goHome }`.
 * The handlers may change every render; the binding keeps its place among the others.
 */
export function useShortcuts(bindings: ShortcutBindings, enabled = true): void {
  const latest = useRef(bindings);
  latest.current = bindings;
  useEffect(() => {
    if (!enabled) return undefined;
    const layer = {
      get current() {
        return latest.current;
      },
    };
    return addLayer(layer);
  }, [enabled]);
}
