import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code loads on first use (issue 15 §4: the first screen ships without dialogs,
 * their form library and their schemas). Nothing renders until it first opens; the opener then
 * waits for the chunk (no spinner: it is a few kilobytes from the same server, and a flash of
 * a loader would be worse than the pause). Once opened it stays mounted, so later openings are
 * instant and closings keep their focus return, exactly as an eagerly loaded dialog.
 * `preload()` starts the download early, for example when the pointer reaches the opener.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load());
  const Lazy = lazy(() => preload().then((Component) => ({ default: Component })));
  function LazyDialog(props: P) {
    const [hasOpened, setHasOpened] = useState(props.open);
    // Derived from the props during render (React's documented pattern for it), so the first
    // opening renders the dialog in the same pass instead of one effect later.
    if (props.open && !hasOpened) setHasOpened(true);
    if (!hasOpened && !props.open) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload });
}
