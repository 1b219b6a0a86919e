import { arrow, autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react-dom';
import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export type Side = 'top' | 'bottom' | 'left' | 'right';

const ARROW_SIZE = 8;
const oppositeSide: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

/** The bubble of an open tooltip (tooltip.tsx), placed by Floating UI beside its trigger. */
export default function TooltipContent({ anchor, id, side, children }: { anchor: HTMLElement; id: string; side: Side; children: ReactNode }) {
  const arrowRef = useRef<HTMLDivElement>(null);
  const { refs, floatingStyles, placement, middlewareData } = useFloating({
    elements: { reference: anchor },
    placement: side,
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [offset(6), flip(), shift({ padding: 8 }), arrow({ element: arrowRef })],
  });
  const placedSide = placement.split('-')[0] as Side;
  const arrowAt = middlewareData.arrow;
  return createPortal(
    <div
      ref={refs.setFloating}
      id={id}
      role="tooltip"
      style={floatingStyles}
      className="pointer-events-none z-50 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
    >
      {children}
      <div
        ref={arrowRef}
        aria-hidden="true"
        className="absolute rotate-45 bg-slate-900 dark:bg-slate-100"
        style={{
          width: ARROW_SIZE,
          height: ARROW_SIZE,
          left: arrowAt?.x,
          top: arrowAt?.y,
          [oppositeSide[placedSide]]: -ARROW_SIZE / 2,
        }}
      />
    </div>,
    document.body,
  );
}
