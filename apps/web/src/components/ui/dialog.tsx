import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { InsideDialogContext, useCoveringDialog } from './covered-labels';
import { firstField, useFocusReturn } from './focus-return';

const sizes = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export const overlayClassName =
  'fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]';
export const panelClassName =
  'fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-slate-200 bg-white shadow-2xl focus:outline-none data-[state=open]:animate-[dialog-in_150ms_ease-out] dark:border-slate-700 dark:bg-slate-900';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  size?: keyof typeof sizes;
  children: ReactNode;
  /** Buttons under the body, right-aligned; forms usually render their own footer instead. */
  footer?: ReactNode;
}

/**
 * A modal dialog (Radix): focus starts on the first control of the body (not the close button),
 * is trapped inside, and goes back to where it was on close; Escape and the close button close
 * it, and the title names it for assistive technology.
 */
export function Dialog({ open, onOpenChange, title, description, size = 'md', children, footer }: DialogProps) {
  const body = useRef<HTMLDivElement>(null);
  const focusReturn = useFocusReturn();
  // The page's own labels step aside while this covers it (covered-labels.ts).
  useCoveringDialog(open);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClassName} />
        <DialogPrimitive.Content
          className={cn(panelClassName, sizes[size])}
          onOpenAutoFocus={(event) => {
            focusReturn.remember();
            const field = firstField(body.current);
            if (!field) return;
            event.preventDefault();
            field.focus();
          }}
          onCloseAutoFocus={focusReturn.restore}
          // Without a description Radix warns; say explicitly that there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-700">
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</DialogPrimitive.Title>
              {description && (
                <DialogPrimitive.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  {description}
                </DialogPrimitive.Description>
              )}
            </div>
            <DialogPrimitive.Close
              aria-label="Close"
              className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <div ref={body} className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
            <InsideDialogContext.Provider value={true}>{children}</InsideDialogContext.Provider>
          </div>
          {footer && <DialogFooter className="border-t border-slate-200 px-5 py-4 dark:border-slate-700">{footer}</DialogFooter>}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** A row of dialog buttons: stacked on phones, right-aligned from small screens up. */
export function DialogFooter({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>{children}</div>;
}
