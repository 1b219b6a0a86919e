import { createContext, useContext } from 'react';

/**
 * Issue 15 §4: the sign-in page's HTML already holds its form, written at build time from these
 * same components (apps/web/static-screens.ts), so the page is seen before any script has run.
 * React then renders the page in its place (createRoot), and anything typed meanwhile is carried
 * over (below).
 *
 * The dashboard's HTML holds its frame the same way, for a visitor with a session (decision 017,
 * fourth pass): its header names nobody, and its buttons and quick add are disabled until then.
 *
 * While rendered for that HTML, a screen is "static": its submit button is disabled, so pressing
 * Enter in a field cannot submit the form natively (a GET with the password in its address)
 * before the script that handles it has arrived.
 */
export const StaticScreenContext = createContext(false);

export function useIsStaticScreen(): boolean {
  return useContext(StaticScreenContext);
}

let adopted: Map<string, HTMLInputElement> | undefined;
let focusedId: string | undefined;

/**
 * Before React renders into `container`: holds on to the static page's fields (by id), whose
 * values stay readable once React has replaced them, and notes which one has the focus.
 */
export function adoptStaticScreen(container: HTMLElement): void {
  const inputs = [...container.querySelectorAll<HTMLInputElement>('input[id]')];
  if (inputs.length === 0) return;
  adopted = new Map(inputs.map((input) => [input.id, input]));
  const active = document.activeElement;
  focusedId = active instanceof HTMLInputElement && adopted.get(active.id) === active ? active.id : undefined;
  container.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && adopted?.get(target.id) === target) focusedId = target.id;
  });
}

/**
 * What was typed into the static page's field `id` before React replaced it (once; undefined when
 * nothing). Called while React commits its own fields (a layout effect), with the new field of
 * the same id already in the page: when the old one had the focus, the new one takes it here, in
 * the same task. React's commit removed the focused field and left the focus on the page's body;
 * a key typed before the focus moves would go nowhere. (react-hook-form's `setFocus` waits for a
 * timer, a gap in which keys were lost: seen as a password typed during the handover and gone.)
 */
export function takeStaticInput(id: string): string | undefined {
  const input = adopted?.get(id);
  if (!input) return undefined;
  adopted!.delete(id);
  if (focusedId === id) {
    const replacement = document.getElementById(id);
    if (replacement !== input && replacement instanceof HTMLElement) replacement.focus();
  }
  return input.value || undefined;
}
