import {
  cloneElement,
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { Side } from './tooltip-content';

/**
 * The tooltip's bubble, loaded when a tooltip first opens, and asked for as soon as the pointer
 * rests on a trigger: Floating UI and React DOM's portals are no part of a page's start (decision
 * 017, sixth pass).
 */
const loadContent = () => import('./tooltip-content');
const TooltipContent = lazy(loadContent);

/** The handlers a tooltip adds to its trigger; the trigger's own run first. */
interface TriggerProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
}

/** Hovering shows the tooltip after this long; keyboard focus shows it at once. */
const OPEN_DELAY_MS = 300;

/** One tooltip shows at a time: opening one closes the one before. */
let closeOpenTooltip: (() => void) | undefined;

/**
 * A tooltip on hover and keyboard focus. Its trigger must have an accessible name of its own
 * (the tooltip is a visual aid, not the label); while the tooltip shows, the trigger is also
 * described by it.
 *
 * It adds nothing to the page but the trigger's handlers until it opens: a screen of a hundred
 * icon buttons renders a hundred buttons, not a hundred popper trees. (Radix's tooltip, used
 * before, gave each trigger a provider, a popper and an effect that rendered every trigger a
 * second time; on the dashboard that second render was the first screen's longest task, issue 15
 * §4.) Positioning is Floating UI's, which Radix itself builds on: it flips to the other side
 * and shifts along the edge to stay on screen, and follows the trigger while open.
 */
export function Tooltip({ content, children, side = 'top' }: { content: ReactNode; children: ReactElement<TriggerProps>; side?: Side }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const pointerIsDown = useRef(false);
  const id = useId();
  const own = children.props;

  // Made once: they touch only refs and the state setter, so every render can share them (and
  // the tooltip that opens next can close this one through `closeOpenTooltip`).
  const [{ cancelTimer, close, open }] = useState(() => {
    const cancelTimer = () => {
      window.clearTimeout(timer.current);
      timer.current = undefined;
    };
    const close = () => {
      cancelTimer();
      setAnchor(null);
    };
    const open = (element: HTMLElement) => {
      cancelTimer();
      if (closeOpenTooltip !== close) closeOpenTooltip?.();
      closeOpenTooltip = close;
      setAnchor(element);
    };
    return { cancelTimer, close, open };
  });

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!anchor) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      if (closeOpenTooltip === close) closeOpenTooltip = undefined;
    };
  }, [anchor, close]);

  const trigger = cloneElement(children, {
    'aria-describedby': anchor ? [own['aria-describedby'], id].filter(Boolean).join(' ') : own['aria-describedby'],
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'touch') return;
      void loadContent();
      const element = event.currentTarget;
      cancelTimer();
      timer.current = window.setTimeout(() => open(element), OPEN_DELAY_MS);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      close();
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      // Focus that a click gives is not keyboard focus: no tooltip for it.
      pointerIsDown.current = true;
      document.addEventListener('pointerup', () => (pointerIsDown.current = false), { once: true });
      close();
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      close();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      if (!pointerIsDown.current) open(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      close();
    },
  });

  return (
    <>
      {trigger}
      {anchor && (
        <Suspense fallback={null}>
          <TooltipContent anchor={anchor} id={id} side={side}>
            {content}
          </TooltipContent>
        </Suspense>
      )}
    </>
  );
}
