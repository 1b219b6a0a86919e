import { CloudUpload } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';

export interface FileDropZoneProps {
  id: string;
  /** What the picker accepts, under the prompt: 'Up to 10 files, 25 MB each'. */
  hint?: string;
  disabled?: boolean;
  /** Smaller, for a form (Create Task). */
  compact?: boolean;
  onFiles: (files: File[]) => void;
}

const carriesFiles = (event: { dataTransfer: DataTransfer | null }) => event.dataTransfer?.types.includes('Files') === true;

/**
 * A real `<input type="file" multiple>` inside a drop zone. The input is visually hidden but is
 * the zone's one keyboard stop: Tab shows the zone focused, Enter or Space opens the picker, and
 * the prompt names it. Clicking anywhere in the zone opens the picker too; dropping files on it
 * picks them. While it is on screen, files dropped beside it are ignored rather than opened by
 * the browser (which would leave the app).
 */
export function FileDropZone({ id, hint, disabled = false, compact = false, onFiles }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them.
  const depth = useRef(0);

  useEffect(() => {
    const ignore = (event: globalThis.DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    window.addEventListener('dragover', ignore);
    window.addEventListener('drop', ignore);
    return () => {
      window.removeEventListener('dragover', ignore);
      window.removeEventListener('drop', ignore);
    };
  }, []);

  const onDragEnter = (event: DragEvent) => {
    if (!carriesFiles(event) || disabled) return;
    event.preventDefault();
    depth.current += 1;
    setIsDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setIsDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setIsDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length) onFiles(files);
  };
  // Browsers open a file input's picker on Space; Enter does in some only. Both, everywhere.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || disabled) return;
    event.preventDefault();
    input.current?.click();
  };

  return (
    <div className="relative" onDragEnter={onDragEnter} onDragOver={onDragOver} onDragLeave={onDragLeave} onDrop={onDrop}>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        disabled={disabled}
        aria-labelledby={`${id}-prompt`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="peer sr-only"
        onKeyDown={onKeyDown}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared, so that picking the same file again (after removing it) is a change too.
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed text-center transition-colors',
          'border-slate-300 bg-slate-50/60 hover:border-indigo-400 hover:bg-indigo-50/50 dark:border-slate-700 dark:bg-slate-800/30 dark:hover:border-indigo-500 dark:hover:bg-indigo-950/30',
          'peer-focus-visible:border-indigo-500 peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500/40 dark:peer-focus-visible:border-indigo-400',
          isDragging && 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/50',
          disabled && 'pointer-events-none opacity-60',
          compact ? 'px-4 py-4 sm:flex-row sm:gap-3 sm:text-left' : 'px-4 py-6',
        )}
      >
        <CloudUpload
          aria-hidden="true"
          className={cn('shrink-0', compact ? 'size-6' : 'mb-1 size-8', isDragging ? 'text-indigo-500' : 'text-slate-400 dark:text-slate-500')}
        />
        <span className="min-w-0">
          <span id={`${id}-prompt`} className="block text-sm text-slate-700 dark:text-slate-300">
            {isDragging ? (
              <span className="font-semibold text-indigo-700 dark:text-indigo-300">Drop the files to add them</span>
            ) : (
              <>
                <span className="font-semibold text-indigo-600 dark:text-indigo-400">Choose files</span> or drag and drop them here
              </>
            )}
          </span>
          {hint && (
            <span id={`${id}-hint`} className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">
              {hint}
            </span>
          )}
        </span>
      </label>
    </div>
  );
}
