import { Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface InlineValueEditorProps {
  /** The field's name ('Due Date'), for the button's and the input's accessible names. */
  label: string;
  /** The value as the page shows it. */
  children: ReactNode;
  /** The value said to a screen reader ('Jan 5, 2026', 'Not set'). */
  valueText: string;
  /** The browser's own input: a date picker, or a small number field. */
  type: 'date' | 'number';
  /** The input's starting text ('2026-01-05', '8', ''). */
  initial: string;
  /** Checks and saves the text; answers an error to show (the input stays open), or null once sent. */
  onSave: (text: string) => string | null;
  isBusy?: boolean;
}

/**
 * A value edited in place (issue 18): the value is a button; pressing it shows the browser's
 * input in its place. Enter or leaving the input saves (when it changed), Escape puts it back;
 * focus returns to the button either way.
 */
export function InlineValueEditor({ label, children, valueText, type, initial, onSave, isBusy = false }: InlineValueEditorProps) {
  const [isEditing, setIsEditing] = useState(false);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const errorId = useId();

  useEffect(() => {
    if (!isEditing && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [isEditing]);

  const close = (refocus: boolean) => {
    returnFocus.current = refocus;
    setError(null);
    setIsEditing(false);
  };
  const commit = (refocus: boolean) => {
    if (text.trim() === initial) return close(refocus);
    const problem = onSave(text);
    if (problem) setError(problem);
    else close(refocus);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    }
  };

  if (isEditing) {
    return (
      <span className="flex flex-col gap-1">
        <input
          // Opened by the person's own press: the input takes the focus at once.
          autoFocus
          type={type}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => commit(false)}
          {...(type === 'number' ? { inputMode: 'numeric' as const, min: 0, max: 10000, step: 1 } : {})}
          className={cn(
            'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
            type === 'number' ? 'w-24' : 'w-40',
            error && 'border-red-500',
          )}
        />
        {error && (
          <span id={errorId} className="text-xs text-red-600 dark:text-red-400">
            {error}
          </span>
        )}
      </span>
    );
  }
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={`${label}: ${valueText}. Edit ${label.toLowerCase()}`}
      aria-busy={isBusy || undefined}
      disabled={isBusy}
      onClick={() => {
        setText(initial);
        setIsEditing(true);
      }}
      className="group -m-0.5 inline-flex items-center gap-1.5 rounded-md p-0.5 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 disabled:cursor-progress disabled:opacity-60 dark:hover:bg-slate-800"
    >
      {children}
      <Pencil aria-hidden="true" className="size-3 shrink-0 text-slate-400 opacity-60 group-hover:opacity-100 group-focus-visible:opacity-100" />
    </button>
  );
}
