import { Users } from 'lucide-react';

export interface ConflictItem {
  label: string;
  /** Their value, as the form would show it. */
  value: string;
  /** This person had changed the field too: their value stays in the form. */
  isYoursKept: boolean;
}

/**
 * Someone else saved what this form edits: the form now holds the latest version with this
 * person's changes kept, and this says what the other person changed (before a save that would
 * otherwise silently replace it).
 */
export function ConflictNotice({ noun, items, isLoading }: { noun: string; items: ConflictItem[]; isLoading?: boolean }) {
  return (
    <div
      role="alert"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Users aria-hidden="true" className="size-4 shrink-0" />
        Someone else changed this {noun}.
      </p>
      {isLoading ? (
        <p className="mt-1">Loading the latest version… your changes are kept in the form.</p>
      ) : (
        <>
          <p className="mt-1">Here is the latest version; your changes are kept in the form. Save again to apply them.</p>
          {items.length > 0 && (
            <ul aria-label="Their changes" className="mt-2 space-y-0.5">
              {items.map((item) => (
                <li key={item.label} className="break-words">
                  <span className="font-medium">{item.label}:</span> {item.value}
                  {item.isYoursKept && <span className="text-amber-800 dark:text-amber-300"> (you changed it too: yours is kept)</span>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
