import { Columns3, Table2 } from 'lucide-react';
import { SegmentedToggle } from '@/components/ui/segmented-toggle';
import type { TaskView } from '../lib/task-view';

const views = [
  { value: 'table', label: 'Table', Icon: Table2 },
  { value: 'board', label: 'Board', Icon: Columns3 },
] as const;

/** Table / Board: two pressed-state buttons. */
export function TaskViewToggle({ value, onChange }: { value: TaskView; onChange: (view: TaskView) => void }) {
  return <SegmentedToggle label="View" options={views} value={value} onChange={onChange} />;
}
