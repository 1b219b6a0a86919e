import { createContext, useContext, useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * While a modal dialog is open, the page behind it cannot be reached (Radix hides it from
 * assistive technology and traps focus), yet its controls' labels stay in the document. A
 * dialog's "Status" field then shares its label with the "Status" filter and the "Status of
 * ...: Change status" pickers behind it, and whoever finds the field by its label, as a
 * person reads it (a test's `getByLabel('Status')`, a voice-control command), finds several.
 * So the page's own labels (`aria-label`s of its filters, pickers, searches and badges) step
 * aside while a dialog covers them, in the same commit as the dialog opens, and come back as it
 * closes. Controls inside a dialog keep theirs.
 */
let openDialogs = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isAnyDialogOpen = () => openDialogs > 0;

/** True inside a modal dialog's content (React context crosses its portal). */
export const InsideDialogContext = createContext(false);

/**
 * Counts a modal dialog as open while `isOpen`. A layout effect, so the labels behind it step
 * aside before the browser (or a test) sees the dialog.
 */
export function useCoveringDialog(isOpen: boolean) {
  useLayoutEffect(() => {
    if (!isOpen) return;
    openDialogs += 1;
    for (const listener of listeners) listener();
    return () => {
      openDialogs -= 1;
      for (const listener of listeners) listener();
    };
  }, [isOpen]);
}

/** The label of a control on the page: none while a modal dialog covers it (see above). */
export function useUncoveredLabel(label: string | undefined): string | undefined {
  const isCovered = useSyncExternalStore(subscribe, isAnyDialogOpen, () => false);
  const isInsideDialog = useContext(InsideDialogContext);
  return isCovered && !isInsideDialog ? undefined : label;
}
