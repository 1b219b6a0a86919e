import { startTransition, useEffect, useState } from 'react';

/** How long a step waits for a frame before it renders anyway (a tab in the background). */
const HIDDEN_TAB_FALLBACK_MS = 250;

/**
 * How many of a long list's items to render: `first` at once, then `step` more after each
 * frame until all are there (decision 017, fifth pass). A page of 24 todo cards is about 1,200
 * elements; rendering them in one commit made one long task of style and layout, the largest
 * part of the dashboard's total blocking time. In steps, the first cards paint at once and the
 * browser stays responsive while the rest arrive, a frame or two later.
 *
 * The count only grows: a list that changes (a filter, a live update, Show more) renders up to
 * what is already shown at once, and any items beyond it in steps.
 */
export function useProgressiveCount(total: number, { first, step }: { first: number; step: number }): number {
  const [count, setCount] = useState(first);
  const isComplete = count >= total;
  useEffect(() => {
    if (isComplete) return;
    // After the frame that paints this step (requestAnimationFrame, then a task), so each step's
    // style and layout is a task of its own rather than one with the next step's.
    // A hidden tab paints no frames: the fallback renders the rest there.
    let isDone = false;
    const next = () => {
      if (isDone) return;
      isDone = true;
      startTransition(() => setCount((shown) => shown + step));
    };
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timeout = setTimeout(next, 0);
    });
    const fallback = setTimeout(next, HIDDEN_TAB_FALLBACK_MS);
    return () => {
      isDone = true;
      cancelAnimationFrame(frame);
      clearTimeout(timeout);
      clearTimeout(fallback);
    };
  }, [count, isComplete, step]);
  return Math.min(count, total);
}
