import { useEffect, useRef } from 'react';

/**
 * The keyboard's way into a task's in-place pickers (issue 18): `s`, `p` and `a` on a selected
 * row, card or the task detail page ask for that task's status, priority or assignee picker,
 * and whichever picker of that task is on screen opens. The keyboard layer does not know where
 * the pickers are rendered, and the pickers do not know about keys.
 */
export type TaskPickerField = 'status' | 'priority' | 'assignee';

type Handler = (field: TaskPickerField) => void;

const handlers = new Map<string, Set<Handler>>();

/**
 * Asks the on-screen pickers of a task to open one field's picker. Returns whether any picker
 * of that task was listening (nothing on screen edits it in place otherwise).
 */
export function requestTaskPicker(taskId: string, field: TaskPickerField): boolean {
  const listening = handlers.get(taskId);
  if (!listening || listening.size === 0) return false;
  // The newest listener wins: a row and its open detail never both open a picker.
  const newest = [...listening].at(-1);
  newest?.(field);
  return true;
}

/** Listens, while mounted, for requests to open one of `taskId`'s pickers. */
export function useTaskPickerRequests(taskId: string | undefined, onRequest: Handler): void {
  const latest = useRef(onRequest);
  latest.current = onRequest;
  useEffect(() => {
    if (!taskId) return undefined;
    const handler: Handler = (field) => latest.current(field);
    let set = handlers.get(taskId);
    if (!set) {
      set = new Set();
      handlers.set(taskId, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) handlers.delete(taskId);
    };
  }, [taskId]);
}
