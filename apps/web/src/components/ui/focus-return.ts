import { useRef } from 'react';

const firstFieldSelector = [
  'input:not([type="hidden"]):not(:disabled)',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
  'button:not(:disabled)',
  '[href]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * Focus handling for a dialog opened from state rather than from a Radix Trigger (which is how
 * screens open theirs): remember what had focus when it opened and give focus back to it when it
 * closes. Without a Trigger, Radix has nothing to return focus to and it lands on the page body.
 */
export function useFocusReturn() {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    /** Call first thing in `onOpenAutoFocus`, before focus moves into the dialog. */
    remember() {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    /** `onCloseAutoFocus`: back to the remembered element if it is still on the page. */
    restore(event: Event) {
      const target = returnTo.current;
      returnTo.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus({ preventScroll: true });
    },
  };
}

/** The first control in `container`, where a form dialog's focus should start. */
export function firstField(container: HTMLElement | null): HTMLElement | null {
  return container?.querySelector<HTMLElement>(firstFieldSelector) ?? null;
}
