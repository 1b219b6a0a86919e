import { useState } from 'react';

/**
 * A toggle that shows its new state in the same render as the click. The cached list changes
 * at once too, but TanStack Query tells the screen on its next tick, and in between React would
 * put a controlled checkbox back to its old state for a frame. The state shown here holds until
 * the change settles; by then the list says what the server decided (or was rolled back).
 */
export function useInstantToggle(isOn: boolean, toggle: () => Promise<unknown>) {
  const [pending, setPending] = useState<boolean | null>(null);
  const shown = pending ?? isOn;
  const onToggle = () => {
    setPending(!shown);
    void toggle().finally(() => setPending(null));
  };
  return [shown, onToggle] as const;
}
