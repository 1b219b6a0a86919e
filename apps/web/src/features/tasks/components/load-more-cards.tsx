import { useEffect, useRef, type RefObject } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/format';

export interface LoadMoreCardsProps {
  /** The column's name, for the button's accessible name. */
  label: string;
  /** Cards of the column not loaded yet. */
  remaining: number;
  isLoading: boolean;
  onLoadMore: () => void;
  /** The column's scrolling box: reaching its end (or near it) loads the next cards. */
  scrollRoot: RefObject<HTMLElement | null>;
}

/** How far before the column's end the next cards start loading. */
const AHEAD_PX = 400;

/**
 * The end of a column's loaded cards: scrolled into view it loads the next ones by itself; it
 * is also a button, for the keyboard and for browsers without IntersectionObserver.
 */
export function LoadMoreCards({ label, remaining, isLoading, onLoadMore, scrollRoot }: LoadMoreCardsProps) {
  const ref = useRef<HTMLButtonElement | null>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;
  useEffect(() => {
    const target = ref.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && latest.current(), {
      root: scrollRoot.current,
      rootMargin: `0px 0px ${AHEAD_PX}px 0px`,
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [scrollRoot]);
  return (
    <button
      ref={ref}
      type="button"
      onClick={() => !isLoading && onLoadMore()}
      aria-busy={isLoading}
      aria-label={`Load more ${label} tasks (${formatCount(remaining)} more)`}
      className="mt-2 flex w-full items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 py-2 text-xs font-medium text-slate-600 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {isLoading && <Spinner className="size-3.5" />}
      {isLoading ? 'Loading more...' : `Load more (${formatCount(remaining)} more)`}
    </button>
  );
}
