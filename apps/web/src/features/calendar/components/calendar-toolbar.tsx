import { CalendarDays, CalendarRange, CheckSquare, ChevronLeft, ChevronRight, Layers, ListTodo } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { SegmentedToggle } from '@/components/ui/segmented-toggle';
import { Select } from '@/components/ui/select';
import type { CalendarView } from '../lib/calendar-dates';

/** Which kinds the calendar shows. */
export type KindFilter = 'all' | 'task' | 'todo';

const viewOptions = [
  { value: 'month', label: 'Month', Icon: CalendarDays },
  { value: 'week', label: 'Week', Icon: CalendarRange },
] as const;

const kindOptions = [
  { value: 'all', label: 'All', Icon: Layers },
  { value: 'task', label: 'Tasks', Icon: CheckSquare },
  { value: 'todo', label: 'Todos', Icon: ListTodo },
] as const;

export interface CalendarToolbarProps {
  title: string;
  view: CalendarView;
  onViewChange: (view: CalendarView) => void;
  onStep: (step: 1 | -1) => void;
  onToday: () => void;
  projects: ReadonlyArray<{ _id: string; name: string }> | undefined;
  projectId: string;
  onProjectChange: (projectId: string) => void;
  kind: KindFilter;
  onKindChange: (kind: KindFilter) => void;
}

/** Where the calendar is (previous, today, next; month or week) and what it shows (a project, a kind). */
export function CalendarToolbar({ title, view, onViewChange, onStep, onToday, projects, projectId, onProjectChange, kind, onKindChange }: CalendarToolbarProps) {
  const unit = view === 'month' ? 'month' : 'week';
  return (
    <div className="mb-4 flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <IconButton label={`Previous ${unit}`} icon={<ChevronLeft aria-hidden="true" className="size-5" />} onClick={() => onStep(-1)} />
          <IconButton label={`Next ${unit}`} icon={<ChevronRight aria-hidden="true" className="size-5" />} onClick={() => onStep(1)} />
        </div>
        <Button variant="secondary" onClick={onToday}>
          Today
        </Button>
        <h2 aria-live="polite" className="min-w-0 flex-1 text-lg font-semibold text-slate-900 dark:text-white" data-testid="calendar-title">
          {title}
        </h2>
        <SegmentedToggle label="View" options={viewOptions} value={view} onChange={onViewChange} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <span className="font-medium">Tasks</span>
          <Select aria-label="Whose tasks" value={projectId} onChange={(event) => onProjectChange(event.currentTarget.value)} className="min-w-48">
            <option value="">Assigned to me</option>
            {projects?.map((project) => (
              <option key={project._id} value={project._id}>
                All of {project.name}
              </option>
            ))}
          </Select>
        </label>
        <SegmentedToggle label="Show" options={kindOptions} value={kind} onChange={onKindChange} />
      </div>
    </div>
  );
}
