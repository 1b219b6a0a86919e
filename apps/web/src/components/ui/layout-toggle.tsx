import type { ListLayout } from '@tasklane/contract';
import { LayoutGrid, List } from 'lucide-react';
import { SegmentedToggle } from './segmented-toggle';

const layouts = [
  { value: 'cards', label: 'Cards', Icon: LayoutGrid },
  { value: 'list', label: 'List', Icon: List },
] as const;

/** Cards / List (issue 18), as the task view's Table / Board. */
export function LayoutToggle({ value, onChange }: { value: ListLayout; onChange: (layout: ListLayout) => void }) {
  return <SegmentedToggle label="Layout" options={layouts} value={value} onChange={onChange} />;
}

/**
 * 'Show completed (N)' (issue 18): completed and cancelled items are hidden by default; N is how
 * many the server left out. Once shown, 'Hide completed' puts the default back.
 */
export function ShowDoneToggle({ isShown, hiddenCount, onChange }: { isShown: boolean; hiddenCount: number; onChange: (isShown: boolean) => void }) {
  if (!isShown && hiddenCount === 0) return null;
  return (
    <button
      type="button"
      onClick={() => onChange(!isShown)}
      className="inline-flex h-9 shrink-0 items-center rounded-lg px-3 text-sm font-medium text-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:bg-indigo-950"
    >
      {isShown ? 'Hide completed' : `Show completed (${hiddenCount})`}
    </button>
  );
}
